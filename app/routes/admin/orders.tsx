import { Fragment } from 'react';
import { useLocation } from 'react-router';
import type { Route } from './+types/orders';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  ActiveFilters,
  OrderFilters,
  OrderSearch,
  useSlashToSearch,
} from '#app/components/admin/order-filters.tsx';
import { BulkBar, OrderTable, StatusTabs } from '#app/components/admin/order-list.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { handleBulkOrders, loadOrderList } from '#app/http/admin/order-list.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import { KeysetPager } from '#app/components/admin/keyset-pager.tsx';
import { adminOrdersHref } from '#app/domain/orders/admin-orders.view.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin', 'order'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleBulkOrders(args);
}

function BulkNotice({ notice }: { notice: Route.ComponentProps['loaderData']['notice'] }) {
  const { t } = useI18n();
  if (!notice) return null;
  if (notice.kind === 'error')
    return <Notice kind="error">{t(`admin.list.${notice.code}` as TextKey)}</Notice>;
  const skipped = notice.skipped.map((s) =>
    t('admin.list.skipped', { number: s.number, status: t(`order.status.${s.from}` as TextKey) }),
  );
  if (notice.more > 0) skipped.push(t('admin.list.skipped_more', { count: notice.more }));
  const text = [
    t(`admin.list.done.${notice.status}` as TextKey, { count: notice.count }),
    ...skipped,
  ].join('; ');
  return <Notice kind={skipped.length > 0 ? 'info' : 'success'}>{text}</Notice>;
}

/** All orders: status tabs, search, filters, sortable columns, bulk actions and keyset pages, all in the URL. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page, tabs, options, customerName, notice, security } = loaderData;
  const location = useLocation();
  useSlashToSearch();
  return (
    <AdminPage title={t('admin.orders')} crumbs={[]}>
      <BulkNotice notice={notice} />
      <StatusTabs tabs={tabs} query={query} />
      <OrderSearch query={query} />
      <OrderFilters query={query} options={options} />
      <ActiveFilters query={query} options={options} customerName={customerName} />
      {/* Keyed by the visit: after a bulk change the ticks and the action start afresh. */}
      <Fragment key={location.key}>
        {page.rows.length > 0 && <BulkBar query={query} security={security} />}
        <OrderTable page={page} query={query} />
      </Fragment>
      <KeysetPager page={page} href={(cursor) => adminOrdersHref({ ...query, ...cursor })} />
    </AdminPage>
  );
}
