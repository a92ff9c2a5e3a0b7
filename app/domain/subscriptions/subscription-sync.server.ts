import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import {
  gatewayIdOf,
  isStripeType,
  stripeMethodByGateway,
} from '#app/domain/payments/stripe/methods.ts';
import { orderSubscriptions } from './order-subscriptions.server.ts';
import {
  firstPaymentDate,
  lengthReached,
  nextPaymentDate,
  trialEnd,
} from './subscriptions.rules.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.schema.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The method and Stripe customer an order's payment (or free trial's setup) kept. */
async function keptMethodOf(
  stripe: Stripe,
  order: OrderRow,
): Promise<{ customer: string; method: Stripe.PaymentMethod } | null> {
  let customer: string | null = null;
  let methodId: string | null = null;
  if (order.setupIntentId) {
    const intent = await stripe.setupIntents.retrieve(order.setupIntentId);
    if (intent.status !== 'succeeded') return null;
    customer = idOf(intent.customer);
    methodId = idOf(intent.payment_method);
  } else if (order.paymentIntentId) {
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
    customer = idOf(intent.customer);
    methodId = idOf(intent.payment_method);
  }
  if (!customer || !methodId) return null;
  return { customer, method: await stripe.paymentMethods.retrieve(methodId) };
}

const PAID_STATUSES: readonly OrderRow['status'][] = ['processing', 'completed', 'on-hold'];

/**
 * Brings an order's subscriptions in line with it: a paid parent order activates its pending
 * subscriptions (with the method its payment kept, and the account a guest made with it); a
 * paid renewal order reactivates its subscription and schedules the next renewal. Guarded by
 * the statuses it starts from, so the webhook, the browser's return and the reconciliation
 * may all call it and only the first changes anything. Returns the subscriptions it moved.
 */
export async function syncOrderSubscriptions(
  db: Tx,
  stripe: Stripe | null,
  given: Pick<OrderRow, 'id'>,
  now = new Date(),
): Promise<SubscriptionRow[]> {
  // The caller's copy may predate the account made with the order.
  const [fresh] = await db.select().from(orders).where(eq(orders.id, given.id));
  if (!fresh) return [];
  const order = fresh;
  if (order.customerId !== null) {
    await db
      .update(subscriptions)
      .set({ customerId: order.customerId })
      .where(and(eq(subscriptions.parentOrderId, order.id), isNull(subscriptions.customerId)));
  }
  if (!PAID_STATUSES.includes(order.status)) return [];
  if (order.subscriptionId !== null && order.renewalSequence !== null) {
    const moved = await renewalPaid(db, order, now, stripe);
    return moved ? [moved] : [];
  }
  const pending = (await orderSubscriptions(db, order.id)).filter((s) => s.status === 'pending');
  if (pending.length === 0) return [];
  let kept: Awaited<ReturnType<typeof keptMethodOf>> = null;
  if (stripe && pending.some((s) => !s.manualRenewal)) {
    try {
      kept = await keptMethodOf(stripe, order);
    } catch (error) {
      // Activated without a method, the first renewal fails and asks the customer to pay.
      console.error('subscriptions: kept method lookup failed', order.id, (error as Error).message);
    }
  }
  const activated: SubscriptionRow[] = [];
  for (const sub of pending) {
    const start = sub.startAt;
    const [row] = await db
      .update(subscriptions)
      .set({
        status: 'active',
        customerId: sub.customerId ?? order.customerId,
        trialEndAt: trialEnd(start, sub.terms),
        nextPaymentAt: firstPaymentDate(start, sub.terms),
        paidCount: sub.terms.trialDays > 0 ? 0 : 1,
        ...(kept && !sub.manualRenewal
          ? {
              stripeCustomerId: kept.customer,
              stripePaymentMethodId: kept.method.id,
            }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, 'pending')))
      .returning();
    if (row) activated.push(row);
  }
  return activated;
}

/** A method renewals may charge from now on, with the Stripe customer it belongs to. */
type RenewalMethod = {
  customer: string;
  methodId: string;
  gatewayId: string;
  title: string;
};

/**
 * The method a renewal order was paid with, when it is another one than the subscription's
 * and kept for off-session use (attached to the intent's customer); else null.
 */
async function renewalPaymentMethod(
  stripe: Stripe,
  order: OrderRow,
  sub: SubscriptionRow,
): Promise<RenewalMethod | null> {
  if (sub.manualRenewal || !order.paymentIntentId) return null;
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  const customer = idOf(intent.customer);
  const methodId = idOf(intent.payment_method);
  if (!customer || !methodId || methodId === sub.stripePaymentMethodId) return null;
  const method = await stripe.paymentMethods.retrieve(methodId);
  if (idOf(method.customer) !== customer || !isStripeType(method.type)) return null;
  const config = stripeMethodByGateway(gatewayIdOf(method.type));
  if (!config?.isReusable) return null;
  return {
    customer,
    methodId,
    gatewayId: config.gatewayId,
    title: localize(config.title, order.locale === 'en' ? 'en' : 'de'),
  };
}

/** Periods a subscription has paid before its renewal number `sequence`. */
const paidBefore = (sub: SubscriptionRow, sequence: number) =>
  (sub.terms.trialDays > 0 ? 0 : 1) + sequence - 1;

/**
 * The subscription whose period this renewal order paid, once the payment has been counted
 * (by whichever announcement of it came first); null for any other order.
 */
export async function countedRenewal(db: Tx, order: OrderRow): Promise<SubscriptionRow | null> {
  if (order.subscriptionId === null || order.renewalSequence === null) return null;
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId));
  if (!sub || sub.renewalCount < order.renewalSequence) return null;
  return sub.paidCount > paidBefore(sub, order.renewalSequence) ? sub : null;
}

