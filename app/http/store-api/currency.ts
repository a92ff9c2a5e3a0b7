import { minorUnit } from '#app/domain/pricing/money.ts';
import { type Locale, intlLocale } from '#app/lib/locale.ts';

const currencyBlocks = new Map<string, ReturnType<typeof buildCurrencyFields>>();

/** The currency block WooCommerce clients expect beside every amount. */
export function currencyFields(currency: string, locale: Locale) {
  const id = `${currency}|${locale}`;
  let block = currencyBlocks.get(id);
  if (!block) {
    block = buildCurrencyFields(currency, locale);
    currencyBlocks.set(id, block);
  }
  return block;
}

function buildCurrencyFields(currency: string, locale: Locale) {
  const parts = new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
  }).formatToParts(1234.5);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
  const symbolFirst =
    parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  return {
    currency_code: currency,
    currency_symbol: symbol,
    currency_minor_unit: minorUnit(currency),
    currency_decimal_separator: parts.find((p) => p.type === 'decimal')?.value ?? ',',
    currency_thousand_separator: parts.find((p) => p.type === 'group')?.value ?? '.',
    currency_prefix: symbolFirst ? symbol : '',
    currency_suffix: symbolFirst ? '' : ` ${symbol}`,
  };
}

export const amount = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : String(minor);
