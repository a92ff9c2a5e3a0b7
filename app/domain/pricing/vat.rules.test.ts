import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATES, vatRate } from './tax.ts';
import {
  EU_COUNTRIES,
  isVatFree,
  normalizeVatId,
  taxTreatment,
  vatIdFitsCountry,
} from './vat.rules.ts';

describe('VAT rates table', () => {
  it('has a standard and a reduced rate for all 27 member states', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of EU_COUNTRIES) {
      const { standard, reduced, reduced2 } = DEFAULT_VAT_RATES[country]!;
      expect(standard, country).toBeGreaterThanOrEqual(1500);
      expect(reduced, country).toBeLessThanOrEqual(standard);
      expect(reduced2, country).toBeLessThanOrEqual(standard);
    }
    expect(vatRate(DEFAULT_VAT_RATES, 'standard', 'AT')).toBe(2000);
    expect(vatRate(DEFAULT_VAT_RATES, 'reduced', 'AT')).toBe(1000);
    expect(vatRate(DEFAULT_VAT_RATES, 'reduced2', 'FR')).toBe(1000);
    expect(vatRate(DEFAULT_VAT_RATES, 'reduced2', 'IE')).toBe(900);
  });
});

describe('VAT ids', () => {
  it('accepts well-formed ids of each country, written with spaces and dots', () => {
    for (const [country, id] of [
      ['AT', 'ATU 123 456 78'],
      ['FR', 'fr 4a 123456789'],
      ['GR', 'EL123456789'],
      ['NL', 'NL123456789B01'],
      ['IE', 'IE1234567WA'],
      ['ES', 'ESX1234567Z'],
      ['BE', 'BE0123.456.789'],
    ] as const) {
      expect(vatIdFitsCountry(normalizeVatId(id), country), id).toBe(true);
    }
  });

  it('refuses ids of the wrong length, of another country, or with foreign characters', () => {
    for (const [country, id] of [
      ['AT', 'ATU1234567'],
      ['AT', 'DE123456789'],
      ['GR', 'GR123456789'],
      ['DE', 'DE12345678\u0000'],
      ['FR', 'FRIO123456789'],
      ['XX', 'XX123'],
      ['AT', `ATU${'1'.repeat(10_000)}`],
    ] as const) {
      expect(vatIdFitsCountry(normalizeVatId(id), country), id).toBe(false);
    }
  });
});

describe('taxTreatment', () => {
  const base = {
    billingCountry: 'DE',
    destinationCountry: 'DE',
    vatId: '',
    ossEnabled: true,
    shipsGoods: true,
  };
  it('charges German VAT at home, and abroad while the shop is below the OSS threshold', () => {
    expect(taxTreatment(base)).toEqual({ kind: 'domestic', country: 'DE' });
    expect(taxTreatment({ ...base, destinationCountry: 'AT', ossEnabled: false })).toEqual({
      kind: 'domestic',
      country: 'DE',
    });
  });

  it('charges goods shipped outside the EU net, as a tax-free export, whoever buys', () => {
    for (const country of ['CH', 'GB', 'NO', 'US', 'LI']) {
      expect(taxTreatment({ ...base, destinationCountry: country }), country).toEqual({
        kind: 'export',
        country,
      });
      expect(taxTreatment({ ...base, destinationCountry: country, ossEnabled: false }).kind).toBe(
        'export',
      );
    }
    // A business in Austria with a VAT id, goods going to Zürich: still an export.
    expect(
      taxTreatment({
        ...base,
        billingCountry: 'AT',
        destinationCountry: 'CH',
        vatId: 'ATU12345678',
      }),
    ).toEqual({ kind: 'export', country: 'CH' });
    // A Swiss billing address with goods going to Germany is a domestic sale.
    expect(taxTreatment({ ...base, billingCountry: 'CH', destinationCountry: 'DE' }).kind).toBe(
      'domestic',
    );
  });

  it('keeps digital-only sales and unknown destinations out of the export', () => {
    const digital = { ...base, shipsGoods: false, billingCountry: 'CH', destinationCountry: 'CH' };
    expect(taxTreatment(digital)).toEqual({ kind: 'domestic', country: 'DE' });
    for (const country of ['', 'ch', 'XXX', 'C\u0000', 'AT', 'DE']) {
      expect(taxTreatment({ ...base, destinationCountry: country }).kind, country).not.toBe(
        'export',
      );
    }
  });

  it('says which treatments charge no VAT', () => {
    expect(isVatFree({ kind: 'export', country: 'CH' })).toBe(true);
    expect(isVatFree({ kind: 'reverse_charge', country: 'AT', vatId: 'ATU12345678' })).toBe(true);
    expect(isVatFree({ kind: 'domestic', country: 'DE' })).toBe(false);
    expect(isVatFree({ kind: 'destination', country: 'AT' })).toBe(false);
  });

  it('charges the destination’s VAT to consumers in other member states under OSS', () => {
    expect(taxTreatment({ ...base, billingCountry: 'AT', destinationCountry: 'AT' })).toEqual({
      kind: 'destination',
      country: 'AT',
    });
  });

  it('reverse-charges a business abroad with a well-formed id, never a German one', () => {
    expect(
      taxTreatment({
        ...base,
        billingCountry: 'AT',
        destinationCountry: 'AT',
        vatId: 'atu12345678',
      }),
    ).toEqual({ kind: 'reverse_charge', country: 'AT', vatId: 'ATU12345678' });
    expect(taxTreatment({ ...base, vatId: 'DE123456789' }).kind).toBe('domestic');
    // An id that does not fit the billing country counts as none.
    expect(
      taxTreatment({
        ...base,
        billingCountry: 'AT',
        destinationCountry: 'AT',
        vatId: 'FR12345678901',
      }).kind,
    ).toBe('destination');
  });
});
