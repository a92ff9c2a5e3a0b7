import { orderStatusCounts, salesSummary } from '#app/domain/orders/admin-orders.server.ts';
import { pendingReviews } from '#app/domain/reviews/reviews.server.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

/** The dashboard: sales of today and the last 30 days, and what waits for someone. */
export async function loadDashboard(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const [sales, counts, reviews] = await Promise.all([
    salesSummary(db, new Date()),
    orderStatusCounts(db),
    pendingReviews(db, { page: 1, perPage: 1, locale }),
  ]);
  return {
    sales,
    todo: {
      toShip: counts.processing,
      awaitingPayment: counts['on-hold'],
      failed: counts.failed,
      reviews: reviews.total,
    },
    title: `${t('admin.dashboard')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}
