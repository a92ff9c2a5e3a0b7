import { useActionData } from 'react-router';
import type { Route } from './+types/checkout-settings';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { CheckoutSettingsForm, SectionChanges } from '#app/components/admin/shop-settings.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  handleCheckoutSettingsForm,
  loadCheckoutSettings,
} from '#app/http/admin/shop-settings.server.ts';

export const links = settingsLinks;
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCheckoutSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCheckoutSettingsForm(args);
}

/** Whether guests may buy, how long goods and guest carts are held, and the stock mails. */
export default function CheckoutSettingsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<SettingsAnswer>();
  const { settings, version, limits, changes, security, saved } = loaderData;
  return (
    <SettingsPage
      title="admin.checkoutSettings.title"
      className="admin-checkout-settings"
      saved={saved}
      refusal={answer}
    >
      <CheckoutSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : `saved-${version}`}
        settings={settings}
        limits={limits}
        security={security}
        version={version}
        answer={answer}
      />
      <SectionChanges changes={changes} />
    </SettingsPage>
  );
}
