/** What the sandbox's Stripe.js modules share: result shapes, the API's encoding, locales. */
/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe.js takes and returns loosely shaped JSON objects */

export type Json = Record<string, any>;
export type Handler = (event: any) => void;
export type StripeError = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: Json;
  setup_intent?: Json;
};
export type Result = Json & { error?: StripeError };

export const BASE = '/__sandbox/stripe';
export const ORIGIN = window.location.origin;

/** Parameters as the API reads them: `a[b][0]=c`, brackets unescaped as Stripe.js sends them. */
export function encode(params: Json, prefix = '', out: string[] = []): string[] {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value)) {
      value.forEach((v, i) =>
        typeof v === 'object'
          ? encode(v, `${name}[${i}]`, out)
          : out.push(`${name}[${i}]=${encodeURIComponent(String(v))}`),
      );
    } else if (typeof value === 'object') encode(value, name, out);
    else
      out.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`
          .replace(/%5B/g, '[')
          .replace(/%5D/g, ']'),
      );
  }
  return out;
}

export function localeOf(asked: string | undefined): string {
  const value =
    asked && asked !== 'auto' ? asked : document.documentElement.lang || navigator.language;
  return value.slice(0, 2).toLowerCase() === 'de' ? 'de' : 'en';
}

export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

export function isSetup(clientSecret: string) {
  return clientSecret.startsWith('seti_');
}

export const invalid = (message: string): { error: StripeError } => ({
  error: { type: 'invalid_request_error', message },
});

/** Stripe.js's answer when there is no form (or wallet) to take the payment details from. */
export const missingDetails = () =>
  invalid(
    'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
  );

/** The method types Stripe offers by default: SEPA Direct Debit only in euros. */
export function defaultTypes(currency: string | undefined): string[] {
  return (currency ?? 'eur').toLowerCase() === 'eur' ? ['card', 'sepa_debit'] : ['card'];
}
