import { useActionData } from 'react-router';
import type { Route } from './+types/invoice-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  InvoiceSettingChanges,
  InvoiceSettingsForm,
} from '#app/components/admin/invoice-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { InvoiceSettingsAnswer } from '#app/domain/invoices/invoice-settings.view.ts';
import {
  handleInvoiceSettingsForm,
  loadInvoiceSettings,
} from '#app/http/admin/invoice-settings.server.ts';
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
  return loadInvoiceSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleInvoiceSettingsForm(args);
}

/** When invoices are issued, how they are numbered and what they say about the seller. */
export default function InvoiceSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<InvoiceSettingsAnswer>();
  const { settings, version, defaults, year, nextSequence, owner, changes, security, saved } =
    loaderData;
  return (
    <AdminPage
      title={t('admin.invoiceSettings.title')}
      crumbs={[{ label: t('admin.settings.nav') }]}
      className="admin-invoice-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.invoiceSettings.saved' : 'admin.invoiceSettings.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <InvoiceSettingsForm
        // A refused post shows what was typed: the form starts afresh from the answer.
        key={answer ? JSON.stringify(answer.values ?? {}) : 'saved'}
        settings={settings}
        numbering={{ year, nextSequence, defaults }}
        owner={owner}
        security={security}
        version={version}
        answer={answer}
      />
      <InvoiceSettingChanges changes={changes} />
    </AdminPage>
  );
}
