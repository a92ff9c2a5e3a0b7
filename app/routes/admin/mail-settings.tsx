import { useActionData } from 'react-router';
import type { Route } from './+types/mail-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  MailPreviewCard,
  MailSettingChanges,
  MailSettingsForm,
  TestSendForm,
} from '#app/components/admin/mail-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { MailSettingsAnswer } from '#app/domain/settings/mail-settings.view.ts';
import { handleMailSettingsForm, loadMailSettings } from '#app/http/admin/mail-settings.server.ts';
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
  return loadMailSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleMailSettingsForm(args);
}

/** The shop's mails: who they come from, which go out, how each reads, and a test send. */
export default function MailSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<MailSettingsAnswer>();
  const { sender, defaults, rows, preview, staffEmail, version, changes, security, saved } =
    loaderData;
  const refusedSave = answer?.intent === 'settings' ? answer : undefined;
  return (
    <AdminPage
      title={t('admin.mailSettings.title')}
      crumbs={[{ label: t('admin.settings.nav'), to: '/admin/settings' }]}
      className="admin-mail-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.shopSettings.saved' : 'admin.shopSettings.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={refusedSave as never} />
      {preview && <MailPreviewCard preview={preview} />}
      <MailSettingsForm
        key={refusedSave ? JSON.stringify(refusedSave.values ?? {}) : `saved-${version}`}
        sender={sender}
        defaults={defaults}
        rows={rows}
        security={security}
        version={version}
        answer={answer}
      />
      <TestSendForm
        rows={rows}
        staffEmail={staffEmail}
        security={security}
        answer={answer}
        chosen={preview ? { kind: preview.kind, locale: preview.locale } : null}
      />
      <MailSettingChanges changes={changes} />
    </AdminPage>
  );
}
