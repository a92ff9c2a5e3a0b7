import { type Locale, intlLocale } from '#app/lib/locale.ts';
import { roundMinor } from './rounding.ts';

/** Money is always an integer count of minor units (cents) plus a currency code. */
export type Money = { amount: number; currency: string };

const MINOR_UNITS: Record<string, number> = { JPY: 0, HUF: 2, BHD: 3, KWD: 3 };

export function minorUnit(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, currency: string): Intl.NumberFormat {
  const id = `${locale}|${currency}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: minorUnit(currency),
    });
    formatters.set(id, f);
  }
  return f;
}

/** The one way money reaches the screen. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return formatter(locale, currency).format(amount / 10 ** minorUnit(currency));
}

/**
 * An amount inside a sentence: whole amounts without their zero cents ("50 €"), spaced like
 * the words around it.
 */
export function formatMoneyInText(amount: number, currency: string, locale: Locale): string {
  const unit = 10 ** minorUnit(currency);
  const text =
    amount % unit === 0
      ? new Intl.NumberFormat(intlLocale(locale), {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }).format(amount / unit)
      : formatMoney(amount, currency, locale);
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

export { roundMinor };

/** Unit price times a (possibly fractional) quantity, e.g. 0.5 m of fabric. */
export function multiply(unitAmount: number, quantity: number): number {
  return roundMinor(unitAmount * quantity);
}

export function sum(amounts: readonly number[]): number {
  return amounts.reduce((a, b) => a + b, 0);
}

/** Parses a decimal string such as "12,50" or "12.5" into minor units; null when not a price. */
export function parseMoney(input: string, currency: string): number | null {
  const normalised = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  return roundMinor(Number(normalised) * 10 ** minorUnit(currency));
}
