import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { addOrderNote } from '#app/domain/orders/orders.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';

/** Intent statuses in which nobody has paid yet and the provider still accepts a cancel. */
const CANCELABLE: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/**
 * A cancelled order's open payment is cancelled at the provider, so a 3-D Secure page or a
 * bank left open cannot pay it afterwards. A payment already on its way is left alone: its
 * webhook finds the order cancelled and changes nothing.
 */
export async function cancelOrderPayment(db: Tx, stripe: Stripe, orderId: number): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paymentIntentId) return;
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  if (!CANCELABLE.includes(intent.status)) return;
  await stripe.paymentIntents.cancel(
    intent.id,
    { cancellation_reason: 'abandoned' },
    { idempotencyKey: `ladenzeile-order-${order.id}-cancel` },
  );
  await addOrderNote(db, order.id, {
    code: 'stripe.note.canceled',
    params: { intent: intent.id },
  });
}
