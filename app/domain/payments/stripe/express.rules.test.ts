import { describe, expect, it } from 'vitest';
import { sheetAmounts, shipsTo, splitName, stripPhone } from './express.rules.ts';

describe('sheet amounts', () => {
  it('rescales from the cart’s minor unit to the provider’s decimals', () => {
    const items = [{ label: 'Candle', amount: 1290 }];
    expect(sheetAmounts(1290, items, 2, 2)).toEqual({ total: 1290, displayItems: items });
    expect(sheetAmounts(1290, items, 2, 0)).toEqual({
      total: 13,
      displayItems: [{ label: 'Candle', amount: 13 }],
    });
    expect(sheetAmounts(500, [{ label: 'Tea', amount: 500 }], 0, 2).total).toBe(50_000);
  });

  it('drops the items when the total is less than their sum, keeps them otherwise', () => {
    const items = [
      { label: 'Candle', amount: 1190 },
      { label: 'Shipping', amount: 490 },
    ];
    expect(sheetAmounts(1412, items, 2, 2).displayItems).toEqual([]);
    expect(sheetAmounts(1680, items, 2, 2).displayItems).toHaveLength(2);
    expect(sheetAmounts(1700, items, 2, 2).displayItems).toHaveLength(2);
  });
});

describe('wallet addresses', () => {
  it('strips spaces, brackets and dashes from phones', () => {
    expect(stripPhone('+49 (30) 123-45 67')).toBe('+4930123456' + '7');
    expect(stripPhone('030 – 12 34')).toBe('0301234');
    expect(stripPhone('')).toBe('');
  });

  it('splits a single name field and falls back to "-"', () => {
    expect(splitName('Erika Mustermann')).toEqual({ first_name: 'Erika', last_name: 'Mustermann' });
    expect(splitName('  Anna  Lena   Schmidt ')).toEqual({
      first_name: 'Anna Lena',
      last_name: 'Schmidt',
    });
    expect(splitName('Cher')).toEqual({ first_name: 'Cher', last_name: '-' });
    expect(splitName('')).toEqual({ first_name: '', last_name: '-' });
  });

  it('ships only to listed countries, whatever the case', () => {
    expect(shipsTo(['AT', 'DE'], 'de')).toBe(true);
    expect(shipsTo(['AT', 'DE'], 'FR')).toBe(false);
    expect(shipsTo([], 'DE')).toBe(false);
  });
});
