// A shopper applies or removes a coupon code on their cart.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, fail, ok } from '#app/domain/kernel/result.ts';
import {
  type CouponContext,
  type CouponCustomer,
  couponLines,
  customerUses,
} from '#app/domain/coupons/cart-coupons.server.ts';
import {
  combinationProblem,
  couponError,
  couponProblem,
  formatCouponCode,
  normalizeCouponCode,
} from '#app/domain/coupons/coupons.rules.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { findCouponByCode } from '#app/domain/coupons/coupons.server.ts';
import { type CartOwner, loadCart } from './cart.server.ts';
import { appliedCoupons } from './cart-coupons.server.ts';
import { cartCoupons, carts } from './cart.schema.ts';

async function lockCart(db: Tx, owner: CartOwner) {
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.sessionIdHash, owner.idHash))
    .for('update');
  return cart ?? null;
}

/**
 * Applies a coupon to the owner's cart after checking it against the cart as it is now, the
 * coupons already applied and its usage limits. An individual-use coupon replaces the others.
 */
export async function applyCoupon(
  db: Tx,
  owner: CartOwner,
  code: string,
  ctx: CouponContext,
): Promise<Result<{ code: string }>> {
  const typed = formatCouponCode(code);
  if (typed === '') return fail(couponError.enterCode());
  const coupon = await findCouponByCode(db, typed);
  if (!coupon) return fail(couponError.notExist(typed));
  return db.transaction(async (tx) => {
    // Serialises changes to one cart, so two coupons cannot both slip past individual use.
    const cart = await lockCart(tx, owner);
    if (!cart) return fail(couponError.cartContents());
    const now = ctx.now ?? new Date();
    const view = await loadCart(tx, owner, { currency: ctx.currency, locale: ctx.locale });
    const applied = await appliedCoupons(tx, cart.id);
    const clash = combinationProblem(coupon, applied);
    if (clash) return fail(clash);
    const customer: CouponCustomer = {
      customerId: ctx.customerId ?? owner.customerId ?? null,
      email: ctx.email ?? null,
    };
    const problem = couponProblem(coupon, {
      lines: await couponLines(tx, view.lines, ctx.locale),
      subtotal: view.totals.items,
      currency: view.currency,
      locale: ctx.locale,
      now,
      customerUses: await customerUses(tx, coupon, customer),
      email: customer.email,
    });
    if (problem) return fail(problem);
    if (coupon.individualUse) {
      await tx
        .delete(cartCoupons)
        .where(and(eq(cartCoupons.cartId, cart.id), ne(cartCoupons.couponId, coupon.id)));
    }
    await tx
      .insert(cartCoupons)
      .values({ cartId: cart.id, couponId: coupon.id, appliedAt: now })
      .onConflictDoNothing();
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cart.id));
    return ok({ code: coupon.code });
  });
}

/** Takes a coupon off the owner's cart; a code that is not applied there is refused. */
export async function removeCoupon(
  db: Tx,
  owner: CartOwner,
  code: string,
): Promise<Result<{ code: string }>> {
  const wanted = normalizeCouponCode(code);
  if (wanted === '') return fail(couponError.notApplied());
  const removed = await db.execute(sql`
    delete from ${cartCoupons} cc
    using ${carts} c, ${coupons} k
    where cc.cart_id = c.id and cc.coupon_id = k.id
      and c.session_id_hash = ${owner.idHash}
      and lower(k.code) = lower(${wanted})
    returning k.code`);
  const { rows } = removed as unknown as { rows: { code: string }[] };
  if (rows.length === 0) return fail(couponError.notApplied());
  return ok({ code: rows[0]!.code });
}
