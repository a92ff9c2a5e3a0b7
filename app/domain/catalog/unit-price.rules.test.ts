import { describe, expect, it } from 'vitest';
import { chargedPrice, claimMatches, shownPrice } from './unit-price.rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const plain = { regularPrice: 1249, salePrice: null, saleFrom: null, saleTo: null };
const sale = { regularPrice: 1600, salePrice: 1200, saleFrom: null, saleTo: null };
const ended = { ...sale, saleTo: new Date('2026-05-01T00:00:00Z') };

describe('shownPrice', () => {
  it('is the regular price, with the sale price only while a sale runs', () => {
    expect(shownPrice(plain, now)).toEqual({ regular: 1249, sale: null });
    expect(shownPrice(sale, now)).toEqual({ regular: 1600, sale: 1200 });
    expect(shownPrice(ended, now)).toEqual({ regular: 1600, sale: null });
    expect(shownPrice({ ...plain, regularPrice: null }, now)).toBeNull();
  });
});

describe('claimMatches', () => {
  it.each([
    [{ regular: 1249, sale: null }, plain, true],
    [{ regular: 1600, sale: 1200 }, sale, true],
    [{ regular: 1, sale: null }, plain, false],
    [{ regular: 1249, sale: 1 }, plain, false],
    [{ regular: 1600, sale: null }, sale, false],
    [{ regular: 1200, sale: null }, sale, false],
    [{ regular: 1600, sale: 1200 }, ended, false],
  ])('%o against %o: %s', (claim, row, expected) => {
    expect(claimMatches(claim, shownPrice(row, now))).toBe(expected);
  });

  it('never matches an item without a price', () => {
    expect(claimMatches({ regular: 0, sale: null }, null)).toBe(false);
  });
});

describe('chargedPrice', () => {
  it('is the sale price during a sale, else the regular one', () => {
    expect(chargedPrice({ regular: 1600, sale: 1200 })).toBe(1200);
    expect(chargedPrice({ regular: 1249, sale: null })).toBe(1249);
  });
});
