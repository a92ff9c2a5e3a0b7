import { and, asc, eq, gt, inArray, isNull, like, lt, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { type Settled, settleIntent } from './settlement.server.ts';
import { intentCreateParams, intentKeys } from './intents.server.ts';
import { stripeEvents } from './stripe.schema.ts';
import { reconcileStripeRefund, refundsOfCharge } from './refunds.server.ts';
import { recordChargeDetails } from './charge-details.server.ts';

/** What one event came to; `settled` is set when it changed an order. */
export type EventResult = { outcome: string; settled: Settled | null };

/** Events that carry a refund, or a charge listing its refunds. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.amount_capturable_updated',
]);

/** Charge events whose charge the back office shows (card, 3-D Secure, mandate). */
const CHARGE_EVENTS = new Set(['charge.succeeded', 'charge.failed', 'charge.pending']);

/** The order an intent (or a charge of it) was made for: named in its metadata, or by its id. */
async function orderIdOf(
  db: Tx,
  metadata: Stripe.Metadata | null | undefined,
  intentId: string | null,
): Promise<number | null> {
  const named = Number(metadata?.order_id);
  if (Number.isSafeInteger(named) && named > 0 && named <= 2_147_483_647) return named;
  if (!intentId) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentIntentId, intentId));
  return row?.id ?? null;
}

/**
 * Acts on a verified webhook event exactly once: the event id is recorded in the same
 * transaction as its effect, so a duplicate (even one arriving at the same moment) waits for
 * the first and then finds it. The event's own snapshot of the intent decides, and the order
 * moves only from the statuses the move allows, so the order of arrival does not matter.
 */
export async function actOnEvent(db: Tx, event: Stripe.Event): Promise<EventResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: 'received' })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: 'duplicate', settled: null };
    let result: EventResult = { outcome: 'ignored', settled: null };
    let orderId: number | null = null;
    if (INTENT_EVENTS.has(event.type)) {
      const intent = event.data.object as Stripe.PaymentIntent;
      orderId = await orderIdOf(tx, intent.metadata, intent.id);
      if (orderId !== null) {
        const settled = await settleIntent(tx, orderId, intent);
        result = settled.changed
          ? { outcome: settled.note, settled: settled as Settled }
          : { outcome: settled.note, settled: null };
      } else {
        result = { outcome: 'unknown order', settled: null };
      }
    } else if (CHARGE_EVENTS.has(event.type)) {
      const charge = event.data.object as Stripe.Charge;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
      orderId = await orderIdOf(tx, charge.metadata, intentId);
      const [order] =
        orderId === null
          ? []
          : await tx
              .select({ id: orders.id, intentId: orders.paymentIntentId })
              .from(orders)
              .where(eq(orders.id, orderId));
      // A charge is kept only for the order whose intent it belongs to.
      if (order && intentId !== null && order.intentId === intentId) {
        await recordChargeDetails(tx, order.id, charge);
        result = { outcome: `charge ${charge.status}`, settled: null };
      } else {
        result = { outcome: 'unknown order', settled: null };
      }
    } else if (REFUND_EVENTS.has(event.type) || event.type === 'charge.refunded') {
      const refunds =
        event.type === 'charge.refunded'
          ? refundsOfCharge(event.data.object as Stripe.Charge)
          : [event.data.object as Stripe.Refund];
      const outcomes: string[] = [];
      for (const refund of refunds) {
        const reconciled = await reconcileStripeRefund(tx, refund);
        orderId = reconciled.orderId ?? orderId;
        outcomes.push(reconciled.outcome);
      }
      result = { outcome: outcomes.join(', ') || 'no refunds listed', settled: null };
    }
    await tx
      .update(stripeEvents)
      .set({ outcome: result.outcome.slice(0, 100), orderId })
      .where(eq(stripeEvents.id, event.id));
    return result;
  });
}

/** How long a payment may take before the reconciliation asks the provider about it. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Idempotency keys last a day at the provider; older orders are the unpaid-order job's. */
const RECONCILE_WITHIN_MS = 23 * 3_600_000;

/**
 * Settles orders whose payment succeeded at the provider while the shop never heard (the app
 * stopped between the charge and its commit, a webhook never arrived). Orders are claimed in a
 * short transaction with FOR UPDATE SKIP LOCKED and stamped, so several instances never look
 * at the same order at once; the provider is asked outside any transaction (a slow answer
 * holds no lock), and the settlement itself is guarded as every other one. An order without a
 * stored intent asks for it under its creation key, which replays the first creation.
 */
export async function reconcileStripeOrders(
  db: Tx,
  stripe: Stripe,
  options: { now?: Date; limit?: number; olderThanMs?: number } = {},
): Promise<{ checked: number; settled: Settled[] }> {
  const now = options.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          like(orders.paymentMethod, 'stripe%'),
          gt(orders.total, 0),
          gt(orders.paymentAttempt, 0),
          lt(
            orders.createdAt,
            new Date(now.getTime() - (options.olderThanMs ?? RECONCILE_AFTER_MS)),
          ),
          gt(orders.createdAt, new Date(now.getTime() - RECONCILE_WITHIN_MS)),
          or(
            isNull(orders.paymentCheckedAt),
            lt(orders.paymentCheckedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
          ),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(options.limit ?? 20)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(orders)
        .set({ paymentCheckedAt: now })
        .where(
          inArray(
            orders.id,
            due.map((o) => o.id),
          ),
        );
    }
    return due;
  });
  const settled: Settled[] = [];
  for (const order of claimed) {
    const intent = await currentIntent(stripe, order);
    if (!intent) continue;
    const result = await settleIntent(db, order.id, intent);
    if (result.changed) settled.push(result as Settled);
  }
  return { checked: claimed.length, settled };
}

async function currentIntent(
  stripe: Stripe,
  order: OrderRow,
): Promise<Stripe.PaymentIntent | null> {
  try {
    if (order.paymentIntentId) return await stripe.paymentIntents.retrieve(order.paymentIntentId);
    const created = await stripe.paymentIntents.create(intentCreateParams(order), {
      idempotencyKey: intentKeys.create(order.id),
    });
    return await stripe.paymentIntents.retrieve(created.id);
  } catch (error) {
    console.error('stripe: reconciliation lookup failed', order.id, (error as Error).message);
    return null;
  }
}
