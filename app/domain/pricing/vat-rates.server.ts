import { z } from 'zod';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { VatRateTable } from './tax.ts';
import { type StoredRates, ratesWithOverrides, storedRatesSchema } from './vat-rates.rules.ts';

/** The rates set in the back office, as differences from the defaults (decision 0039). */
export const VAT_RATES_SETTING = 'tax.rates';
/** Whether product prices are entered with VAT (gross, the default) or without (net). */
export const PRICES_INCLUDE_TAX_SETTING = 'tax.prices_include_tax';

/** What pricing needs of the tax settings on every cart and product page. */
export type TaxSetup = { rates: VatRateTable; pricesIncludeTax: boolean };

const TAX_SETUP_KEY = 'pricing.tax-setup';

export function storedRates(db: Tx): Promise<StoredRates> {
  return getSetting(db, VAT_RATES_SETTING, storedRatesSchema, {});
}

export function storedPricesIncludeTax(db: Tx): Promise<boolean> {
  return getSetting(db, PRICES_INCLUDE_TAX_SETTING, z.boolean(), true);
}

/** The setup as stored now, never kept: for saves and their checks. */
export async function readTaxSetup(db: Tx): Promise<TaxSetup> {
  const [stored, pricesIncludeTax] = await readAll(db, [
    () => storedRates(db),
    () => storedPricesIncludeTax(db),
  ] as const);
  return { rates: ratesWithOverrides(stored), pricesIncludeTax };
}

/**
 * The rates and the price entry mode in force. Read on every cart and product page, so each
 * instance keeps them a few seconds like the other reference data; an edit elsewhere shows
 * here once that time is up, and at once on the instance that saved it.
 */
export function taxSetup(db: Tx): Promise<TaxSetup> {
  return shortLived(db, TAX_SETUP_KEY, REFERENCE_TTL_MS, () => readTaxSetup(db));
}

/** After a save: this instance prices with the new setup from the next request on. */
export function forgetTaxSetup(db: Tx): void {
  forget(db, TAX_SETUP_KEY);
}
