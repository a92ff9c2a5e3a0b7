import { z } from 'zod';

/**
 * Safe in the browser: a subscription product's terms (products.subscription) and what its
 * first order charges. The subscriptions themselves build on these.
 */

export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** A product's subscription terms (products.subscription). */
export const subscriptionTermsSchema = z.object({
  period: z.enum(PERIODS),
  /** Every `interval` periods: 1 = monthly, 3 = quarterly. */
  interval: z.number().int().min(1).max(6),
  /** Days free before the first charge; 0: none. */
  trialDays: z.number().int().min(0).max(365),
  /** Charged once with the first order, gross minor units. */
  signUpFee: z.number().int().min(0),
  /** Number of renewals paid in total (including the first); null: until cancelled. */
  length: z.number().int().min(1).max(120).nullable(),
});
export type SubscriptionTerms = z.infer<typeof subscriptionTermsSchema>;

/** What the first order charges per unit: the sign-up fee, plus the price unless on trial. */
export function dueTodayPerUnit(price: number, terms: SubscriptionTerms): number {
  return (terms.trialDays > 0 ? 0 : price) + terms.signUpFee;
}
