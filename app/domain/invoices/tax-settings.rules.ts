// The tax settings form: what each field may hold, and the rates table it shows. Pure.
import { z } from 'zod';
import { TAX_CLASSES, type TaxClass, type VatRateTable } from '#app/domain/pricing/tax.ts';
import { rateCountries } from '#app/domain/pricing/vat-rates.rules.ts';

/** The settings as the page edits them. */
export type TaxSettings = { oss: boolean; smallBusiness: boolean; pricesIncludeTax: boolean };

/** The form's field names, each with the setting it edits. */
export const TAX_SETTING_FIELDS = {
  oss: 'oss',
  small_business: 'smallBusiness',
  prices_include_tax: 'pricesIncludeTax',
} as const satisfies Record<string, keyof TaxSettings>;

export type TaxSettingField = keyof typeof TAX_SETTING_FIELDS;

/** The field's control id on the page: error messages link to it. */
export const taxControlId = (field: TaxSettingField) => `tax-${field.replaceAll('_', '-')}`;

/** A checkbox sends `yes` when ticked and nothing otherwise. */
const checkbox = z
  .literal('yes', { message: 'admin.taxSettings.error.invalid' })
  .optional()
  .transform((value) => value === 'yes');

export const taxSettingsSchema = z.object({
  oss: checkbox,
  small_business: checkbox,
  prices_include_tax: checkbox,
});

export function taxSettingsOfForm(form: z.infer<typeof taxSettingsSchema>): TaxSettings {
  return {
    oss: form.oss,
    smallBusiness: form.small_business,
    pricesIncludeTax: form.prices_include_tax,
  };
}

/** One row of the rates table: a member state and its rate per class, the shop's own first. */
export type RateRow = { country: string; rates: Record<TaxClass, number> };

export function vatRateRows(table: VatRateTable): RateRow[] {
  return rateCountries().map((country) => ({
    country,
    rates: Object.fromEntries(TAX_CLASSES.map((c) => [c, table[country]![c]])) as Record<
      TaxClass,
      number
    >,
  }));
}
