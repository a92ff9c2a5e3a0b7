// The Stripe keys form: which field each problem of a set of keys belongs to. Pure.
import {
  type StripeKeyProblem,
  type StripeKeySet,
  stripeKeyProblems,
} from '#app/lib/stripe-keys.ts';

export const STRIPE_KEY_FIELDS = ['publishable_key', 'secret_key', 'webhook_secret'] as const;
export type StripeKeyField = (typeof STRIPE_KEY_FIELDS)[number];

/** The field's control id on the page: error messages link to it. */
export const stripeKeyControlId = (field: StripeKeyField) => `stripe-${field.replaceAll('_', '-')}`;

const FIELD_OF: Record<Exclude<StripeKeyProblem, 'incomplete'>, StripeKeyField> = {
  secret_format: 'secret_key',
  publishable_format: 'publishable_key',
  webhook_format: 'webhook_secret',
  mode_mismatch: 'publishable_key',
  webhook_required: 'webhook_secret',
  live_outside_production: 'secret_key',
};

/**
 * The keys as they would be saved (the stored secrets where a field was left empty), judged
 * by the rules the environment's keys follow; each problem at its field, with the message key.
 */
export function judgeStripeKeys(
  keys: StripeKeySet,
  nodeEnv: string,
): { field: string; code: string }[] {
  const problems = stripeKeyProblems(keys, nodeEnv);
  if (!keys.secretKey && !keys.publishableKey && !keys.webhookSecret) {
    problems.push('incomplete');
  }
  return problems.map((problem) => {
    const field =
      problem === 'incomplete'
        ? keys.secretKey
          ? 'publishable_key'
          : 'secret_key'
        : FIELD_OF[problem];
    return { field: stripeKeyControlId(field), code: `admin.stripeKeys.error.${problem}` };
  });
}
