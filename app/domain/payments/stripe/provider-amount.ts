// Amounts as the card provider counts them (payments spec section 5).

/** Currencies Stripe counts in whole units; every other takes the default of 2 decimals. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export const DEFAULT_PROVIDER_DECIMALS = 2;

export function providerDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : DEFAULT_PROVIDER_DECIMALS;
}

/** Spec section 5: an amount in the cart's minor unit, rescaled to the provider's decimals. */
export function toProviderAmount(
  amount: number,
  minorUnit: number,
  decimals = DEFAULT_PROVIDER_DECIMALS,
): number {
  const shift = decimals - minorUnit;
  return shift >= 0 ? amount * 10 ** shift : Math.round(amount / 10 ** -shift);
}
