import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  addressFields,
  checkAddress,
  countryOptions,
  fieldRule,
  isValidPostcode,
  normalizeAddress,
  normalizePostcode,
  stateOptions,
} from './address-locale.ts';

const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

describe('country locale rules', () => {
  it('knows every EU country plus CH, GB, NO and US, named in both languages', () => {
    for (const code of [...EU, 'CH', 'GB', 'NO', 'US']) expect(COUNTRY_CODES).toContain(code);
    const de = countryOptions('de');
    const en = countryOptions('en');
    expect(de.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(de.find((c) => c.code === 'AT')?.name).toBe('Österreich');
    // Sorted the way the language sorts: Österreich after Niederlande in German.
    const names = de.map((c) => c.name);
    expect(names.indexOf('Österreich')).toBeGreaterThan(names.indexOf('Niederlande'));
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
  });

  it.each([
    ['DE', 'de', 'state', { hidden: true, required: false }],
    ['AT', 'de', 'state', { hidden: true, required: false }],
    ['DE', 'de', 'postcode', { label: 'Postleitzahl', required: true, priority: 65 }],
    ['US', 'en', 'state', { label: 'State', required: true, hidden: false, priority: 80 }],
    ['US', 'en', 'postcode', { label: 'ZIP Code', required: true, priority: 90 }],
    ['US', 'de', 'state', { label: 'Bundesstaat' }],
    ['GB', 'en', 'state', { label: 'County', required: false, hidden: false }],
    ['GB', 'en', 'postcode', { label: 'Postcode' }],
    ['IE', 'en', 'postcode', { label: 'Eircode', required: false }],
    ['IT', 'en', 'state', { label: 'Province', required: true }],
    ['CH', 'de', 'state', { label: 'Kanton', required: false, hidden: false }],
    ['HU', 'en', 'last_name', { priority: 10 }],
    ['DE', 'en', 'city', { label: 'Town / City', required: true, priority: 70 }],
    ['DE', 'de', 'address_2', { required: false, labelHidden: true }],
    [
      'DE',
      'en',
      'country',
      { class: ['form-row-wide', 'address-field', 'update_totals_on_change'] },
    ],
  ] as const)('%s (%s) %s', (country, locale, field, expected) => {
    expect(fieldRule(country, field, locale)).toMatchObject(expected);
  });

  it('orders fields by priority: the postcode before the city in Germany, after it in the US', () => {
    const order = (c: string) => addressFields(c, 'en').map((f) => f.key);
    expect(order('DE').indexOf('postcode')).toBeLessThan(order('DE').indexOf('city'));
    expect(order('US').indexOf('postcode')).toBeGreaterThan(order('US').indexOf('city'));
  });

  it('gives a placeholder in the country format', () => {
    expect(fieldRule('NL', 'postcode', 'de').placeholder).toBe('z. B. 1012 AB');
    expect(fieldRule('US', 'postcode', 'en').placeholder).toBe('e.g. 10001');
  });

  it('lists states only where the country has them', () => {
    expect(stateOptions('US', 'en')).toHaveLength(51);
    expect(stateOptions('US', 'en')?.find((s) => s.code === 'CA')?.name).toBe('California');
    expect(stateOptions('CH', 'de')?.find((s) => s.code === 'GE')?.name).toBe('Genf');
    expect(stateOptions('CH', 'en')?.find((s) => s.code === 'GE')?.name).toBe('Geneva');
    expect(stateOptions('DE', 'de')).toBeNull();
    expect(stateOptions('AT', 'de')).toBeNull();
  });

  it.each([
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['DE', '101155', false],
    ['DE', 'ABCDE', false],
    ['AT', '1010', true],
    ['AT', '10100', false],
    ['NL', '1012 AB', true],
    ['NL', '1012ab', true],
    ['NL', '1012', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'sw1a1aa', true],
    ['GB', 'M1 1AE', true],
    ['GB', '12345', false],
    ['US', '10001', true],
    ['US', '10001-1234', true],
    ['US', '1000', false],
    ['PL', '00-950', true],
    ['PL', '00950', true],
    ['PT', '1000-001', true],
    ['CZ', '11000', true],
    ['SE', '111 22', true],
    ['CH', '8001', true],
    ['IE', 'D02X285', true],
    ['LV', '1050', true],
    ['DE', '', false],
    ['DE', '1'.repeat(10_000), false],
  ] as const)('postcode %s %j valid: %s', (country, postcode, valid) => {
    expect(isValidPostcode(country, postcode)).toBe(valid);
  });

  it('writes postcodes the country way', () => {
    expect(normalizePostcode('NL', '1012ab')).toBe('1012 AB');
    expect(normalizePostcode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostcode('PL', '00950')).toBe('00-950');
    expect(normalizePostcode('CZ', '11000')).toBe('110 00');
    expect(normalizePostcode('US', '100011234')).toBe('10001-1234');
    expect(normalizePostcode('DE', ' 04109 ')).toBe('04109');
    // What does not fit stays as typed, so the shopper recognises it in the error.
    expect(normalizePostcode('NL', '12')).toBe('12');
  });

  it('checks only the fields asked for, under the country rules', () => {
    const fields = ['country', 'state', 'postcode', 'city'] as const;
    expect(checkAddress({ country: 'DE', postcode: '04109', city: 'Leipzig' }, fields)).toEqual([]);
    expect(checkAddress({ country: 'DE', postcode: '4109', city: 'Leipzig' }, fields)).toEqual([
      { field: 'postcode', code: 'invalid_postcode' },
    ]);
    expect(checkAddress({ country: 'US', postcode: '10001', city: 'New York' }, fields)).toEqual([
      { field: 'state', code: 'required' },
    ]);
    expect(
      checkAddress({ country: 'US', state: 'XX', postcode: '10001', city: 'NY' }, fields),
    ).toEqual([{ field: 'state', code: 'invalid_state' }]);
    expect(checkAddress({ country: 'XX' }, fields)).toEqual([
      { field: 'country', code: 'invalid_country' },
    ]);
    expect(checkAddress({ country: 'IE', city: 'Dublin' }, fields)).toEqual([]);
    expect(checkAddress({ country: 'AT' }, fields)).toEqual([
      { field: 'postcode', code: 'required' },
      { field: 'city', code: 'required' },
    ]);
  });

  it('stores hidden fields empty and states in upper case', () => {
    expect(normalizeAddress({ country: 'DE', state: 'BY', postcode: '04109' })).toEqual({
      country: 'DE',
      state: '',
      postcode: '04109',
    });
    expect(normalizeAddress({ country: 'US', state: 'ca', postcode: '90210' }).state).toBe('CA');
  });
});
