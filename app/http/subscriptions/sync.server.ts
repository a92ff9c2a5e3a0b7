import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { syncOrderSubscriptions } from '#app/domain/subscriptions/subscriptions.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import { renewalMails } from '../mail/subscription-mails.server.ts';

/** The statuses a renewal order's payment leaves it in (a debit on its way counts as paid). */
const RENEWAL_PAYMENT_STATUSES: readonly OrderRow['status'][] = ['processing', 'on-hold'];

/**
 * The order's subscriptions follow its payment (activated, renewed). Never fails the caller:
 * the order's own change is done, and the next change or the renewal job picks it up.
 *
 * A renewal order's payment is announced by the subscription's "renewal paid" mail instead of
 * the order mails, sent only by the caller whose sync moved the subscription, so the webhook,
 * the browser's return and the reconciliation send it once between them. Returns true when
 * the caller's order mails are to be left out.
 */
export async function syncSubscriptions(
  ctx: { db: Tx; env: Env },
  order: OrderRow,
): Promise<boolean> {
  let moved: Awaited<ReturnType<typeof syncOrderSubscriptions>> = [];
  try {
    moved = await syncOrderSubscriptions(ctx.db, stripeSetup(ctx.env).stripe, order);
  } catch (error) {
    console.error('subscriptions: sync failed', order.id, (error as Error).message);
  }
  if (order.subscriptionId === null || !RENEWAL_PAYMENT_STATUSES.includes(order.status)) {
    return false;
  }
  const renewed = moved.find((s) => s.id === order.subscriptionId);
  if (renewed) {
    await renewalMails(ctx.db, ctx.env, [{ subscription: renewed, order, result: 'paid' }]);
  }
  return true;
}
