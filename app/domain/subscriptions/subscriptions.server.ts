import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { addOrderNote, newOrderKey } from '#app/domain/orders/orders.server.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { enqueue, signalOutbox } from '#app/domain/orders/outbox.server.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import { renewalPaid } from './subscription-sync.server.ts';
import { renewalKey } from './subscriptions.rules.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.schema.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

// The renewal job: due subscriptions are claimed, their renewal orders created and charged.

/** A renewal order whose payment has not come to an end yet. */
const OPEN_RENEWAL_STATUSES: readonly OrderRow['status'][] = ['pending', 'on-hold'];

/** How long a runner's claim keeps other runners away from a subscription. */
export const RENEWAL_CLAIM_MS = 10 * 60_000;

/**
 * Claims up to `limit` due subscriptions and creates each one's renewal order, in one short
 * transaction: `FOR UPDATE SKIP LOCKED` keeps a parallel runner off the rows this one holds,
 * and the claim stamp keeps it off them after the commit while the charge runs. The renewal
 * order is unique per subscription and sequence, so even a second runner that got past both
 * creates no second order.
 */
export async function claimDueRenewals(
  db: Tx,
  now: Date,
  limit = 10,
): Promise<{ sub: SubscriptionRow; order: OrderRow }[]> {
  const stale = new Date(now.getTime() - RENEWAL_CLAIM_MS);
  return db.transaction(async (tx) => {
    const claimed = (
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'active'),
            lte(subscriptions.nextPaymentAt, now),
            or(isNull(subscriptions.renewalClaimedAt), lt(subscriptions.renewalClaimedAt, stale)),
          ),
        )
        .orderBy(asc(subscriptions.nextPaymentAt), asc(subscriptions.id))
        .limit(limit)
        .for('update', { skipLocked: true })
    ).map((r) => r.id);
    if (claimed.length === 0) return [];
    const subs = await tx
      .update(subscriptions)
      .set({ renewalClaimedAt: now })
      .where(inArray(subscriptions.id, claimed))
      .returning();
    const out: { sub: SubscriptionRow; order: OrderRow }[] = [];
    for (const sub of subs) {
      const order = await renewalOrder(tx, sub, now);
      if (order) out.push({ sub, order });
    }
    return out;
  });
}

/**
 * The renewal order of the subscription's next position: created once, else the one there.
 * While the latest renewal's payment is still open (a charge whose answer never came, a debit
 * on its way), that order is the one: its charge is replayed under its own key or awaited,
 * never followed by the next period's charge.
 */
