import { useActionData } from 'react-router';
import type { Route } from './+types/mail-settings';
import {
  MailPreviewCard,
  MailSettingChanges,
  MailSettingsForm,
  TestSendForm,
} from '#app/components/admin/mail-settings.tsx';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import type { MailSettingsAnswer } from '#app/domain/settings/mail-settings.view.ts';
import { handleMailSettingsForm, loadMailSettings } from '#app/http/admin/mail-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadMailSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleMailSettingsForm(args);
}

/** The shop's mails: who they come from, which go out, how each reads, and a test send. */
export default function MailSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<MailSettingsAnswer>();
  const { sender, defaults, rows, preview, staffEmail, version, changes, security, saved } =
    loaderData;
  const refusedSave = answer?.intent === 'settings' ? answer : undefined;
  return (
    <SettingsPage
      title="admin.mailSettings.title"
      className="admin-mail-settings"
      saved={saved}
      refusal={refusedSave as never}
      posted={answer !== undefined}
    >
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
    </SettingsPage>
  );
}
