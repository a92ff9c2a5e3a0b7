import type Stripe from 'stripe';
import {
  type Params,
  addressOf,
  invalid,
  missingParam,
  optBool,
  optInt,
  optObject,
  optString,
  optStringArray,
  reqString,
} from './params.ts';
import { emptyAddress } from './objects.ts';
import { SUPPORTED_TYPES } from './test-data.ts';

/** Parameters PaymentIntents and SetupIntents read alike: amounts, currencies, method types. */
export const MIN_AMOUNT = 50;
export const MAX_AMOUNT = 99_999_999;
export const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'] as const;

export type TypeChoice = {
  types: string[];
  automatic: boolean;
  allowed: string[] | null;
  excluded: string[] | null;
};

/**
 * The payment method types of an intent: `allowed_payment_method_types` (this API version's
 * name; `payment_method_types` of older versions is read too), else every type the sandbox
 * knows less `excluded_payment_method_types`.
 */
export function typesOf(p: Params): TypeChoice {
  const allowedName =
    p.allowed_payment_method_types !== undefined
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
  const allowed = p[allowedName] === '' ? undefined : optStringArray(p, allowedName);
  const excluded =
    p.excluded_payment_method_types === ''
      ? undefined
      : optStringArray(p, 'excluded_payment_method_types');
  const auto = optObject(p, 'automatic_payment_methods');
  if (auto) optBool(auto, 'enabled', 'automatic_payment_methods[enabled]');
  for (const [name, list] of [
    [allowedName, allowed],
    ['excluded_payment_method_types', excluded],
  ] as const) {
    for (const [i, t] of (list ?? []).entries()) {
      if (!(SUPPORTED_TYPES as readonly string[]).includes(t)) {
        throw invalid(`${name}[${i}]`, `The payment method type "${t.slice(0, 40)}" is invalid.`);
      }
    }
  }
  const base = allowed ?? [...SUPPORTED_TYPES];
  const types = base.filter((t) => !excluded?.includes(t));
  if (types.length === 0) {
    throw invalid(
      allowedName,
      'No valid payment method types for this intent.',
      'payment_method_configuration_failures',
    );
  }
  return { types, automatic: !allowed, allowed: allowed ?? null, excluded: excluded ?? null };
}

export function amountOf(p: Params, currency: string, required: boolean): number | undefined {
  const amount = optInt(p, 'amount', -1e12, 1e12);
  if (amount === undefined) {
    if (required) throw missingParam('amount');
    return undefined;
  }
  if (amount < MIN_AMOUNT) {
    throw invalid('amount', `Amount must be at least 0.50 ${currency}`, 'amount_too_small');
  }
  if (amount > MAX_AMOUNT)
    throw invalid('amount', 'Amount must be no more than 999,999.99', 'amount_too_large');
  return amount;
}

export function currencyOf(p: Params, required: boolean): string | undefined {
  const currency = optString(p, 'currency', 10)?.toLowerCase();
  if (currency === undefined) {
    if (required) throw missingParam('currency');
    return undefined;
  }
  if (!/^[a-z]{3}$/.test(currency))
    throw invalid('currency', `Invalid currency: ${currency.slice(0, 10)}.`);
  return currency;
}

export function shippingOf(p: Params): Stripe.PaymentIntent.Shipping | null | undefined {
  if (p.shipping === '') return null;
  const s = optObject(p, 'shipping');
  if (!s) return undefined;
  return {
    address: addressOf(s, 'address') ?? emptyAddress(),
    name: reqString(s, 'name', 256, 'shipping[name]'),
    phone: optString(s, 'phone', 40, 'shipping[phone]') ?? null,
    carrier: null,
    tracking_number: null,
  };
}

export function mandateAccepted(p: Params): boolean {
  return optObject(p, 'mandate_data') !== undefined;
}
