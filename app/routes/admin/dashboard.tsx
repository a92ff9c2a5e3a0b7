import type { Route } from './+types/dashboard';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { RevenueTable, SalesCard, TodoList } from '#app/components/admin/dashboard.tsx';
import { RevenueChart } from '#app/components/admin/revenue-chart.tsx';
import { NEW_SUBMISSION_DAYS, submissionsHref } from '#app/domain/forms/submissions.view.ts';
import { loadDashboard } from '#app/http/admin/dashboard.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { Notice } from '#app/components/ui/notice.tsx';

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
  const { sales, todo, disabledWebhooks } = loaderData;
  return (
    <AdminPage title={t('admin.dashboard')}>
      {disabledWebhooks.length > 0 && (
        <Notice kind="error">
          {t('admin.webhooks.dashboard_notice', { names: disabledWebhooks.join(', ') })}
        </Notice>
      )}
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
              key: 'admin.dash.bank_transfers',
              count: todo.bankTransfers,
              to: '/admin/orders?status=on-hold&payment=bacs',
            },
            {
              key: 'admin.dash.invoices',
              count: todo.invoices,
              to: '/admin/orders?status=on-hold&payment=invoice',
            },
            { key: 'admin.todo.failed', count: todo.failed, to: '/admin/orders?status=failed' },
            { key: 'admin.todo.reviews', count: todo.reviews, to: '/admin/reviews' },
            {
              key: 'admin.dash.messages',
              count: todo.contact,
              to: submissionsHref({ days: NEW_SUBMISSION_DAYS }),
            },
            { key: 'admin.dash.low_stock', count: todo.lowStock, to: '/admin/products?stock=low' },
          ]}
        />
      </div>
      <p className="admin-hint">{t('admin.sales_note')}</p>
      <section className="admin-card admin-chart" aria-labelledby="admin-chart-heading">
        <h2 id="admin-chart-heading">{t('admin.dash.chart_heading')}</h2>
        <RevenueChart days={sales.days} />
      </section>
      <RevenueTable days={sales.days} />
    </AdminPage>
  );
}
