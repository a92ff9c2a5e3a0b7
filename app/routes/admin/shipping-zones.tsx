import { Link, useActionData } from 'react-router';
import type { Route } from './+types/shipping-zones';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { SHIPPING_PATH, ZoneList } from '#app/components/admin/shipping-zones.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import {
  handleShippingZonesForm,
  loadShippingZones,
} from '#app/http/admin/shipping-zones.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import settingsStyles from '#app/styles/admin-settings.css?url';
import stylesheet from '#app/styles/admin-shipping.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: settingsStyles },
  { rel: 'stylesheet', href: stylesheet },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadShippingZones(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleShippingZonesForm(args);
}

/** The shipping zones in the order the cart matches a destination against them. */
export default function ShippingZonesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { zones, notice, security } = loaderData;
  return (
    <AdminPage
      title={t('admin.shipping.title')}
      crumbs={[{ label: t('admin.settings.nav'), to: '/admin/settings' }]}
      className="admin-shipping"
      actions={
        <Link to={`${SHIPPING_PATH}/new`} className="button">
          {t('admin.shipping.add_zone')}
        </Link>
      }
    >
      {notice && !answer && (
        <Notice kind="success">{t(`admin.shipping.done_${notice}` as TextKey)}</Notice>
      )}
      <ErrorSummary answer={answer} />
      <p>{t('admin.shipping.intro')}</p>
      <ZoneList zones={zones} security={security} />
    </AdminPage>
  );
}
