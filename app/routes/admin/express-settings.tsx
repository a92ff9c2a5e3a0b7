import { useActionData } from 'react-router';
import type { Route } from './+types/express-settings';
import { ExpressSettingsForm } from '#app/components/admin/express-settings.tsx';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { SectionChanges } from '#app/components/admin/shop-settings.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  handleExpressSettingsForm,
  loadExpressSettings,
} from '#app/http/admin/express-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadExpressSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleExpressSettingsForm(args);
}

/** Where Apple Pay and Google Pay show, and how their buttons look. */
export default function ExpressSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<SettingsAnswer>();
  const { settings, defaults, version, limits, changes, security, saved } = loaderData;
  return (
    <SettingsPage
      title="admin.expressSettings.title"
      className="admin-express-settings"
      saved={saved}
      refusal={answer}
    >
      <ExpressSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : `saved-${version}`}
        settings={settings}
        defaults={defaults}
        limits={limits}
        security={security}
        version={version}
        answer={answer}
      />
      <SectionChanges changes={changes} />
    </SettingsPage>
  );
}
