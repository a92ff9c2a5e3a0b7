import { describe, expect, it } from 'vitest';
import { addressGroupProblems, checkField, groupComplete } from './checkout.rules.ts';

describe('checkField (spec section 5)', () => {
  it.each([
    [{ value: '', required: true, kind: 'text' }, 'required'],
    [{ value: '   ', required: true, kind: 'text' }, 'required'],
    [{ value: '', required: false, kind: 'text' }, null],
    [{ value: '', required: true, kind: 'checkbox', checked: false }, 'required'],
    [{ value: '1', required: true, kind: 'checkbox', checked: false }, 'required'],
    [{ value: '1', required: true, kind: 'checkbox', checked: true }, null],
    [{ value: 'a@b', required: true, kind: 'email' }, 'email'],
    [{ value: 'erika@example.org', required: true, kind: 'email' }, null],
    [{ value: 'erika @example.org', required: true, kind: 'email' }, 'email'],
    [{ value: '', required: false, kind: 'email' }, null],
    [{ value: '+49 (30) 123-456/7 #8_9', required: false, kind: 'tel' }, null],
    [{ value: '030.123', required: false, kind: 'tel' }, 'phone'],
    [{ value: 'call me', required: false, kind: 'tel' }, 'phone'],
  ] as const)('%o -> %s', (field, expected) => {
    expect(checkField(field)).toBe(expected);
  });
});

describe('address groups', () => {
  const berlin = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    address_1: 'Hauptstraße 1',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    email: 'erika@example.org',
  };

  it('accepts a complete German billing address', () => {
    expect(addressGroupProblems('billing', berlin, 'de', { email: 'E-Mail' })).toEqual([]);
  });

  it('names each problem in the order of the form, with the label in the shopper’s language', () => {
    const problems = addressGroupProblems(
      'billing',
      { ...berlin, first_name: '', postcode: '1011', email: 'x' },
      'en',
      { email: 'Email address' },
    );
    expect(problems).toEqual([
      { field: 'billing_first_name', failure: 'required', label: 'First name' },
      { field: 'billing_postcode', failure: 'postcode', label: 'Postcode / ZIP' },
      { field: 'billing_email', failure: 'email', label: 'Email address' },
    ]);
  });

  it('needs a state where the country has states, and one of its own', () => {
    const us = { ...berlin, country: 'US', postcode: '10001', state: '' };
    expect(addressGroupProblems('shipping', us, 'en', { email: '' }).map((p) => p.field)).toEqual([
      'shipping_state',
    ]);
    expect(
      addressGroupProblems('shipping', { ...us, state: 'XX' }, 'en', { email: '' }).map(
        (p) => p.failure,
      ),
    ).toEqual(['state']);
    expect(addressGroupProblems('shipping', { ...us, state: 'NY' }, 'en', { email: '' })).toEqual(
      [],
    );
  });

  it('refuses unknown countries', () => {
    expect(
      addressGroupProblems('billing', { ...berlin, country: 'ZZ' }, 'de', { email: '' })[0],
    ).toMatchObject({ field: 'billing_country', failure: 'country' });
  });

  it('is complete for the review refresh only once every required field holds something', () => {
    expect(groupComplete('billing', berlin, 'de')).toBe(true);
    expect(groupComplete('billing', { ...berlin, city: '' }, 'de')).toBe(false);
    expect(groupComplete('billing', { ...berlin, country: '' }, 'de')).toBe(false);
    // The shipping group has no phone and no e-mail.
    const { email: _email, ...shipping } = berlin;
    expect(groupComplete('shipping', shipping, 'de')).toBe(true);
  });
});