/**
 * A paid renewal: the period counts as paid and the next renewal is scheduled, once per
 * renewal order however often its payment is announced. Paid with another kept method (on
 * the order-pay page), that method is the subscription's from now on.
 */
export async function renewalPaid(
  db: Tx,
  order: OrderRow,
  now: Date,
  stripe: Stripe | null = null,
): Promise<SubscriptionRow | null> {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId!));
  if (!sub || !sub.nextPaymentAt) return null;
  // Only the renewal the schedule waits for moves it, and only while its period is unpaid:
  // a late duplicate or a second announcement (on-hold, then processing) does nothing.
  if (sub.renewalCount !== order.renewalSequence) return null;
  if (sub.paidCount !== paidBefore(sub, order.renewalSequence!)) return null;
  if (sub.status !== 'active' && sub.status !== 'on-hold') return null;
  let method: RenewalMethod | null = null;
  if (stripe) {
    try {
      method = await renewalPaymentMethod(stripe, order, sub);
    } catch (error) {
      // The period is paid all the same; the old method stays until the customer changes it.
      console.error(
        'subscriptions: renewal method lookup failed',
        order.id,
        (error as Error).message,
      );
    }
  }
  const paid = sub.paidCount + 1;
  const over = lengthReached(sub.terms, paid);
  const [row] = await db
    .update(subscriptions)
    .set({
      status: over ? 'expired' : 'active',
      paidCount: paid,
      nextPaymentAt: over ? null : nextPaymentDate(sub.nextPaymentAt, sub.terms, sub.anchorDay),
      endAt: over ? now : sub.endAt,
      renewalClaimedAt: null,
      ...(method
        ? {
            stripeCustomerId: method.customer,
            stripePaymentMethodId: method.methodId,
            paymentMethod: method.gatewayId,
            paymentMethodTitle: method.title,
          }
        : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        eq(subscriptions.paidCount, sub.paidCount),
        eq(subscriptions.renewalCount, order.renewalSequence!),
      ),
    )
    .returning();
  return row ?? null;
}
