import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { CartLine } from '#app/domain/cart/cart.view.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.schema.ts';

// The subscriptions an order starts: what a cart asks of the checkout, and the rows the placed
// order creates.

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

/** A guest's order became a new account's: so do the subscriptions bought with it. */
export async function adoptOrderSubscriptions(db: Tx, orderId: number, customerId: number) {
  await db
    .update(subscriptions)
    .set({ customerId })
    .where(and(eq(subscriptions.parentOrderId, orderId), isNull(subscriptions.customerId)));
}
