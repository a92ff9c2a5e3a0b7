import { roundMinor } from './money.ts';
import { intlLocale } from '#app/lib/locale.ts';

/**
 * The VAT classes a product can be in (products.tax_class): the standard rate, the reduced
 * rate and a member state's second reduced rate (France's 10 %, Italy's 5 %, Ireland's 9 %).
 */
export const TAX_CLASSES = ['standard', 'reduced', 'reduced2'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** VAT rates in basis points (1900 = 19 %) per EU country and tax class. */
export type VatRateTable = Readonly<Record<string, Readonly<Record<TaxClass, number>>>>;

/**
 * The rates in force in 2026, used where the back office has set none. A member state with a
 * single reduced rate (or none) has it in both reduced classes (Denmark: the standard rate).
 */
export const DEFAULT_VAT_RATES: VatRateTable = {
  DE: { standard: 1900, reduced: 700, reduced2: 700 },
  AT: { standard: 2000, reduced: 1000, reduced2: 1300 },
  BE: { standard: 2100, reduced: 600, reduced2: 1200 },
  BG: { standard: 2000, reduced: 900, reduced2: 900 },
  CY: { standard: 1900, reduced: 500, reduced2: 900 },
  CZ: { standard: 2100, reduced: 1200, reduced2: 1200 },
  DK: { standard: 2500, reduced: 2500, reduced2: 2500 },
  EE: { standard: 2400, reduced: 900, reduced2: 1300 },
  ES: { standard: 2100, reduced: 1000, reduced2: 1000 },
  FI: { standard: 2550, reduced: 1400, reduced2: 1000 },
  FR: { standard: 2000, reduced: 550, reduced2: 1000 },
  GR: { standard: 2400, reduced: 1300, reduced2: 600 },
  HR: { standard: 2500, reduced: 500, reduced2: 1300 },
  HU: { standard: 2700, reduced: 500, reduced2: 1800 },
  IE: { standard: 2300, reduced: 1350, reduced2: 900 },
  IT: { standard: 2200, reduced: 1000, reduced2: 500 },
  LT: { standard: 2100, reduced: 900, reduced2: 500 },
  LU: { standard: 1700, reduced: 800, reduced2: 800 },
  LV: { standard: 2100, reduced: 1200, reduced2: 500 },
  MT: { standard: 1800, reduced: 500, reduced2: 700 },
  NL: { standard: 2100, reduced: 900, reduced2: 900 },
  PL: { standard: 2300, reduced: 800, reduced2: 500 },
  PT: { standard: 2300, reduced: 600, reduced2: 1300 },
  RO: { standard: 2100, reduced: 1100, reduced2: 1100 },
  SE: { standard: 2500, reduced: 1200, reduced2: 600 },
  SI: { standard: 2200, reduced: 950, reduced2: 500 },
  SK: { standard: 2300, reduced: 1900, reduced2: 500 },
};

export const SHOP_COUNTRY = 'DE';

/**
 * Each class's slug in the REST API and the product CSV: WooCommerce's names for the standard
 * and the reduced rate, and the slug it would give a class named "Second reduced rate".
 */
export const TAX_CLASS_SLUGS = {
  standard: '',
  reduced: 'reduced-rate',
  reduced2: 'second-reduced-rate',
} as const satisfies Record<TaxClass, string>;

export type TaxClassSlug = (typeof TAX_CLASS_SLUGS)[TaxClass];

/** The class of a slug; `standard` and the class names themselves count too. */
export function taxClassOfSlug(slug: string): TaxClass | null {
  if (slug === 'standard') return 'standard';
  const found = (Object.keys(TAX_CLASS_SLUGS) as TaxClass[]).find(
    (c) => TAX_CLASS_SLUGS[c] === slug || c === slug,
  );
  return found ?? null;
}

/** The rate of a class in `country` (the shop's own for a country outside the table). */
export function vatRate(table: VatRateTable, taxClass: TaxClass, country = SHOP_COUNTRY): number {
  const rates = table[country] ?? table[SHOP_COUNTRY] ?? DEFAULT_VAT_RATES[SHOP_COUNTRY]!;
  return rates[taxClass] ?? DEFAULT_VAT_RATES[SHOP_COUNTRY]![taxClass];
}

/** A net amount with the VAT on top, rounded to the cent: what a net-entered price sells for. */
export function grossOfNet(netAmount: number, rateBasisPoints: number): number {
  return roundMinor((netAmount * (10_000 + rateBasisPoints)) / 10_000);
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