async function renewalOrder(tx: Tx, sub: SubscriptionRow, now: Date): Promise<OrderRow | null> {
  if (sub.renewalCount > 0) {
    const [latest] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, sub.id), eq(orders.renewalSequence, sub.renewalCount)));
    if (latest && OPEN_RENEWAL_STATUSES.includes(latest.status)) return latest;
  }
  const sequence = sub.renewalCount + 1;
  const [existing] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, sub.id), eq(orders.renewalSequence, sequence)));
  if (existing) return existing;
  const [parent] = await tx.select().from(orders).where(eq(orders.id, sub.parentOrderId));
  if (!parent) return null;
  const [product] = await tx
    .select({ digital: products.digital })
    .from(products)
    .where(eq(products.id, sub.productId));
  const itemsTotal = Math.round(sub.unitPrice * sub.quantity);
  const itemsTax = taxInGross(itemsTotal, sub.taxRate);
  // A shipped subscription ships each renewal the way the first order did, at the same cost.
  const shippingLines = product?.digital ? [] : parent.shippingLines.slice(0, 1);
  const shippingTotal = shippingLines.reduce((s, l) => s + l.total, 0);
  const shippingTax = shippingLines.reduce((s, l) => s + l.tax, 0);
  const taxes = new Map<number, number>();
  taxes.set(sub.taxRate, itemsTax);
  for (const line of shippingLines) {
    for (const share of line.taxes)
      taxes.set(share.rate, (taxes.get(share.rate) ?? 0) + share.amount);
  }
  const [order] = await tx
    .insert(orders)
    .values({
      orderKey: newOrderKey(),
      status: 'pending',
      customerId: sub.customerId,
      locale: parent.locale,
      billingAddress: parent.billingAddress,
      shippingAddress: shippingLines.length ? parent.shippingAddress : parent.shippingAddress,
      paymentMethod: sub.paymentMethod,
      paymentMethodTitle: sub.paymentMethodTitle,
      currency: sub.currency,
      itemsTotal,
      itemsTax,
      shippingTotal,
      shippingTax,
      total: itemsTotal + shippingTotal,
      totalTax: itemsTax + shippingTax,
      taxLines: [...taxes].map(([rate, amount]) => ({ rate, amount })),
      taxTreatment: parent.taxTreatment,
      taxCountry: parent.taxCountry,
      shippingLines,
      consent: parent.consent,
      legalVersions: parent.legalVersions,
      stockReduced: false,
      subscriptionId: sub.id,
      renewalSequence: sequence,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!order) return null;
  await queueWebhookEvent(tx, 'order.created', order.id);
  await tx.insert(orderItems).values({
    orderId: order.id,
    productId: sub.productId,
    variationId: sub.variationId,
    name: sub.name,
    sku: sub.sku,
    quantity: sub.quantity,
    unitPrice: sub.unitPrice,
    subtotal: itemsTotal,
    total: itemsTotal,
    tax: itemsTax,
    taxRate: sub.taxRate,
  });
  await tx
    .update(subscriptions)
    .set({ renewalCount: sequence, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  await addOrderNote(tx, order.id, {
    code: 'subscription.note.renewal',
    params: { subscription: sub.id, sequence },
  });
  return order;
}

/** What one renewal came to, for the mails after it. */
export type RenewalOutcome = {
  subscription: SubscriptionRow;
  order: OrderRow;
  result: 'paid' | 'failed' | 'awaiting';
};

/**
 * Renews the due subscriptions: claims them, then charges each renewal order off-session with
 * the kept method, outside any transaction (the provider may take its time). The charge's
 * idempotency key names the subscription and the renewal, so a retried or parallel charge of
 * the same renewal is the same charge. A paid renewal schedules the next one; a refused one
 * fails the order and puts the subscription on hold until the customer pays it.
 */
export async function renewDueSubscriptions(
  db: Tx,
  stripe: Stripe,
  now = new Date(),
  limit = 10,
): Promise<RenewalOutcome[]> {
  const claimed = await claimDueRenewals(db, now, limit);
  const outcomes: RenewalOutcome[] = [];
  for (const { sub, order } of claimed) {
    if (order.status !== 'pending') continue;
    if (sub.manualRenewal || !sub.stripePaymentMethodId || !sub.stripeCustomerId) {
      const held = await holdSubscription(db, sub.id, now, order);
      outcomes.push({ subscription: held ?? sub, order, result: 'awaiting' });
      continue;
    }
    let intent: Stripe.PaymentIntent | null = null;
    let refused = false;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount: toProviderAmount(
            order.total,
            minorUnit(order.currency),
            providerDecimals(order.currency),
          ),
          currency: order.currency.toLowerCase(),
          customer: sub.stripeCustomerId,
          payment_method: sub.stripePaymentMethodId,
          off_session: true,
          confirm: true,
          description: `Order ${order.number}`,
          metadata: {
            order_id: String(order.id),
            order_number: String(order.number),
            subscription_id: String(sub.id),
          },
        },
        { idempotencyKey: renewalKey(sub.id, order.renewalSequence!) },
      );
    } catch (error) {
      const e = error as { type?: string; raw?: { payment_intent?: Stripe.PaymentIntent } };
      if (
        typeof e.type === 'string' &&
        e.type.startsWith('Stripe') &&
        e.type !== 'StripeConnectionError' &&
        e.type !== 'StripeAPIError'
      ) {
        refused = true;
        intent = e.raw?.payment_intent ?? null;
      } else {
        // Unknown whether it was charged: the claim lapses and a later run replays the key.
        console.error('subscriptions: renewal charge failed', sub.id, (error as Error).message);
        continue;
      }
    }
    if (intent) {
      await db
        .update(orders)
        .set({ paymentIntentId: intent.id })
        .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
    }
    if (!refused && intent?.status === 'succeeded') {
      // The renewal-paid mail follows the change (see countedRenewal), whoever counts it.
      const moved = await transitionOrder(db, order.id, 'processing', {
        expect: ['pending'],
        paid: true,
        now,
        note: { code: 'stripe.note.settled', params: { intent: intent.id, status: intent.status } },
      });
      if (moved.ok) {
        const renewed = await renewalPaid(db, moved.value.order, now);
        outcomes.push({ subscription: renewed ?? sub, order: moved.value.order, result: 'paid' });
      }
      continue;
    }
    if (!refused && intent?.status === 'processing') {
      // A debit on its way: the webhook settles the order, which schedules the next renewal.
      await transitionOrder(db, order.id, 'on-hold', { expect: ['pending'], now });
      continue;
    }
    const failed = await transitionOrder(db, order.id, 'failed', {
      expect: ['pending'],
      now,
      announce: 'renewal_failed',
      note: {
        code: 'stripe.note.failed',
        params: { reason: intent?.last_payment_error?.code ?? 'declined' },
      },
    });
    if (failed.ok) {
      const held = await holdSubscription(db, sub.id, now);
      outcomes.push({ subscription: held ?? sub, order: failed.value.order, result: 'failed' });
    }
  }
  return outcomes;
}

/** The outbox entry of a renewal's mail (paid, failed, due). */
export const RENEWAL_MAIL = 'mail.renewal';

/**
 * Puts the subscription on hold until its renewal order is paid; a renewal that waits for the
 * customer (`due`) queues its "payment due" mail with the hold.
 */
async function holdSubscription(db: Tx, id: number, now: Date, due?: OrderRow) {
  const held = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: 'on-hold', renewalClaimedAt: null, updatedAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
      .returning();
    if (row && due) {
      await enqueue(tx, {
        kind: RENEWAL_MAIL,
        orderId: due.id,
        payload: { result: 'awaiting' },
        dedupeKey: `renewal-awaiting:${due.id}`,
      });
    }
    return row ?? null;
  });
  if (held && due) await signalOutbox(db);
  return held;
}

/** Subscriptions cancelled at period end are over once that end has come. */
export async function endCancelledSubscriptions(db: Tx, now = new Date()): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ status: 'cancelled', nextPaymentAt: null, updatedAt: now })
    .where(and(eq(subscriptions.status, 'pending-cancel'), lte(subscriptions.endAt, now)))
    .returning({ id: subscriptions.id });
  return ended.length;
}
