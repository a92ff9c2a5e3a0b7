import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { type OrderRow, type OrderStatus, orders } from '#app/domain/orders/orders.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import { stripeSetup } from '../stripe-setup.server.ts';
import { providerAmount } from './intents.server.ts';

// Settling an order from its intent, whoever reports it first: the webhook, the browser's
// return or the reconciliation.

/** What settling an intent did to its order. */
export type Settled = { changed: boolean; order: OrderRow; from: OrderStatus; note: string };

/** Where an intent's status moves an order, and from which statuses it may. */
function targetOf(intent: Stripe.PaymentIntent): { to: OrderStatus; from: OrderStatus[] } | null {
  switch (intent.status) {
    case 'succeeded':
      return { to: 'processing', from: ['pending', 'on-hold', 'failed'] };
    case 'processing':
    case 'requires_capture':
      return { to: 'on-hold', from: ['pending'] };
    case 'requires_payment_method':
    case 'canceled':
      // Only a tried and refused payment fails the order; a fresh intent has no error yet.
      return intent.last_payment_error || intent.status === 'canceled'
        ? { to: 'failed', from: ['pending', 'on-hold'] }
        : null;
    default:
      return null;
  }
}

/**
 * Moves the order to where the intent says, exactly once: the order row is locked by the
 * status change and only the statuses the move starts from are accepted, so the webhook, the
 * return from the browser and the reconciliation may race and only one of them changes it.
 * The intent must be the order's own, for its amount and currency.
 */
export async function settleIntent(
  db: Tx,
  orderId: number,
  intent: Stripe.PaymentIntent,
): Promise<Settled | { changed: false; order: OrderRow | null; note: string }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { changed: false, order: null, note: 'unknown order' };
  if (order.paymentIntentId && order.paymentIntentId !== intent.id) {
    return { changed: false, order, note: 'another intent' };
  }
  if (intent.metadata?.order_id && intent.metadata.order_id !== String(order.id)) {
    return { changed: false, order, note: 'another order' };
  }
  if (
    intent.amount !== providerAmount(order) ||
    intent.currency.toLowerCase() !== order.currency.toLowerCase()
  ) {
    // Not this order's payment: nothing changes, and the event records why.
    return { changed: false, order, note: 'amount mismatch' };
  }
  if (!order.paymentIntentId) {
    await db
      .update(orders)
      .set({ paymentIntentId: intent.id })
      .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
  }
  const target = targetOf(intent);
  if (!target || order.status === target.to) return { changed: false, order, note: 'no change' };
  if (target.to === 'failed' && order.status === 'failed') {
    return { changed: false, order, note: 'no change' };
  }
  const moved = await transitionOrder(db, order.id, target.to, {
    expect: target.from,
    paid: target.to === 'processing',
    note: {
      code: target.to === 'failed' ? 'stripe.note.failed' : 'stripe.note.settled',
      params: { intent: intent.id, status: intent.status },
    },
  });
  if (!moved.ok) return { changed: false, order, note: moved.error.code };
  return { changed: true, order: moved.value.order, from: moved.value.from, note: target.to };
}

/** The setup of the running shop's card provider. */
export function stripeOf(env: Env): Stripe {
  return stripeSetup(env).stripe;
}

/** Reads the order's intent from the provider and settles the order from it. */
export async function refreshOrderPayment(db: Tx, stripe: Stripe, order: OrderRow) {
  if (!order.paymentIntentId) return null;
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  return { intent, settled: await settleIntent(db, order.id, intent) };
}

/**
 * A free trial's setup intent after the browser's step (3-D Secure): the order moves once,
 * like settleIntent does for payments.
 */
export async function settleSetupIntent(
  db: Tx,
  orderId: number,
  intent: Stripe.SetupIntent,
): Promise<Settled | { changed: false; order: OrderRow | null; note: string }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { changed: false, order: null, note: 'unknown order' };
  if (order.setupIntentId !== intent.id) return { changed: false, order, note: 'another intent' };
  if (intent.status !== 'succeeded') return { changed: false, order, note: 'no change' };
  const moved = await transitionOrder(db, order.id, 'processing', {
    expect: ['pending', 'failed'],
    paid: true,
    note: { code: 'stripe.note.settled', params: { intent: intent.id, status: intent.status } },
  });
  if (!moved.ok) return { changed: false, order, note: moved.error.code };
  return { changed: true, order: moved.value.order, from: moved.value.from, note: 'processing' };
}
