import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import { couponUses } from '#app/domain/coupons/coupons.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { customerTokens, customers } from '#app/domain/customers/customers.schema.ts';

/**
 * Everything the shop holds about a customer (GDPR Art. 15 and 20), as plain JSON: the
 * account, addresses, sessions, carts, reviews, coupon uses, pending links and orders. Secrets
 * (password and token hashes, session ids) are not personal data about the customer and stay
 * out; their existence is listed.
 */
export async function exportCustomer(db: Tx, customerId: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) return null;
  const [sessionRows, cartRows, reviewRows, couponRows, tokenRows, orders] = await Promise.all([
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.customerId, customerId))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(carts).where(eq(carts.customerId, customerId)),
    db
      .select({
        productId: reviews.productId,
        author: reviews.author,
        email: reviews.email,
        rating: reviews.rating,
        content: reviews.content,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.email, customer.email)),
    db
      .select({ couponId: couponUses.couponId, email: couponUses.email })
      .from(couponUses)
      .where(eq(couponUses.customerId, customerId)),
    db
      .select({
        purpose: customerTokens.purpose,
        newEmail: customerTokens.newEmail,
        createdAt: customerTokens.createdAt,
        expiresAt: customerTokens.expiresAt,
        usedAt: customerTokens.usedAt,
      })
      .from(customerTokens)
      .where(eq(customerTokens.customerId, customerId)),
    ordersOf(db, customerId),
  ]);
  const items = cartRows.length
    ? await db
        .select({
          cartId: cartItems.cartId,
          productId: cartItems.productId,
          variationId: cartItems.variationId,
          variation: cartItems.variation,
          quantity: cartItems.quantity,
          addedAt: cartItems.createdAt,
        })
        .from(cartItems)
        .where(
          inArray(
            cartItems.cartId,
            cartRows.map((c) => c.id),
          ),
        )
    : [];
  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      displayName: customer.displayName,
      role: customer.role,
      status: customer.status,
      locale: customer.locale,
      hasPassword: customer.passwordHash !== null,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
    },
    addresses: { billing: customer.billingAddress, shipping: customer.shippingAddress },
    sessions: sessionRows,
    carts: cartRows.map((c) => ({
      currency: c.currency,
      updatedAt: c.updatedAt,
      items: items.filter((i) => i.cartId === c.id).map(({ cartId: _cart, ...item }) => item),
    })),
    reviews: reviewRows,
    couponUses: couponRows,
    pendingLinks: tokenRows,
    orders,
  };
}

export type CustomerExport = NonNullable<Awaited<ReturnType<typeof exportCustomer>>>;

/** The customer's orders, whatever the orders table holds; none while it does not exist. */
async function ordersOf(db: Tx, customerId: number): Promise<Record<string, unknown>[]> {
  const found = await db.execute(sql`select to_regclass('orders') is not null as present`);
  const [row] = (found as unknown as { rows: { present: boolean }[] }).rows;
  if (!row?.present) return [];
  const result = await db.execute(
    sql`select * from orders where customer_id = ${customerId} order by 1`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
