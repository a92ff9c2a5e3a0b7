import { useActionData } from 'react-router';
import type { Route } from './+types/shipping-zone';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  DeleteZone,
  SHIPPING_PATH,
  ZoneChanges,
  ZoneForm,
} from '#app/components/admin/shipping-zones.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { handleShippingZoneForm, loadShippingZone } from '#app/http/admin/shipping-zones.server.ts';
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
  return loadShippingZone(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleShippingZoneForm(args);
}

/** One shipping zone: where it applies, its methods and their costs, its recent changes. */
export default function ShippingZonePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { zone, countries, classes, changes, heading, notice, security } = loaderData;
  return (
    <AdminPage
      title={heading}
      crumbs={[
        { label: t('admin.settings.nav'), to: '/admin/settings' },
        { label: t('admin.shipping.title'), to: SHIPPING_PATH },
      ]}
      className="admin-shipping"
    >
      {notice && !answer && (
        <Notice kind="success">{t(`admin.shipping.done_${notice}` as TextKey)}</Notice>
      )}
      <ErrorSummary answer={answer} />
      <ZoneForm
        key={`${zone?.version ?? 'new'}-${answer ? JSON.stringify(answer.errors) : ''}`}
        zone={zone}
        countries={countries}
        classes={classes}
        security={security}
        answer={answer}
      />
      {zone && !zone.restOfWorld && <DeleteZone security={security} answer={answer} />}
      {zone && <ZoneChanges changes={changes} />}
    </AdminPage>
  );
}
