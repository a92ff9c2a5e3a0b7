// Orders for the back office's list tests: the factory's order, then set like a checkout's.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type OrderRow,
  type OrderStatus,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { createOrder } from '#db/seed/factories.ts';

export type ListOrderInput = {
  status?: OrderStatus;
  email?: string;
  company?: string;
  country?: string;
  payment?: [string, string];
  shipping?: [string, string];
  sku?: string;
  createdAt?: Date;
  customerId?: number;
};

/** An order with the given facts, through the factory and then adjusted like a checkout's. */
export async function makeListOrder(
  db: Tx,
  productId: number,
  input: ListOrderInput = {},
): Promise<OrderRow> {
  const order = await createOrder(db, {
    productIds: [productId],
    status: input.status ?? 'processing',
    email: input.email ?? `list-${randomBytes(4).toString('hex')}@example.org`,
    customerId: input.customerId ?? null,
  });
  const shipping = input.shipping ?? ['flat_rate', 'Pauschal'];
  const [updated] = await db
    .update(orders)
    .set({
      billingAddress: {
        ...order.billingAddress,
        company: input.company ?? '',
        country: input.country ?? 'DE',
      },
      paymentMethod: input.payment?.[0] ?? 'bacs',
      paymentMethodTitle: input.payment?.[1] ?? 'Vorkasse',
      shippingLines: [
        {
          packageId: 0,
          rateId: `${shipping[0]}:1`,
          methodId: shipping[0],
          name: shipping[1],
          total: 595,
          tax: 95,
          taxes: [{ rate: 19, amount: 95 }],
        },
      ],
      shippingTotal: 595,
      shippingTax: 95,
      total: order.total + 595,
      totalTax: order.totalTax + 95,
      createdAt: input.createdAt ?? order.createdAt,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (input.sku)
    await db.update(orderItems).set({ sku: input.sku }).where(eq(orderItems.orderId, order.id));
  return updated!;
}
