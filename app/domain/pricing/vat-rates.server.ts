import { z } from 'zod';
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

export function storedRates(db: Tx): Promise<StoredRates> {
  return getSetting(db, VAT_RATES_SETTING, storedRatesSchema, {});
}

export function storedPricesIncludeTax(db: Tx): Promise<boolean> {
  return getSetting(db, PRICES_INCLUDE_TAX_SETTING, z.boolean(), true);
}

/**
 * The rates and the price entry mode in force, read once per cart or product page next to
 * the other reference data. Both are plain settings: the settings layer keeps what it read
 * per instance only while no write to the table (here or, through its notice, on another
 * instance) has happened since, and a transaction always reads the database.
 */
export async function taxSetup(db: Tx): Promise<TaxSetup> {
  const [stored, pricesIncludeTax] = await readAll(db, [
    () => storedRates(db),
    () => storedPricesIncludeTax(db),
  ] as const);
  return { rates: ratesWithOverrides(stored), pricesIncludeTax };
}
