// Which Stripe keys the shop accepts, wherever they come from (the environment or the back
// office): one set of rules, so both refuse the same keys. Pure: the page may share it.

export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,250}$/;
export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9_]{8,250}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_+/=]{8,250}$/;

export type StripeKeySet = {
  secretKey?: string | undefined;
  publishableKey?: string | undefined;
  webhookSecret?: string | undefined;
};

/** Why a set of keys may not run: each rule once, named for the messages of env and forms. */
export type StripeKeyProblem =
  | 'secret_format'
  | 'publishable_format'
  | 'webhook_format'
  | 'incomplete'
  | 'mode_mismatch'
  | 'webhook_required'
  | 'live_outside_production';

/** `test` or `live`, from a key's prefix; null for anything else. */
export function stripeKeyMode(key: string | undefined): 'test' | 'live' | null {
  const match = /^(?:sk|rk|pk)_(test|live)_/.exec(key ?? '');
  return match ? (match[1] as 'test' | 'live') : null;
}

/**
 * The problems of a set of keys, in the order a person fixes them; none for an empty set
 * (the built-in sandbox). Live keys run only in production, and production needs the
 * webhook's signing secret.
 */
export function stripeKeyProblems(
  keys: StripeKeySet,
  nodeEnv: string,
  options: { formats?: boolean } = {},
): StripeKeyProblem[] {
  const { secretKey, publishableKey, webhookSecret } = keys;
  if (!secretKey && !publishableKey && !webhookSecret) return [];
  const problems: StripeKeyProblem[] = [];
  if (options.formats !== false) {
    if (secretKey && !STRIPE_SECRET_KEY_PATTERN.test(secretKey)) problems.push('secret_format');
    if (publishableKey && !STRIPE_PUBLISHABLE_KEY_PATTERN.test(publishableKey)) {
      problems.push('publishable_format');
    }
    if (webhookSecret && !STRIPE_WEBHOOK_SECRET_PATTERN.test(webhookSecret)) {
      problems.push('webhook_format');
    }
    if (problems.length > 0) return problems;
  }
  if (!secretKey || !publishableKey) return ['incomplete'];
  if (stripeKeyMode(secretKey) !== stripeKeyMode(publishableKey)) problems.push('mode_mismatch');
  if (!webhookSecret && nodeEnv === 'production') problems.push('webhook_required');
  if (stripeKeyMode(secretKey) === 'live' && nodeEnv !== 'production') {
    problems.push('live_outside_production');
  }
  return problems;
}

/** A secret as the page shows it: its kind and mode, dots, and the last four characters. */
export function maskStripeSecret(secret: string): string {
  const prefix = /^((?:sk|rk)_(?:test|live)_|whsec_)/.exec(secret)?.[1] ?? '';
  return `${prefix}••••${secret.slice(-4)}`;
}
