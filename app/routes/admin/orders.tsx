import type { Route } from './+types/orders';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  KeysetPager,
  OrderSearch,
  OrderTable,
  StatusTabs,
} from '#app/components/admin/order-list.tsx';
import { loadOrderList } from '#app/http/admin/orders.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin', 'order'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, handle.messageAreas);
}

/** All orders: status tabs, search, sortable columns and keyset pages, all in the URL. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page, tabs } = loaderData;
  return (
    <AdminPage title={t('admin.orders')} crumbs={[]}>
      <StatusTabs tabs={tabs} query={query} />
      <OrderSearch query={query} />
      <OrderTable page={page} query={query} />
      <KeysetPager page={page} query={query} />
    </AdminPage>
  );
}
