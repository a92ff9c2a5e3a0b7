import { z } from 'zod';
import { COUPON_CODE_MAX } from './coupons.rules.ts';

/** A coupon code as typed: any text up to the longest code the shop accepts, blanks trimmed. */
export const couponCodeSchema = z.string().max(COUPON_CODE_MAX).trim();

/** A billing e-mail sent with a coupon (wc-ajax): only used to count per-customer uses. */
const billingEmailSchema = z
  .string()
  .max(254)
  .trim()
  .transform((s) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) ? s.toLowerCase() : null));

export const applyCouponSchema = z.object({ code: couponCodeSchema });
export const removeCouponSchema = z.object({ code: couponCodeSchema });

/** wc-ajax `apply_coupon`: security, coupon_code, billing_email. */
export const applyCouponFormSchema = z.object({
  coupon_code: couponCodeSchema.optional(),
  billing_email: billingEmailSchema.optional(),
});

/** wc-ajax `remove_coupon`: security, coupon. */
export const removeCouponFormSchema = z.object({ coupon: couponCodeSchema.optional() });
