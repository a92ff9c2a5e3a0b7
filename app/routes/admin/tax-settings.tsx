import { useActionData } from 'react-router';
import type { Route } from './+types/tax-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  TaxSettingChanges,
  TaxSettingsForm,
  VatRateTable,
} from '#app/components/admin/tax-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { handleTaxSettingsForm, loadTaxSettings } from '#app/http/admin/tax-settings.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-settings.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadTaxSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleTaxSettingsForm(args);
}

/** OSS, the small-business mode and the VAT rates the cart applies. */
export default function TaxSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<TaxSettingsAnswer>();
  const { settings, version, rates, changes, security, saved } = loaderData;
  return (
    <AdminPage
      title={t('admin.taxSettings.title')}
      crumbs={[{ label: t('admin.settings.nav') }]}
      className="admin-tax-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.taxSettings.saved' : 'admin.taxSettings.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <TaxSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : 'saved'}
        settings={settings}
        security={security}
        version={version}
        answer={answer}
      />
      <VatRateTable rates={rates} />
      <TaxSettingChanges changes={changes} />
    </AdminPage>
  );
}
