import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, fail } from '#app/domain/kernel/result.ts';
import {
  type AccountContext,
  type Registration,
  accountPasswordProblem,
  insertCustomer,
} from '#app/domain/customers/accounts.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';

/**
 * An account made with an order at checkout: the order becomes the customer's. For an address
 * that has an account already the order stays a guest order, and as on registration only that
 * account's owner learns of the attempt.
 */
export async function registerAtCheckout(
  db: Tx,
  input: { email: string; password: string; orderId: number },
  ctx: AccountContext,
): Promise<Result<Registration>> {
  const weak = await accountPasswordProblem(input, ctx);
  if (weak) return fail(weak);
  const registration = await insertCustomer(db, input, ctx);
  if (registration.ok && registration.value.kind === 'created') {
    await db
      .update(orders)
      .set({ customerId: registration.value.customer.id })
      .where(and(eq(orders.id, input.orderId), isNull(orders.customerId)));
  }
  return registration;
}
