import { useActionData } from 'react-router';
import type { Route } from './+types/invoice-settings';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import {
  InvoiceSettingChanges,
  InvoiceSettingsForm,
} from '#app/components/admin/invoice-settings.tsx';
import type { InvoiceSettingsAnswer } from '#app/domain/invoices/invoice-settings.view.ts';
import {
  handleInvoiceSettingsForm,
  loadInvoiceSettings,
} from '#app/http/admin/invoice-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadInvoiceSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleInvoiceSettingsForm(args);
}

/** When invoices are issued, how they are numbered and what they say about the seller. */
export default function InvoiceSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<InvoiceSettingsAnswer>();
  const { settings, version, defaults, year, nextSequence, owner, changes, security, saved } =
    loaderData;
  return (
    <SettingsPage
      title="admin.invoiceSettings.title"
      className="admin-invoice-settings"
      saved={saved}
      savedText={{
        yes: 'admin.invoiceSettings.saved',
        unchanged: 'admin.invoiceSettings.unchanged',
      }}
      refusal={answer}
    >
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
    </SettingsPage>
  );
}
