import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '#app/lib/i18n.ts';
import { type Locale, intlLocale } from '#app/lib/locale.ts';
import { currencyFields } from './store-api/currency.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { UNSET_OWNER, displayOwner } from '#app/domain/settings/shop-owner.ts';

const countryName = (code: string, locale: Locale) =>
  displayOwner({ ...UNSET_OWNER, country: code }, locale).country;

// What shoppers saw before the tag came from one place (de-DE; en-GB or en-IE).
const table: { locale: Locale; tag: string; expected: Record<string, unknown> }[] = [
  {
    locale: 'de',
    tag: 'de-DE',
    expected: {
      number: '1.234.567,891',
      numberShort: '2,8',
      date: '1. Januar 2026',
      money: '1.234.567,89\u00a0€',
      moneyNegative: '-5,00\u00a0CHF',
      rate: '5,5\u00a0%',
      countries: ['Deutschland', 'Österreich', 'Irland', 'Vereinigtes Königreich', 'Tschechien'],
      separators: [',', '.'],
      prefixSuffix: ['', ' €'],
    },
  },
  {
    locale: 'en',
    tag: 'en-IE',
    expected: {
      number: '1,234,567.891',
      numberShort: '2.8',
      date: '1 January 2026',
      money: '€1,234,567.89',
      moneyNegative: '-CHF\u00a05.00',
      rate: '5.5%',
      countries: ['Germany', 'Austria', 'Ireland', 'United Kingdom', 'Czechia'],
      separators: ['.', ','],
      prefixSuffix: ['€', ''],
    },
  },
];

describe('intlLocale', () => {
  it.each(table)('$locale formats as $tag everywhere', ({ locale, tag, expected }) => {
    const currency = currencyFields('EUR', locale);
    expect(intlLocale(locale)).toBe(tag);
    expect({
      number: formatNumber(1234567.891, locale),
      numberShort: formatNumber(2.75, locale, 1),
      // Half an hour before midnight in UTC is already the next year in Berlin.
      date: formatDate('2025-12-31T23:30:00Z', locale),
      money: formatMoney(123456789, 'EUR', locale),
      moneyNegative: formatMoney(-500, 'CHF', locale),
      rate: formatRate(550, locale),
      countries: ['DE', 'AT', 'IE', 'GB', 'CZ'].map((code) => countryName(code, locale)),
      separators: [currency.currency_decimal_separator, currency.currency_thousand_separator],
      prefixSuffix: [currency.currency_prefix, currency.currency_suffix],
    }).toEqual(expected);
  });
});
