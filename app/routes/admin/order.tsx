import type { Route } from './+types/order';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  AuditTable,
  OrderLines,
  OrderSide,
  OrderTimeline,
} from '#app/components/admin/order-detail.tsx';
import { OrderInvoices } from '#app/components/admin/order-invoices.tsx';
import { loadOrderDetail } from '#app/http/admin/orders.server.ts';
import { type MessagesHandle, type TextKey, formatDateTime, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'order', 'cart', 'coupon'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadOrderDetail(args, handle.messageAreas);
}

/** One order, read-only: lines and totals, timeline and change log beside customer and payment. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { order, lines, notes, audit, paidAt } = loaderData;
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
      <div className="admin-columns">
        <div className="admin-column-main">
          <OrderLines order={order} lines={lines} />
          <OrderInvoices panel={loaderData.invoices} />
          <OrderTimeline notes={notes} />
          <AuditTable entries={audit} />
        </div>
        <div className="admin-column-side">
          <OrderSide order={order} paidAt={paidAt} />
        </div>
      </div>
    </AdminPage>
  );
}
