// The VAT rates the back office may set: what a rate may be, and the table they make. Pure.
import { z } from 'zod';
import {
  DEFAULT_VAT_RATES,
  SHOP_COUNTRY,
  TAX_CLASSES,
  type TaxClass,
  type VatRateTable,
} from './tax.ts';

/** No member state charges more than 27 %; 30 % leaves room and catches a slipped digit. */
export const MAX_RATE_BASIS_POINTS = 3000;

const basisPoints = z.number().int().min(0).max(MAX_RATE_BASIS_POINTS);

/** The stored setting: only the rates that differ from the defaults, per country and class. */
export const storedRatesSchema = z.record(
  z.string().regex(/^[A-Z]{2}$/),
  z.object(
    Object.fromEntries(TAX_CLASSES.map((c) => [c, basisPoints.optional()])) as Record<
      TaxClass,
      z.ZodOptional<typeof basisPoints>
    >,
  ),
);
export type StoredRates = z.infer<typeof storedRatesSchema>;

/** The countries of the rates table, the shop's own first, the others by code. */
export function rateCountries(): string[] {
  return Object.keys(DEFAULT_VAT_RATES).sort((a, b) =>
    a === SHOP_COUNTRY ? -1 : b === SHOP_COUNTRY ? 1 : a.localeCompare(b),
  );
}

/** The defaults with the stored rates over them; countries outside the table are left out. */
export function ratesWithOverrides(stored: StoredRates): VatRateTable {
  const table: Record<string, Record<TaxClass, number>> = {};
  for (const [country, defaults] of Object.entries(DEFAULT_VAT_RATES)) {
    const own = stored[country] ?? {};
    table[country] = Object.fromEntries(
      TAX_CLASSES.map((c) => [c, own[c] ?? defaults[c]]),
    ) as Record<TaxClass, number>;
  }
  return table;
}

/** What to store for a table: the rates that differ from the defaults. */
export function overridesOf(table: VatRateTable): StoredRates {
  const stored: StoredRates = {};
  for (const [country, defaults] of Object.entries(DEFAULT_VAT_RATES)) {
    for (const c of TAX_CLASSES) {
      const rate = table[country]?.[c];
      if (rate !== undefined && rate !== defaults[c]) (stored[country] ??= {})[c] = rate;
    }
  }
  return stored;
}

/** One changed rate, for the audit log. */
export type RateChange = { country: string; taxClass: TaxClass; before: number; after: number };

export function rateChanges(before: VatRateTable, after: VatRateTable): RateChange[] {
  const changes: RateChange[] = [];
  for (const country of rateCountries()) {
    for (const taxClass of TAX_CLASSES) {
      const was = before[country]![taxClass];
      const now = after[country]![taxClass];
      if (was !== now) changes.push({ country, taxClass, before: was, after: now });
    }
  }
  return changes;
}

/** The audit entity id of one rate: `tax.rates.FR.reduced2`. */
export const rateAuditId = (country: string, taxClass: TaxClass) =>
  `tax.rates.${country}.${taxClass}`;

export function rateOfAuditId(id: string): { country: string; taxClass: TaxClass } | null {
  const match = /^tax\.rates\.([A-Z]{2})\.(\w+)$/.exec(id);
  const taxClass = TAX_CLASSES.find((c) => c === match?.[2]);
  return match && taxClass ? { country: match[1]!, taxClass } : null;
}

/**
 * A percentage as typed ("19", "5,5", "13.50"; the German comma or a point) in basis points;
 * null when it is no number from 0 to 30 with at most two decimals.
 */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= MAX_RATE_BASIS_POINTS ? points : null;
}

/** The form field of one rate: `rate_FR_reduced2`. */
export const rateField = (country: string, taxClass: TaxClass) => `rate_${country}_${taxClass}`;

/** A rate as the form shows it: "5,5" in German, "5.5" in English, no trailing zeros. */
export function rateInput(rateBasisPoints: number, locale: 'de' | 'en'): string {
  const text = String(rateBasisPoints / 100);
  return locale === 'de' ? text.replace('.', ',') : text;
}

/** The control id of one rate on the page: error messages link to it. */
export const rateControlId = (country: string, taxClass: TaxClass) =>
  `tax-rate-${country}-${taxClass}`;
