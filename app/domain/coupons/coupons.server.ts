import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, fail, ok } from '#app/domain/kernel/result.ts';
import { type CouponCustomer, customerUses, toRule } from './cart-coupons.server.ts';
import { type CouponRule, couponError, normalizeCouponCode } from './coupons.rules.ts';
import { couponUses, coupons } from './coupons.schema.ts';

/** The coupon a shopper means, whatever case they typed it in. */
export async function findCouponByCode(db: Tx, code: string): Promise<CouponRule | null> {
  const wanted = normalizeCouponCode(code);
  if (wanted === '') return null;
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${wanted})`)
    .limit(1);
  return row ? toRule(row) : null;
}

/**
 * Counts one use of a coupon for a placed order, inside the caller's transaction. The usage
 * limit is guarded in SQL, so two orders racing for the last use cannot both get it; on a
 * failure nothing was written and the caller should roll back its order.
 */
export async function recordCouponUse(
  tx: Tx,
  couponId: number,
  customer: CouponCustomer,
): Promise<Result<void>> {
  // The row lock makes the per-customer count below see every use committed before ours.
  const [locked] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  if (!locked) return fail(couponError.usageLimit());
  const email = customer.email?.toLowerCase() ?? null;
  const uses = await customerUses(tx, toRule(locked), { ...customer, email });
  if (
    uses !== null &&
    locked.usageLimitPerCustomer !== null &&
    uses >= locked.usageLimitPerCustomer
  ) {
    return fail(couponError.usageLimit());
  }
  const counted = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usageCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (counted.length === 0) return fail(couponError.usageLimit());
  await tx.insert(couponUses).values({
    couponId,
    customerId: customer.customerId ?? null,
    email,
  });
  return ok(undefined);
}
