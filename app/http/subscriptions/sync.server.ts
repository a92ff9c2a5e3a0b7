import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { syncOrderSubscriptions } from '#app/domain/subscriptions/subscriptions.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';

/**
 * The order's subscriptions follow its payment (activated, renewed). Never fails the caller:
 * the order's own change is done, and the next change or the renewal job picks it up.
 */
export async function syncSubscriptions(
  ctx: { db: Tx; env: Env },
  order: Pick<OrderRow, 'id'>,
): Promise<void> {
  try {
    await syncOrderSubscriptions(ctx.db, stripeSetup(ctx.env).stripe, order);
  } catch (error) {
    console.error('subscriptions: sync failed', order.id, (error as Error).message);
  }
}
