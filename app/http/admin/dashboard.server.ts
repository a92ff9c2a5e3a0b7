import { stockCount } from '#app/domain/catalog/stock-admin.server.ts';
import { newSubmissionCount } from '#app/domain/forms/submissions-admin.server.ts';
import { orderStatusCounts, salesSummary } from '#app/domain/orders/admin-orders.server.ts';
import { awaitingPaymentCounts } from '#app/domain/orders/awaiting-payment.server.ts';
import { pendingReviews } from '#app/domain/reviews/reviews.server.ts';
import { disabledWebhookNames } from '#app/domain/webhooks/webhooks.server.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

/** The dashboard: sales of today and the last 30 days, and what waits for someone. */
export async function loadDashboard(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const now = new Date();
  const [sales, counts, awaiting, reviews, contact, lowStock] = await Promise.all([
    salesSummary(db, now),
    orderStatusCounts(db),
    awaitingPaymentCounts(db),
    pendingReviews(db, { page: 1, perPage: 1, locale }),
    newSubmissionCount(db, now),
    stockCount(db, 'low'),
  ]);
  return {
    sales,
    todo: {
      toShip: counts.processing,
      bankTransfers: awaiting.bacs,
      invoices: awaiting.invoice,
      failed: counts.failed,
      reviews: reviews.total,
      contact,
      lowStock,
    },
    // Every staff member learns of a webhook that stopped; administrators can mend it.
    disabledWebhooks: await disabledWebhookNames(db),
    title: `${t('admin.dashboard')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}
