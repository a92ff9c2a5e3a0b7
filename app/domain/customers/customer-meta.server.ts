import { and, eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { customerMeta } from './customers.schema.ts';

/** The shop manager's own dismissal of the coming-soon footer banner. */
export const COMING_SOON_DISMISSED = 'coming_soon_banner_dismissed';

export async function customerMetaValue(
  db: Tx,
  customerId: number,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ value: customerMeta.value })
    .from(customerMeta)
    .where(and(eq(customerMeta.customerId, customerId), eq(customerMeta.key, key)))
    .limit(1);
  return row?.value ?? null;
}

export async function setCustomerMeta(
  db: Tx,
  customerId: number,
  key: string,
  value: string,
): Promise<void> {
  await db
    .insert(customerMeta)
    .values({ customerId, key, value })
    .onConflictDoUpdate({
      target: [customerMeta.customerId, customerMeta.key],
      set: { value, updatedAt: new Date() },
    });
}
