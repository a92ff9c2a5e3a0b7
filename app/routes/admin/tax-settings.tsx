import { useActionData } from 'react-router';
import type { Route } from './+types/tax-settings';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { TaxSettingChanges, TaxSettingsForm } from '#app/components/admin/tax-settings.tsx';
import { VatRatesForm } from '#app/components/admin/vat-rates-form.tsx';
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
  const { settings, version, rates, defaults, ratesVersion, changes, security, saved } = loaderData;
  const own = answer?.intent === 'tax-settings' ? answer : undefined;
  const ratesAnswer = answer?.intent === 'tax-rates' ? answer : undefined;
  return (
    <SettingsPage
      title="admin.taxSettings.title"
      className="admin-tax-settings"
      saved={saved}
      savedText={{ yes: 'admin.taxSettings.saved', unchanged: 'admin.taxSettings.unchanged' }}
      refusal={answer}
    >
      <TaxSettingsForm
        key={own ? JSON.stringify(own.values ?? {}) : 'saved'}
        settings={settings}
        security={security}
        version={version}
        answer={own}
      />
      <VatRatesForm
        key={ratesAnswer ? JSON.stringify(ratesAnswer.values ?? {}) : ratesVersion}
        rates={rates}
        defaults={defaults}
        version={ratesVersion}
        security={security}
        answer={ratesAnswer}
      />
      <TaxSettingChanges changes={changes} />
    </SettingsPage>
  );
}
