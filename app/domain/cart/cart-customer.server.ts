// The shopper's destination and chosen rates as stored beside the cart.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import { type CartCustomer, defaultCustomer } from '#app/domain/shipping/shipping.server.ts';
import { cartCustomers } from './cart.schema.ts';

export async function readCartCustomer(db: Tx, cartId: number): Promise<CartCustomer> {
  const [row] = await db.select().from(cartCustomers).where(eq(cartCustomers.cartId, cartId));
  return row ? customerOf(row) : defaultCustomer();
}

function customerOf(
  row: Pick<typeof cartCustomers.$inferSelect, keyof CartCustomer>,
): CartCustomer {
  return {
    shippingAddress: { ...emptyAddress(), ...row.shippingAddress },
    billingAddress: { ...emptyAddress(), ...row.billingAddress },
    calculated: row.calculated,
    chosenRates: row.chosenRates,
  };
}

/**
 * Stores the customer; returns it as `readCartCustomer` would read it back. With `keepRates`,
 * `chosenRates` is laid over the rates chosen before (a package the caller names gets its new
 * rate, the others keep theirs), in the same statement.
 */
export async function writeCartCustomer(
  db: Tx,
  cartId: number,
  customer: CartCustomer,
  { keepRates = false }: { keepRates?: boolean } = {},
): Promise<CartCustomer> {
  const values = { ...customer, updatedAt: new Date() };
  const [row] = await db
    .insert(cartCustomers)
    .values({ cartId, ...values })
    .onConflictDoUpdate({
      target: cartCustomers.cartId,
      set: keepRates
        ? { ...values, chosenRates: sql`cart_customers.chosen_rates || excluded.chosen_rates` }
        : values,
    })
    .returning({ chosenRates: cartCustomers.chosenRates });
  // The JSON columns keep no undefined values: the same as a read gives.
  const stored = JSON.parse(JSON.stringify(customer)) as CartCustomer;
  return customerOf({ ...stored, chosenRates: row?.chosenRates ?? stored.chosenRates });
}
