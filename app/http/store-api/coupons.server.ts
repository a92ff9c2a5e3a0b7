import { invalidParam } from '#app/domain/cart/cart.errors.ts';
import { applyCoupon, removeCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { applyCouponSchema, removeCouponSchema } from '#app/domain/coupons/coupons.validation.ts';
import { fail } from '#app/domain/kernel/result.ts';
import { cartChange } from './cart.server.ts';

/** POST code: applies a coupon to the session's cart; the cart in the answer. */
export const applyCartCoupon = cartChange({
  schema: applyCouponSchema,
  invalid: () => invalidParam('code'),
  change: ({ db, currency, locale, input }, session) =>
    applyCoupon(db, session, input.code, { currency, locale, customerId: session.customerId }),
});

/** POST code: takes a coupon off the session's cart; a code not applied there is refused. */
export const removeCartCoupon = cartChange({
  schema: removeCouponSchema,
  invalid: () => invalidParam('code'),
  // A code the cart does not carry is a bad request, as WooCommerce answers it.
  change: async ({ db, input }, session) => {
    const removed = await removeCoupon(db, session, input.code);
    return removed.ok ? removed : fail({ ...removed.error, kind: 'invalid' });
  },
});
