import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { CartLine } from '#app/domain/cart/cart.view.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { addOrderNote, newOrderKey } from '#app/domain/orders/orders.server.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { enqueue, signalOutbox } from '#app/domain/orders/outbox.server.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import {
  gatewayIdOf,
  isStripeType,
  stripeMethodByGateway,
} from '#app/domain/payments/stripe/methods.ts';
import {
  type SubscriptionStatus,
  firstPaymentDate,
  lengthReached,
  mayCancel,
  nextPaymentDate,
  renewalKey,
  trialEnd,
} from './subscriptions.rules.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.schema.ts';

/** `subscriptions.manual_renewal`: renewals are paid by the customer through a pay link. */
export const MANUAL_RENEWAL_KEY = 'subscriptions.manual_renewal';

export function manualRenewalRequired(db: Tx): Promise<boolean> {
  return getSetting(db, MANUAL_RENEWAL_KEY, z.boolean(), false);
}

/** What a cart's subscriptions ask of the checkout: nothing, a kept method, or manual pay. */
export type CartSubscriptionMode = 'auto' | 'manual' | null;

export async function cartSubscriptionMode(
  db: Tx,
  lines: readonly Pick<CartLine, 'subscription'>[],
): Promise<CartSubscriptionMode> {
  if (!lines.some((l) => l.subscription)) return null;
  return (await manualRenewalRequired(db)) ? 'manual' : 'auto';
}

/** One pending subscription per subscription line of a just placed order (same transaction). */
export async function createOrderSubscriptions(
  tx: Tx,
  order: OrderRow,
  lines: readonly CartLine[],
  manualRenewal: boolean,
): Promise<void> {
  for (const line of lines) {
    if (!line.subscription) continue;
    await tx.insert(subscriptions).values({
      customerId: order.customerId,
      parentOrderId: order.id,
      status: 'pending',
      productId: line.productId,
      variationId: line.variationId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.subscription.recurringUnitPrice,
      taxRate: line.taxRate,
      currency: order.currency,
      terms: line.subscription.terms,
      manualRenewal,
      startAt: order.createdAt,
      anchorDay: order.createdAt.getUTCDate(),
      paymentMethod: order.paymentMethod,
      paymentMethodTitle: order.paymentMethodTitle,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    });
  }
}

export function orderSubscriptions(db: Tx, orderId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.parentOrderId, orderId))
    .orderBy(asc(subscriptions.id));
}

/** Whether the order starts subscriptions that renew with a kept method. */
export async function orderNeedsKeptMethod(db: Tx, orderId: number): Promise<boolean> {
  const rows = await orderSubscriptions(db, orderId);
  return rows.some((s) => !s.manualRenewal);
}

/**
 * Whether paying this renewal order keeps the method for the renewals after it: a renewal of
 * a subscription charged off-session (not one renewed by hand).
 */
export async function renewalKeepsMethod(
  db: Tx,
  order: Pick<OrderRow, 'subscriptionId' | 'renewalSequence'>,
): Promise<boolean> {
  if (order.subscriptionId === null || order.renewalSequence === null) return false;
  const [sub] = await db
    .select({ manualRenewal: subscriptions.manualRenewal })
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId));
  return sub ? !sub.manualRenewal : false;
}

/** The card (or account) a saved method shows: "Visa •••• 4242". */
export function methodLabel(pm: Stripe.PaymentMethod): string {
  const brand = pm.card?.brand ?? pm.type.replace(/_/g, ' ');
  const last4 = pm.card?.last4 ?? pm.sepa_debit?.last4 ?? '';
  const name = brand.charAt(0).toUpperCase() + brand.slice(1);
  return last4 ? `${name} •••• ${last4}` : name;
}

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
/** A renewal order whose payment has not come to an end yet. */
const OPEN_RENEWAL_STATUSES: readonly OrderRow['status'][] = ['pending', 'on-hold'];

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

/** A guest's order became a new account's: so do the subscriptions bought with it. */
export async function adoptOrderSubscriptions(db: Tx, orderId: number, customerId: number) {
  await db
    .update(subscriptions)
    .set({ customerId })
    .where(and(eq(subscriptions.parentOrderId, orderId), isNull(subscriptions.customerId)));
}

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
async function renewalPaid(
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

export function customerSubscriptions(db: Tx, customerId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/** The subscription if it is this customer's; anyone else's is "not found" alike. */
export async function customerSubscription(
  db: Tx,
  customerId: number,
  id: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)));
  return row ?? null;
}

/** The parent order and the renewals of a subscription, newest first. */
export function subscriptionOrders(db: Tx, sub: SubscriptionRow): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(or(eq(orders.id, sub.parentOrderId), eq(orders.subscriptionId, sub.id)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * The customer cancels: an active subscription runs to the end of the paid period
 * (pending-cancel), one that is pending or on hold ends now. Nothing is charged afterwards.
 */
export async function cancelSubscription(
  db: Tx,
  customerId: number,
  id: number,
  now = new Date(),
): Promise<Result<SubscriptionRow>> {
  const sub = await customerSubscription(db, customerId, id);
  if (!sub) return fail(notFound());
  if (!mayCancel(sub.status)) {
    return fail(domainError('conflict', 'subscription.cannot_cancel'));
  }
  const runsOn = sub.status === 'active' && sub.nextPaymentAt && sub.nextPaymentAt > now;
  const to: SubscriptionStatus = runsOn ? 'pending-cancel' : 'cancelled';
  const [row] = await db
    .update(subscriptions)
    .set({
      status: to,
      endAt: runsOn ? sub.nextPaymentAt : now,
      nextPaymentAt: null,
      cancelledAt: now,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.status, sub.status)))
    .returning();
  if (!row) return fail(domainError('conflict', 'subscription.cannot_cancel'));
  return ok(row);
}

/**
 * Renewals of these subscriptions are charged with this method from now on. The method must be
 * the customer's own at the provider (checked by the caller); only the customer's own
 * subscriptions change.
 */
export async function setSubscriptionMethod(
  db: Tx,
  customerId: number,
  ids: readonly number[],
  method: {
    stripeCustomer: string;
    method: Stripe.PaymentMethod;
    gatewayId: string;
    title: string;
  },
  now = new Date(),
): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(subscriptions)
    .set({
      stripeCustomerId: method.stripeCustomer,
      stripePaymentMethodId: method.method.id,
      paymentMethod: method.gatewayId,
      paymentMethodTitle: method.title,
      manualRenewal: false,
      updatedAt: now,
    })
    .where(
      and(
        inArray(subscriptions.id, [...ids]),
        eq(subscriptions.customerId, customerId),
        inArray(subscriptions.status, ['active', 'on-hold', 'pending-cancel']),
      ),
    )
    .returning();
}
