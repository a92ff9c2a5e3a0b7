import { Link, useActionData } from 'react-router';
import type { Route } from './+types/order-address';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ErrorSummary, refusalFor } from '#app/components/admin/form-errors.tsx';
import { OrderAddressForm } from '#app/components/admin/order-address-form.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { handleAddressForm, loadAddressPage } from '#app/http/admin/order-actions.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-order-actions.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'order', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadAddressPage(args, handle.messageAreas);
}

/** Saves one of the two addresses (`kind`), judged by the checkout's rules. */
export async function action(args: Route.ActionArgs) {
  return handleAddressForm(args);
}

/** The order's billing and shipping address, editable until the order has shipped. */
export default function OrderAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { order, editable, billing, shipping, security } = loaderData;
  const back = `/admin/orders/${order.id}`;
  return (
    <AdminPage
      title={t('admin.action.address_title', { number: order.number })}
      crumbs={[
        { label: t('admin.orders'), to: '/admin/orders' },
        { label: t('admin.order_title', { number: order.number }), to: back },
      ]}
    >
      <ErrorSummary answer={refusalFor(answer, 'address')} />
      {editable ? (
        <div className="admin-address-forms">
          <OrderAddressForm kind="billing" address={billing} security={security} answer={answer} />
          <OrderAddressForm
            kind="shipping"
            address={shipping}
            security={security}
            answer={answer}
          />
        </div>
      ) : (
        <Notice kind="info">{t('admin.action.error.address_locked')}</Notice>
      )}
      <p>
        <Link to={back}>{t('admin.action.back_to_order', { number: order.number })}</Link>
      </p>
    </AdminPage>
  );
}
