import type Stripe from 'stripe';
import { type Settled, settleIntent } from '#app/domain/payments/stripe/gateway.server.ts';
import type { OrderRow, OrderStatus } from '#app/domain/orders/orders.schema.ts';
import { type MailContext, mailNewOrder, mailStatusChange } from '../pages/checkout-form.server.ts';

/**
 * The mail a payment's settlement sends: the order confirmation when the order leaves the
 * waiting for payment (as the offline methods send it at placement), else the status change.
 */
export async function mailAfterSettle(ctx: MailContext, order: OrderRow, from: OrderStatus) {
  if (
    (from === 'pending' || from === 'failed') &&
    ['processing', 'on-hold'].includes(order.status)
  ) {
    await mailNewOrder(ctx, order);
  } else if (order.status !== 'pending') {
    await mailStatusChange(ctx, order);
  }
}

/** Settles the order from the intent; only the call that changed it sends the mail. */
export async function settleAndMail(
  ctx: MailContext,
  orderId: number,
  intent: Stripe.PaymentIntent,
): Promise<Awaited<ReturnType<typeof settleIntent>>> {
  const settled = await settleIntent(ctx.db, orderId, intent);
  if (settled.changed)
    await mailAfterSettle(ctx, (settled as Settled).order, (settled as Settled).from);
  return settled;
}
