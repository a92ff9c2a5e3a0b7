import { useActionData } from 'react-router';
import type { Route } from './+types/tax-settings';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import {
  TaxSettingChanges,
  TaxSettingsForm,
  VatRateTable,
} from '#app/components/admin/tax-settings.tsx';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { handleTaxSettingsForm, loadTaxSettings } from '#app/http/admin/tax-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadTaxSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleTaxSettingsForm(args);
}

/** OSS, the small-business mode and the VAT rates the cart applies. */
export default function TaxSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<TaxSettingsAnswer>();
  const { settings, version, rates, changes, security, saved } = loaderData;
  return (
    <SettingsPage
      title="admin.taxSettings.title"
      className="admin-tax-settings"
      saved={saved}
      savedText={{ yes: 'admin.taxSettings.saved', unchanged: 'admin.taxSettings.unchanged' }}
      refusal={answer}
    >
      <TaxSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : 'saved'}
        settings={settings}
        security={security}
        version={version}
        answer={answer}
      />
      <VatRateTable rates={rates} />
      <TaxSettingChanges changes={changes} />
    </SettingsPage>
  );
}
