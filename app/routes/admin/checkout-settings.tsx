import { useActionData } from 'react-router';
import type { Route } from './+types/checkout-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { CheckoutSettingsForm, SectionChanges } from '#app/components/admin/shop-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  handleCheckoutSettingsForm,
  loadCheckoutSettings,
} from '#app/http/admin/shop-settings.server.ts';
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
  return loadCheckoutSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCheckoutSettingsForm(args);
}

/** Whether guests may buy, how long goods and guest carts are held, and the stock mails. */
export default function CheckoutSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<SettingsAnswer>();
  const { settings, version, limits, changes, security, saved } = loaderData;
  return (
    <AdminPage
      title={t('admin.checkoutSettings.title')}
      crumbs={[{ label: t('admin.settings.nav'), to: '/admin/settings' }]}
      className="admin-checkout-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.shopSettings.saved' : 'admin.shopSettings.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <CheckoutSettingsForm
        key={answer ? JSON.stringify(answer.values ?? {}) : `saved-${version}`}
        settings={settings}
        limits={limits}
        security={security}
        version={version}
        answer={answer}
      />
      <SectionChanges changes={changes} />
    </AdminPage>
  );
}
