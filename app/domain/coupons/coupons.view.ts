import type { ErrorParams } from '#app/domain/kernel/result.ts';
import type { CouponKind } from '#app/domain/pricing/totals/totals.ts';

/** A coupon applied to the cart, as pages, the mini cart and the Store API show it. */
export type CartCoupon = {
  code: string;
  kind: CouponKind;
  /** What it takes off the items, gross, and the VAT that discount contains. */
  discount: number;
  discountTax: number;
  /** The coupon grants free shipping; the shipping methods read this. */
  freeShipping: boolean;
};

/** A coupon the cart dropped because it no longer applies, with the reason in message form. */
export type RemovedCoupon = { code: string; reason: { code: string; params?: ErrorParams } };

/** Whether any applied coupon grants free shipping. */
export function hasFreeShippingCoupon(coupons: readonly CartCoupon[]): boolean {
  return coupons.some((c) => c.freeShipping);
}
