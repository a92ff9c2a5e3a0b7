import type { Route } from './+types/dashboard';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { RevenueTable, SalesCard, TodoList } from '#app/components/admin/dashboard.tsx';
import { loadDashboard } from '#app/http/admin/dashboard.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadDashboard(args, handle.messageAreas);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { sales, todo } = loaderData;
  return (
    <AdminPage title={t('admin.dashboard')}>
      <div className="admin-cards">
        <SalesCard heading={t('admin.today')} figures={sales.today} />
        <SalesCard heading={t('admin.last_30_days')} figures={sales.month} />
        <TodoList
          items={[
            {
              key: 'admin.todo.to_ship',
              count: todo.toShip,
              to: '/admin/orders?status=processing',
            },
            {
              key: 'admin.todo.awaiting_payment',
              count: todo.awaitingPayment,
              to: '/admin/orders?status=on-hold',
            },
            { key: 'admin.todo.failed', count: todo.failed, to: '/admin/orders?status=failed' },
            { key: 'admin.todo.reviews', count: todo.reviews, to: '/admin/reviews' },
          ]}
        />
      </div>
      <p className="admin-hint">{t('admin.sales_note')}</p>
      <RevenueTable days={sales.days} />
    </AdminPage>
  );
}
