import { roundMinor } from './money.ts';
import { intlLocale } from '#app/lib/locale.ts';

/** The VAT classes a product can be in (products.tax_class). */
export const TAX_CLASSES = ['standard', 'reduced'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** VAT rates in basis points (1900 = 19 %) per EU destination country and tax class. */
export const VAT_RATES: Record<string, Record<TaxClass, number>> = {
  DE: { standard: 1900, reduced: 700 },
  AT: { standard: 2000, reduced: 1000 },
  BE: { standard: 2100, reduced: 600 },
  BG: { standard: 2000, reduced: 900 },
  CY: { standard: 1900, reduced: 500 },
  CZ: { standard: 2100, reduced: 1200 },
  DK: { standard: 2500, reduced: 2500 },
  EE: { standard: 2400, reduced: 900 },
  ES: { standard: 2100, reduced: 1000 },
  FI: { standard: 2550, reduced: 1400 },
  FR: { standard: 2000, reduced: 550 },
  GR: { standard: 2400, reduced: 1300 },
  HR: { standard: 2500, reduced: 500 },
  HU: { standard: 2700, reduced: 500 },
  IE: { standard: 2300, reduced: 1350 },
  IT: { standard: 2200, reduced: 1000 },
  LT: { standard: 2100, reduced: 900 },
  LU: { standard: 1700, reduced: 800 },
  LV: { standard: 2100, reduced: 1200 },
  MT: { standard: 1800, reduced: 500 },
  NL: { standard: 2100, reduced: 900 },
  PL: { standard: 2300, reduced: 800 },
  PT: { standard: 2300, reduced: 600 },
  RO: { standard: 2100, reduced: 1100 },
  SE: { standard: 2500, reduced: 1200 },
  SI: { standard: 2200, reduced: 950 },
  SK: { standard: 2300, reduced: 1900 },
};

export const SHOP_COUNTRY = 'DE';

export function vatRate(taxClass: TaxClass, country = SHOP_COUNTRY): number {
  const rates = VAT_RATES[country] ?? VAT_RATES[SHOP_COUNTRY]!;
  return rates[taxClass];
}

/** The VAT contained in a gross amount: gross × rate / (1 + rate), rounded per line. */
export function taxInGross(grossAmount: number, rateBasisPoints: number): number {
  return roundMinor((grossAmount * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** "19 %" in German (a non-breaking space, as German typesetting wants), "19%" in English. */
export function formatRate(rateBasisPoints: number, locale: 'de' | 'en'): string {
  const value = new Intl.NumberFormat(intlLocale(locale), {
    maximumFractionDigits: 2,
  }).format(rateBasisPoints / 100);
  return locale === 'de' ? `${value}\u00a0%` : `${value}%`;
}
