import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { type SubscriptionStatus, mayCancel } from './subscriptions.rules.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.schema.ts';

// A customer's subscriptions in the account: listed, shown, cancelled, given another method.

/** The card (or account) a saved method shows: "Visa •••• 4242". */
export function methodLabel(pm: Stripe.PaymentMethod): string {
  const brand = pm.card?.brand ?? pm.type.replace(/_/g, ' ');
  const last4 = pm.card?.last4 ?? pm.sepa_debit?.last4 ?? '';
  const name = brand.charAt(0).toUpperCase() + brand.slice(1);
  return last4 ? `${name} •••• ${last4}` : name;
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
