import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { enqueue } from '#app/domain/orders/outbox.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { type OrderRefundRow, orderRefunds } from '../refunds.schema.ts';
import {
  type RefundOutcome,
  insertAmountRefund,
  reserveRestOfPayment,
  settleRefund,
} from '../refunds.server.ts';

/** One key per refund: a repeated call (a retry, a second click) is the same refund at Stripe. */
export const refundKey = (refundId: number) => `ladenzeile-refund-${refundId}`;

/**
 * Sends a refund again that stayed pending because Stripe could not be reached. Run by the
 * outbox, which tries again with growing pauses while Stripe stays out of reach.
 */
export const REFUND_RETRY = 'payment.refund_retry';

/** Stripe's answer as the shop's outcome; a refund still on its way stays pending. */
function outcomeOf(refund: Stripe.Refund): RefundOutcome | null {
  if (refund.status === 'succeeded') return { ok: true, providerRefundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      ok: false,
      providerRefundId: refund.id,
      failure: refund.failure_reason ?? refund.status,
    };
  }
  return null;
}

/**
 * Carries out a pending refund at Stripe, outside any transaction, and settles it. A refusal
 * (declined, too much, not refundable) marks it failed; an unreachable Stripe leaves it pending
 * (the refund may have happened) and queues a retry under the same idempotency key. The retry
 * itself (`retry`) throws instead, so the outbox tries again later.
 */
export async function refundAtStripe(
  db: Tx,
  stripe: Stripe,
  refundId: number,
  options: { retry?: boolean } = {},
): Promise<OrderRefundRow | null> {
  const [row] = await db
    .select({ refund: orderRefunds, intent: orders.paymentIntentId, orderId: orders.id })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId));
  if (!row || row.refund.status !== 'pending' || row.refund.method !== 'stripe') {
    return row?.refund ?? null;
  }
  if (!row.intent) return settleRefund(db, refundId, { ok: false, failure: 'no payment intent' });
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: row.intent,
        amount: row.refund.amount,
        metadata: { order_id: String(row.orderId), refund_id: String(refundId) },
      },
      { idempotencyKey: refundKey(refundId) },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && refusedByStripe(error)) {
      return settleRefund(db, refundId, { ok: false, failure: error.message });
    }
    const message = (error as Error).message;
    if (options.retry) throw new Error(`stripe: refund ${refundId} not sent: ${message}`);
    console.error('stripe: refund not sent', refundId, message);
    await enqueue(db, {
      kind: REFUND_RETRY,
      orderId: row.orderId,
      payload: { refundId },
      dedupeKey: `refund-retry:${refundId}`,
    });
    return row.refund;
  }
  const outcome = outcomeOf(refund);
  if (outcome) return settleRefund(db, refundId, outcome);
  await db
    .update(orderRefunds)
    .set({ providerRefundId: refund.id })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')));
  return { ...row.refund, providerRefundId: refund.id };
}

/** Stripe answered and said no (4xx): nothing happened there. */
function refusedByStripe(error: Stripe.errors.StripeError): boolean {
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/** What is left of a refunded or cancelled order's payment goes back, through the same path. */
export async function refundOrderPayment(db: Tx, stripe: Stripe, orderId: number): Promise<void> {
  const refund = await reserveRestOfPayment(db, orderId);
  if (refund) await refundAtStripe(db, stripe, refund.id);
}

/**
 * A refund Stripe reports (webhook): the shop's own one is settled when it was still pending;
 * one made in Stripe's dashboard is recorded on its order. Runs in the event's transaction.
 */
export async function reconcileStripeRefund(
  tx: Tx,
  refund: Stripe.Refund,
): Promise<{ orderId: number | null; outcome: string }> {
  const ownId = Number(refund.metadata?.refund_id);
  const [own] = await tx
    .select()
    .from(orderRefunds)
    .where(
      Number.isSafeInteger(ownId) && ownId > 0 && ownId <= 2_147_483_647
        ? eq(orderRefunds.id, ownId)
        : eq(orderRefunds.providerRefundId, refund.id),
    );
  const known =
    own && (own.providerRefundId === null || own.providerRefundId === refund.id)
      ? own
      : (
          await tx.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, refund.id))
        )[0];
  if (known) {
    const outcome = outcomeOf(refund);
    if (!outcome) return { orderId: known.orderId, outcome: 'refund pending' };
    const settled = await settleRefund(tx, known.id, outcome);
    return { orderId: known.orderId, outcome: `refund ${settled?.status ?? 'unknown'}` };
  }
  const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : null;
  if (!intent || (refund.status !== 'succeeded' && refund.status !== 'pending')) {
    return { orderId: null, outcome: 'refund ignored' };
  }
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, intent))
    .for('update');
  if (!order) return { orderId: null, outcome: 'unknown order' };
  await insertAmountRefund(tx, order, {
    amount: refund.amount,
    origin: 'provider',
    status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
    providerRefundId: refund.id,
    reason: refund.reason ?? '',
  });
  return { orderId: order.id, outcome: 'refund recorded' };
}

/** Refunds of a `charge.refunded` event, as far as the event lists them. */
export function refundsOfCharge(charge: Stripe.Charge): Stripe.Refund[] {
  return charge.refunds?.data ?? [];
}
