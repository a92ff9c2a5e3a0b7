import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { orders } from './orders.schema.ts';

/** Offline payments the shop waits for: orders on hold, paid by bank transfer or on invoice. */
export const AWAITED_METHODS = ['bacs', 'invoice'] as const;
export type AwaitedMethod = (typeof AWAITED_METHODS)[number];

/**
 * Orders on hold per awaited payment method; each count is a range of
 * `orders_payment_created_idx (payment_method, created_at, id)` filtered by status.
 */
export async function awaitingPaymentCounts(db: Tx): Promise<Record<AwaitedMethod, number>> {
  const counts = await Promise.all(
    AWAITED_METHODS.map(async (method) => {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.paymentMethod, method), eq(orders.status, 'on-hold')));
      return [method, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<AwaitedMethod, number>;
}
