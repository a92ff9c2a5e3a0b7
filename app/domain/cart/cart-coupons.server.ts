// The coupons applied to a cart: read, checked against its lines, dropped.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { multiply, sum } from '#app/domain/pricing/money.ts';
import type { CouponInput } from '#app/domain/pricing/totals/totals.ts';
import {
  type CouponContext,
  type PricedLineForCoupons,
  couponLines,
  customerUses,
  toRule,
} from '#app/domain/coupons/cart-coupons.server.ts';
import {
  type CouponRule,
  couponProblem,
  couponTotalsInput,
} from '#app/domain/coupons/coupons.rules.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import type { RemovedCoupon } from '#app/domain/coupons/coupons.view.ts';
import { cartCoupons } from './cart.schema.ts';

/** The coupons applied to a cart, oldest first. */
export async function appliedCoupons(db: Tx, cartId: number): Promise<CouponRule[]> {
  const rows = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.cartId, cartId))
    .orderBy(asc(cartCoupons.appliedAt), asc(coupons.id));
  return rows.map((r) => toRule(r.coupon));
}

export type CartCouponState = {
  /** Input for computeTotals. */
  totals: CouponInput[];
  applied: CouponRule[];
  removed: RemovedCoupon[];
};

/**
 * The coupons of a cart, checked against its current lines: a coupon that no longer applies
 * (expired, used up, minimum spend no longer met, its products gone) is taken off the cart.
 */
export async function checkCartCoupons(
  db: Tx,
  cartId: number,
  lines: readonly PricedLineForCoupons[],
  ctx: CouponContext,
): Promise<CartCouponState> {
  const applied = await appliedCoupons(db, cartId);
  if (applied.length === 0) return { totals: [], applied, removed: [] };
  const withCategories = await couponLines(db, lines, ctx.locale);
  const subtotal = sum(lines.map((l) => multiply(l.unitPrice, l.quantity)));
  const kept: CouponRule[] = [];
  const removed: RemovedCoupon[] = [];
  for (const coupon of applied) {
    const problem = couponProblem(coupon, {
      lines: withCategories,
      subtotal,
      currency: ctx.currency,
      locale: ctx.locale,
      now: ctx.now ?? new Date(),
      customerUses: await customerUses(db, coupon, ctx),
      email: ctx.email ?? null,
    });
    if (problem) removed.push({ code: coupon.code, reason: problem });
    else kept.push(coupon);
  }
  if (removed.length > 0 && !ctx.readOnly) {
    const gone = applied.filter((c) => !kept.includes(c)).map((c) => c.id);
    await db
      .delete(cartCoupons)
      .where(and(eq(cartCoupons.cartId, cartId), inArray(cartCoupons.couponId, gone)));
  }
  return { totals: couponTotalsInput(kept, withCategories), applied: kept, removed };
}

/** An emptied cart keeps no coupons. */
export async function dropCartCoupons(db: Tx, cartId: number): Promise<void> {
  await db.delete(cartCoupons).where(eq(cartCoupons.cartId, cartId));
}
