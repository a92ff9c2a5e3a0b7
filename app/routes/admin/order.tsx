import { useActionData } from 'react-router';
import type { Route } from './+types/order';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { OrderActionsPanel } from '#app/components/admin/order-actions.tsx';
import { ErrorSummary, refusalFor } from '#app/components/admin/form-errors.tsx';
import {
  AuditTable,
  OrderLines,
  OrderSide,
  OrderTimeline,
} from '#app/components/admin/order-detail.tsx';
import { OrderShipments } from '#app/components/admin/order-shipments.tsx';
import { OrderNoteForm } from '#app/components/admin/order-notes.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { handleOrderAction } from '#app/http/admin/order-actions.server.ts';
import { OrderInvoices } from '#app/components/admin/order-invoices.tsx';
import { loadOrderDetail } from '#app/http/admin/orders.server.ts';
import { shipOrder } from '#app/http/admin/shipments.server.ts';
import { OrderRefunds } from '#app/components/admin/order-refunds.tsx';
import { loadRefundPanel, refundAction } from '#app/http/admin/refunds.server.ts';
import { staffShop } from '#app/http/admin/staff.server.ts';
import { type MessagesHandle, type TextKey, formatDateTime, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-order-actions.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'order', 'cart', 'coupon', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const [detail, refunds] = await Promise.all([
    loadOrderDetail(args, handle.messageAreas),
    loadRefundPanel(args),
  ]);
  return { ...detail, refunds };
}

/**
 * The order's forms, told apart by `intent`: parcels and refunds here, status changes, mark paid, cancel,
 * mails again and notes in the order actions; staff only (404 for everyone else).
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get('intent');
  if (intent === 'ship') return shipOrder(args);
  if (intent === 'refund' && form) {
    await staffShop(args);
    return refundAction(args, form);
  }
  return handleOrderAction(args);
}

/** One order: lines, totals, timeline with notes and change log beside addresses, payment and actions. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { order, lines, notes, audit, paidAt, stripePayment, actions, done, refunds } = loaderData;
  return (
    <AdminPage
      title={t('admin.order_title', { number: order.number })}
      crumbs={[{ label: t('admin.orders'), to: '/admin/orders' }]}
    >
      <p className="admin-lead">
        <span className={`admin-status is-${order.status}`}>
          {t(`order.status.${order.status}` as TextKey)}
        </span>{' '}
        {t('admin.placed_on', { date: formatDateTime(order.createdAt, locale) })}
      </p>
      {done && !answer && <Notice kind="success">{done}</Notice>}
      <ErrorSummary answer={refusalFor(answer, 'unknown')} />
      <div className="admin-columns">
        <div className="admin-column-main">
          <OrderLines order={order} lines={lines} />
          <OrderShipments panel={loaderData.shipping} />
          {refunds && <OrderRefunds panel={refunds} currency={order.currency} />}
          <OrderInvoices panel={loaderData.invoices} />
          <OrderTimeline notes={notes} />
          <OrderNoteForm actions={actions} answer={answer} />
          <AuditTable entries={audit} />
        </div>
        <div className="admin-column-side">
          <OrderActionsPanel actions={actions} answer={answer} />
          <OrderSide
            order={order}
            paidAt={paidAt}
            stripePayment={stripePayment}
            editHref={actions.addressEditable ? `/admin/orders/${order.id}/address` : null}
          />
        </div>
      </div>
    </AdminPage>
  );
}
