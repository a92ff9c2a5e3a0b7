import { type DomainError, domainError } from '#app/domain/kernel/result.ts';

// The amount rules live apart so the wallet buttons' bundle carries them without the
// card form's error texts.
export {
  DEFAULT_PROVIDER_DECIMALS,
  providerDecimals,
  toProviderAmount,
} from './provider-amount.ts';

/** Spec section 3: ids starting with seti_ are setup intents. */
export const isSetupIntentId = (id: string) => id.startsWith('seti_');

/** Spec section 4: mode is setup when the cart total is below 1 (in major units). */
export function elementsMode(total: number, minorUnit: number): 'payment' | 'setup' {
  return total / 10 ** minorUnit < 1 ? 'setup' : 'payment';
}

/** Spec section 9: the Cash App notice shows above this cart total (minor units). */
export const CASHAPP_NOTICE_ABOVE = 200_000;

/** Spec sections 8 and 9: Cash App may refuse large amounts; say so when it is chosen. */
export const showsCashAppNotice = (type: string, total: number) =>
  type === 'cashapp' && total > CASHAPP_NOTICE_ABOVE;

/** Spec section 5: a BLIK code is six digits. */
export const isBlikCode = (code: string) => /^\d{6}$/.test(code);

/** The part of a provider error the shop reads (Stripe's error object). */
export type ProviderError = {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  param?: string | null;
  message?: string | null;
};

const REQUIRED_CODES = [
  'parameter_invalid_empty',
  'parameter_missing',
  'parameter_string_empty',
  'parameter_string_blank',
];

/** Decline reasons with a message of their own; the rest read as the default failure text. */
const DECLINES: Record<string, string> = {
  generic_decline: 'stripe.error.card_declined',
  card_declined: 'stripe.error.card_declined',
  do_not_honor: 'stripe.error.card_declined',
  insufficient_funds: 'stripe.error.insufficient_funds',
  incorrect_cvc: 'stripe.error.incorrect_cvc',
  invalid_cvc: 'stripe.error.incorrect_cvc',
  expired_card: 'stripe.error.expired_card',
  incorrect_number: 'stripe.error.incorrect_number',
  invalid_number: 'stripe.error.incorrect_number',
  processing_error: 'stripe.error.processing_error',
  lost_card: 'stripe.error.card_declined',
  stolen_card: 'stripe.error.card_declined',
  payment_intent_authentication_failure: 'stripe.error.authentication_failed',
  setup_intent_authentication_failure: 'stripe.error.authentication_failed',
  payment_method_invalid_parameter: 'stripe.error.invalid_payment_details',
};

/** `billing_details[address][postal_code]` -> group and field of the checkout form. */
function billingParam(param: string): { group: 'billing' | 'shipping'; field: string } | null {
  const match = /^(billing|shipping)(?:_details)?\[(?:address\]\[)?([a-z0-9_]+)\]$/.exec(param);
  if (!match) return null;
  return { group: match[1] as 'billing' | 'shipping', field: match[2]! };
}

/**
 * Spec section 5: a provider error as the shop's failure. Missing billing or shipping fields
 * become "{Group} {Field} is a required field."; known declines have their own text; anything
 * else is "Payment failed. Please try again."
 */
export function providerFailure(error: ProviderError): DomainError {
  const code = error.code ?? '';
  if (REQUIRED_CODES.includes(code) && error.param) {
    const named = billingParam(error.param);
    if (named) {
      return domainError('invalid', 'stripe.error.required_field', {
        group: named.group,
        field: named.field,
      });
    }
  }
  const reason = error.decline_code || code;
  const key = DECLINES[reason];
  return domainError('payment_declined', key ?? 'stripe.error.payment_failed', {
    reason: reason || 'unknown',
  });
}
