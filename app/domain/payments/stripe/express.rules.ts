import { toProviderAmount } from './provider-amount.ts';

/** Pure rules of express checkout (spec sections 3 and 5). */

/** A line of the wallet sheet, in the provider's decimals. */
export type DisplayItem = { label: string; amount: number };

/**
 * The sheet's total and items rescaled from the cart's minor unit to the provider's decimals.
 * When the total is less than the items' sum (a discount or reverse charge the items do not
 * show), the items are dropped: a sheet must never show items adding up to more than it charges.
 */
export function sheetAmounts(
  total: number,
  items: readonly DisplayItem[],
  minorUnit: number,
  decimals: number,
): { total: number; displayItems: DisplayItem[] } {
  const scaled = items.map((i) => ({
    label: i.label,
    amount: toProviderAmount(i.amount, minorUnit, decimals),
  }));
  const providerTotal = toProviderAmount(total, minorUnit, decimals);
  const sum = scaled.reduce((s, i) => s + i.amount, 0);
  return { total: providerTotal, displayItems: providerTotal < sum ? [] : scaled };
}

/** Spec section 3: spaces, brackets and dashes leave a wallet's phone number. */
export const stripPhone = (phone: string) => phone.replace(/[\s()[\]{}\-‐-―]/g, '');

/**
 * A wallet's single name field as first and last name: the last word is the last name; a
 * missing last name becomes '-' (the order form requires one).
 */
export function splitName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', last_name: '-' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1)! };
}

/** Wallet ids of spec section 4 as shoppers know them; anything else is not recorded. */
export const WALLET_NAMES: Readonly<Record<string, string>> = {
  apple_pay: 'Apple Pay',
  applePay: 'Apple Pay',
  google_pay: 'Google Pay',
  googlePay: 'Google Pay',
  link: 'Link',
  amazon_pay: 'Amazon Pay',
};

/** Allowed countries, as the sheet restricts them; an empty list allows none. */
export const shipsTo = (allowed: readonly string[], country: string) =>
  allowed.includes(country.toUpperCase());

/** The wallet buttons' height in px (spec section 5): clamped to 40–55, 48 when unreadable. */
export const BUTTON_HEIGHT = { min: 40, max: 55, fallback: 48 } as const;

export function buttonHeight(height: unknown): number {
  const n = typeof height === 'number' ? height : Number.parseInt(String(height), 10);
  if (!Number.isFinite(n)) return BUTTON_HEIGHT.fallback;
  return Math.min(BUTTON_HEIGHT.max, Math.max(BUTTON_HEIGHT.min, Math.round(n)));
}
