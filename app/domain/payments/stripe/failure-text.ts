import type { DomainError } from '#app/domain/kernel/result.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { type ProviderError, providerFailure } from './stripe.rules.ts';

/**
 * Payment failures as the shopper reads them, on the server (the checkout's answer) and in the
 * browser (the provider's answer to creating a payment method) alike.
 */
const FORM_FIELDS: Record<string, string> = {
  line1: 'address_1',
  line2: 'address_2',
  postal_code: 'postcode',
  name: 'first_name',
};

/** A payment failure in the shopper's language, with the form field it is about. */
export function paymentFailureMessage(
  error: DomainError,
  t: Translate,
): { text: string; field?: string } {
  if (error.code === 'stripe.error.required_field') {
    const group = String(error.params?.group ?? 'billing');
    const field = String(error.params?.field ?? '');
    const label = t(`stripe.field.${field}` as TextKey);
    return {
      text: t('stripe.error.required_field', {
        group: t(group === 'shipping' ? 'checkout.group_shipping' : 'checkout.group_billing'),
        field: label.startsWith('stripe.field.') ? field : label,
      }),
      field: `${group}_${FORM_FIELDS[field] ?? field}`,
    };
  }
  const field = typeof error.params?.field === 'string' ? error.params.field : undefined;
  return { text: t(error.code as TextKey, error.params), field };
}

/**
 * An error the provider gave the browser (creating the payment method): a missing billing or
 * shipping field reads "{Group} {Field} is a required field." at that field (spec section 5);
 * any other keeps the provider's own words, or the invalid-details text without any.
 */
export function browserProviderProblem(
  error: ProviderError,
  t: Translate,
): { text: string; field?: string } {
  const failure = providerFailure(error);
  if (failure.code === 'stripe.error.required_field') return paymentFailureMessage(failure, t);
  return { text: error.message || t('stripe.error.invalid_payment_details') };
}
