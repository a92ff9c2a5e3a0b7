import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATES, grossOfNet, taxClassOfSlug } from './tax.ts';
import {
  overridesOf,
  parseRatePercent,
  rateChanges,
  rateInput,
  rateOfAuditId,
  ratesWithOverrides,
  storedRatesSchema,
} from './vat-rates.rules.ts';

describe('rates as typed in the back office', () => {
  it('reads whole numbers and up to two decimals with a comma or a point', () => {
    expect(parseRatePercent('19')).toBe(1900);
    expect(parseRatePercent(' 5,5 ')).toBe(550);
    expect(parseRatePercent('13.50')).toBe(1350);
    expect(parseRatePercent('0')).toBe(0);
    expect(parseRatePercent('30,00')).toBe(3000);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '-5', '31', '30,01', '5,555', '1e1', '19 %', '1.234', ',5']) {
      expect(parseRatePercent(text), text).toBeNull();
    }
  });

  it('shows a rate the way it is typed in each language', () => {
    expect(rateInput(550, 'de')).toBe('5,5');
    expect(rateInput(550, 'en')).toBe('5.5');
    expect(rateInput(1900, 'de')).toBe('19');
  });
});

describe('the stored table', () => {
  it('keeps only differences from the defaults and lays them over the defaults', () => {
    const table = ratesWithOverrides({ FR: { reduced2: 1050 } });
    expect(table.FR).toEqual({ standard: 2000, reduced: 550, reduced2: 1050 });
    expect(table.DE).toEqual(DEFAULT_VAT_RATES.DE);
    expect(overridesOf(table)).toEqual({ FR: { reduced2: 1050 } });
    expect(overridesOf(DEFAULT_VAT_RATES)).toEqual({});
    expect(rateChanges(DEFAULT_VAT_RATES, table)).toEqual([
      { country: 'FR', taxClass: 'reduced2', before: 1000, after: 1050 },
    ]);
  });

  it('ignores countries outside the table and refuses rates out of range', () => {
    expect(ratesWithOverrides({ XX: { standard: 100 } }).XX).toBeUndefined();
    expect(storedRatesSchema.safeParse({ DE: { standard: 3100 } }).success).toBe(false);
    expect(storedRatesSchema.safeParse({ DE: { standard: 19.5 } }).success).toBe(false);
  });

  it('names each rate in the audit log', () => {
    expect(rateOfAuditId('tax.rates.FR.reduced2')).toEqual({ country: 'FR', taxClass: 'reduced2' });
    expect(rateOfAuditId('tax.oss')).toBeNull();
    expect(rateOfAuditId('tax.rates.FR.zero')).toBeNull();
  });
});

describe('tax classes and net prices', () => {
  it('knows each class by its slug and its name', () => {
    expect(taxClassOfSlug('')).toBe('standard');
    expect(taxClassOfSlug('reduced-rate')).toBe('reduced');
    expect(taxClassOfSlug('second-reduced-rate')).toBe('reduced2');
    expect(taxClassOfSlug('reduced2')).toBe('reduced2');
    expect(taxClassOfSlug('zero-rate')).toBeNull();
  });

  it('puts the VAT on a net price, rounded to the cent', () => {
    expect(grossOfNet(10000, 1900)).toBe(11900);
    expect(grossOfNet(999, 1900)).toBe(1189);
    expect(grossOfNet(1000, 550)).toBe(1055);
  });
});
