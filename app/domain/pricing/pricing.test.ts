import { describe, expect, it } from 'vitest';
import { formatMoney, multiply, parseMoney, roundMinor, sum } from './money.ts';
import { DEFAULT_VAT_RATES, formatRate, taxInGross, vatRate } from './tax.ts';

describe('money', () => {
  it('formats per locale with the currency sign where each language puts it', () => {
    expect(formatMoney(1199, 'EUR', 'de')).toBe('11,99\u00a0€');
    expect(formatMoney(1199, 'EUR', 'en')).toBe('€11.99');
    expect(formatMoney(123456789, 'EUR', 'de')).toBe('1.234.567,89\u00a0€');
    expect(formatMoney(0, 'EUR', 'de')).toBe('0,00\u00a0€');
  });

  it('multiplies by fractional quantities with commercial rounding', () => {
    expect(multiply(1299, 0.5)).toBe(650);
    expect(multiply(1299, 1.5)).toBe(1949);
    expect(multiply(333, 3)).toBe(999);
    expect(roundMinor(-2.5)).toBe(-3);
    expect(sum([1, 2, 3])).toBe(6);
  });

  it('parses decimal input in both notations and rejects anything else', () => {
    expect(parseMoney('12,50', 'EUR')).toBe(1250);
    expect(parseMoney('12.5', 'EUR')).toBe(1250);
    expect(parseMoney('abc', 'EUR')).toBeNull();
    expect(parseMoney('-1', 'EUR')).toBeNull();
    expect(parseMoney('1e9', 'EUR')).toBeNull();
  });
});

describe('tax', () => {
  it('uses the German rates by default and EU destination rates when asked', () => {
    expect(vatRate(DEFAULT_VAT_RATES, 'standard')).toBe(1900);
    expect(vatRate(DEFAULT_VAT_RATES, 'reduced')).toBe(700);
    expect(vatRate(DEFAULT_VAT_RATES, 'standard', 'AT')).toBe(2000);
    expect(vatRate(DEFAULT_VAT_RATES, 'standard', 'XX')).toBe(1900);
  });

  it('extracts the VAT contained in a gross price', () => {
    expect(taxInGross(11900, 1900)).toBe(1900);
    expect(taxInGross(1070, 700)).toBe(70);
    expect(taxInGross(1199, 1900)).toBe(191);
    expect(taxInGross(1199, 700)).toBe(78);
  });

  it('formats a rate per locale', () => {
    expect(formatRate(1900, 'de')).toBe('19\u00a0%');
    expect(formatRate(700, 'en')).toBe('7%');
  });
});
