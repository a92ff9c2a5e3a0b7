import { sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';

/**
 * Whether a customer bought the product: an order in status completed or processing holding
 * it (or one of its variations), placed by the customer's account or with the same billing
 * email.
 */
export async function isVerifiedOwner(
  db: Tx,
  productId: number,
  who: { customerId: number | null; email: string },
): Promise<boolean> {
  const email = who.email.trim().toLowerCase();
  if (who.customerId === null && email === '') return false;
  const bought = await db.execute(sql`
    select exists (
      select 1
        from ${orders} o
        join ${orderItems} i on i.order_id = o.id
       where o.status in ('completed', 'processing')
         and i.product_id in (
           select p.id from ${products} p where p.id = ${productId} or p.parent_id = ${productId})
         and (o.customer_id = ${who.customerId}
           or (${email} <> '' and lower(o.billing_address ->> 'email') = ${email}))
    ) as bought`);
  return (bought as unknown as { rows: { bought: boolean }[] }).rows[0]?.bought === true;
}
