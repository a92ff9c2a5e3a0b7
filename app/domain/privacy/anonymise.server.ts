import { eq, inArray, or, sql } from 'drizzle-orm';
import { orderAttribution } from '#app/domain/attribution/attribution.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { carts } from '#app/domain/cart/cart.schema.ts';
import { couponUses } from '#app/domain/coupons/coupons.schema.ts';
import { orderWithdrawals, orders } from '#app/domain/orders/orders.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { customers, loginFailures } from '#app/domain/customers/customers.schema.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

/**
 * One more place holding a customer's data, cleared when the account is deleted. Concepts
 * that keep customer data in their own tables (orders) add theirs to `ANONYMISERS`.
 */
export type Anonymiser = (tx: Tx, customer: { id: number; email: string }) => Promise<void>;

/**
 * Orders stay (tax law keeps invoices for ten years) with the name and postal address an
 * invoice needs, but lose the link to the account and the contact data no invoice needs: email,
 * phone, the note, the session that placed them and their attribution.
 */
export const anonymiseOrders: Anonymiser = async (tx, customer) => {
  // Where the orders came from (user agent, entry pages) is no invoice's business either.
  await tx
    .delete(orderAttribution)
    .where(
      inArray(
        orderAttribution.orderId,
        tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id)),
      ),
    );
  await tx
    .update(orders)
    .set({
      customerId: null,
      sessionIdHash: null,
      customerNote: '',
      billingAddress: sql`${orders.billingAddress} - 'email' - 'phone'`,
      shippingAddress: sql`${orders.shippingAddress} - 'email' - 'phone'`,
      updatedAt: new Date(),
    })
    .where(eq(orders.customerId, customer.id));
};

/**
 * Declarations of withdrawal stay as the shop's proof of what was declared and when, tied to
 * their order; who declared it (name, email, the client's address hash) goes. Guest
 * declarations count too when they name the customer's email or one of the customer's orders.
 * Runs before `anonymiseOrders`, which unlinks those orders from the customer.
 */
export const anonymiseWithdrawals: Anonymiser = async (tx, customer) => {
  await tx
    .update(orderWithdrawals)
    .set({ customerId: null, name: '', email: '', clientHash: '' })
    .where(
      or(
        eq(orderWithdrawals.customerId, customer.id),
        sql`lower(${orderWithdrawals.email}) = lower(${customer.email})`,
        inArray(
          orderWithdrawals.orderId,
          tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id)),
        ),
      ),
    );
};

/** Reviews stay with the product; their author becomes nobody in particular. */
const anonymiseReviews: Anonymiser = async (tx, customer) => {
  await tx.update(reviews).set({ email: '', author: '—' }).where(eq(reviews.email, customer.email));
};

const anonymiseCouponUses: Anonymiser = async (tx, customer) => {
  // The use still counts against the coupon's limit; it is no one's any more.
  await tx
    .update(couponUses)
    .set({ customerId: null, email: null })
    .where(eq(couponUses.customerId, customer.id));
  await tx.update(couponUses).set({ email: null }).where(eq(couponUses.email, customer.email));
};

export const ANONYMISERS: Anonymiser[] = [
  anonymiseWithdrawals,
  anonymiseOrders,
  anonymiseReviews,
  anonymiseCouponUses,
];

/**
 * Deletes an account (GDPR Art. 17): the customer row with its addresses and links, every
 * session and saved cart, failed-login records for the address; orders, withdrawal
 * declarations, reviews and coupon uses stay anonymised. One transaction: all of it or nothing.
 */
export async function anonymiseCustomer(tx: Tx, customerId: number): Promise<boolean> {
  return tx.transaction(async (t) => {
    const [customer] = await t
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) return false;
    for (const anonymise of ANONYMISERS) await anonymise(t, customer);
    await t.delete(carts).where(eq(carts.customerId, customer.id));
    await t.delete(sessions).where(eq(sessions.customerId, customer.id));
    await t.delete(loginFailures).where(eq(loginFailures.subject, customer.email));
    await t.delete(customers).where(eq(customers.id, customer.id));
    await queueWebhookEvent(t, 'customer.deleted', customer.id);
    return true;
  });
}
