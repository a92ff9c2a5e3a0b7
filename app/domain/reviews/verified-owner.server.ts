import { sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';

/**
 * Whether a customer bought the product: an order in status completed or processing holding it,
 * placed by the customer's account or with the same billing email. Until the orders tables
 * exist nobody has bought anything, so the answer is false.
 *
 * Reads `orders (id, customer_id, billing_email, status)` and `order_items (order_id, product_id)`;
 * a line of one of the product's variations counts for the product.
 */
export async function isVerifiedOwner(
  db: Tx,
  productId: number,
  who: { customerId: number | null; email: string },
): Promise<boolean> {
  const present = await db.execute(
    sql`select to_regclass('public.orders') is not null and to_regclass('public.order_items') is not null as present`,
  );
  const [row] = (present as unknown as { rows: { present: boolean }[] }).rows;
  if (!row?.present) return false;
  const email = who.email.trim().toLowerCase();
  if (who.customerId === null && email === '') return false;
  const bought = await db.execute(sql`
    select exists (
      select 1
        from orders o
        join order_items i on i.order_id = o.id
       where o.status in ('completed', 'processing')
         and i.product_id in (select p.id from products p where p.id = ${productId} or p.parent_id = ${productId})
         and (o.customer_id = ${who.customerId} or lower(o.billing_email) = ${email})
    ) as bought`);
  return (bought as unknown as { rows: { bought: boolean }[] }).rows[0]?.bought === true;
}
