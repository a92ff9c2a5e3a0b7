import { useActionData } from 'react-router';
import type { Route } from './+types/shop-settings';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { SectionChanges, ShopSettingsForm } from '#app/components/admin/shop-settings.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import { handleShopSettingsForm, loadShopSettings } from '#app/http/admin/shop-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadShopSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleShopSettingsForm(args);
}

/** Who runs the shop, the notice every page shows, and whether the shop is open yet. */
export default function ShopSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<SettingsAnswer>();
  const { settings, version, defaults, defaultName, changes, security, saved } = loaderData;
  return (
    <SettingsPage
      title="admin.shopSettings.title"
      className="admin-shop-settings"
      saved={saved}
      refusal={answer}
    >
      <ShopSettingsForm
        // A refused post shows what was typed: the form starts afresh from the answer.
        key={answer ? JSON.stringify(answer.values ?? {}) : `saved-${version}`}
        settings={settings}
        defaults={defaults}
        defaultName={defaultName}
        security={security}
        version={version}
        answer={answer}
      />
      <SectionChanges changes={changes} />
    </SettingsPage>
  );
}
