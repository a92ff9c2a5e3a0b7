import { describe, expect, it } from 'vitest';
import {
  type PriceFields,
  activePrice,
  currentPrice,
  isOnSale,
  lowestPrice,
  unitPrice,
} from './price.rules.ts';

// A fixed instant handed in as "now"; the rules never read the clock themselves here.
const now = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

const price = (fields: Partial<PriceFields> = {}): PriceFields => ({
  regularPrice: 1000,
  salePrice: 800,
  saleFrom: null,
  saleTo: null,
  ...fields,
});

describe('sale schedule', () => {
  it.each([
    ['a sale without a schedule', {}, true, 800],
    ['a sale that started a day ago', { saleFrom: at(-DAY) }, true, 800],
    ['a sale starting this very moment', { saleFrom: now }, true, 800],
    ['a sale starting a millisecond from now', { saleFrom: at(1) }, false, 1000],
    ['a sale starting tomorrow', { saleFrom: at(DAY) }, false, 1000],
    ['a sale ending a millisecond from now', { saleTo: at(1) }, true, 800],
    ['a sale ending this very moment', { saleTo: now }, false, 1000],
    ['a sale that ended yesterday', { saleTo: at(-DAY) }, false, 1000],
    ['a sale between yesterday and tomorrow', { saleFrom: at(-DAY), saleTo: at(DAY) }, true, 800],
    ['a schedule that is over', { saleFrom: at(-2 * DAY), saleTo: at(-DAY) }, false, 1000],
    ['no sale price', { salePrice: null }, false, 1000],
    ['a sale price above the regular price', { salePrice: 1200 }, false, 1000],
    ['a sale price equal to the regular price', { salePrice: 1000 }, false, 1000],
    ['a sale price of zero', { salePrice: 0 }, true, 0],
    ['a sale price but no regular price', { regularPrice: null }, false, null],
    ['no price at all', { regularPrice: null, salePrice: null }, false, null],
  ] as const)('%s: on sale %s, pays %s', (_case, fields, onSale, pays) => {
    expect(isOnSale(price(fields), now)).toBe(onSale);
    expect(activePrice(price(fields), now)).toBe(pays);
  });
});

describe('current price', () => {
  it.each([
    [
      'a sale with an end',
      { saleTo: at(DAY) },
      { regular: 1000, active: 800, onSale: true, saleEndsAt: at(DAY) },
    ],
    ['a sale without an end', {}, { regular: 1000, active: 800, onSale: true, saleEndsAt: null }],
    [
      'a sale not started yet does not announce its end',
      { saleFrom: at(DAY), saleTo: at(2 * DAY) },
      { regular: 1000, active: 1000, onSale: false, saleEndsAt: null },
    ],
    [
      'no sale',
      { salePrice: null },
      { regular: 1000, active: 1000, onSale: false, saleEndsAt: null },
    ],
  ] as const)('%s', (_case, fields, expected) => {
    expect(currentPrice(price(fields), now)).toEqual(expected);
  });
});

describe('lowest price of several items', () => {
  const item = (name: string, fields: Partial<PriceFields>) => ({ name, ...price(fields) });

  it.each([
    [
      'different prices make a range from the cheapest',
      [
        item('a', { regularPrice: 2400, salePrice: null }),
        item('b', { regularPrice: 2000, salePrice: null }),
      ],
      {
        cheapest: 'b',
        regular: 2000,
        active: 2000,
        onSale: false,
        range: { min: 2000, max: 2400 },
      },
    ],
    [
      'a running sale counts at its sale price',
      [
        item('a', { regularPrice: 1000, salePrice: 500 }),
        item('b', { regularPrice: 700, salePrice: null }),
      ],
      { cheapest: 'a', regular: 1000, active: 500, onSale: true, range: { min: 500, max: 700 } },
    ],
    [
      'a future sale counts at the regular price',
      [
        item('a', { regularPrice: 1000, salePrice: 100, saleFrom: at(DAY) }),
        item('b', { regularPrice: 700, salePrice: null }),
      ],
      { cheapest: 'b', regular: 700, active: 700, onSale: false, range: { min: 700, max: 1000 } },
    ],
    [
      'equal prices make no range; the first cheapest wins',
      [
        item('a', { regularPrice: 900, salePrice: null }),
        item('b', { regularPrice: 900, salePrice: null }),
      ],
      { cheapest: 'a', regular: 900, active: 900, onSale: false, range: null },
    ],
    [
      'items without a price are left out',
      [item('a', { regularPrice: null, salePrice: null }), item('b', { salePrice: null })],
      { cheapest: 'b', regular: 1000, active: 1000, onSale: false, range: null },
    ],
    [
      'no priced item: the first item, no price',
      [item('a', { regularPrice: null, salePrice: null })],
      { cheapest: 'a', regular: null, active: null, onSale: false, range: null },
    ],
    [
      'no items',
      [],
      { cheapest: undefined, regular: null, active: null, onSale: false, range: null },
    ],
  ] as const)('%s', (_case, items, expected) => {
    const { cheapest, ...rest } = lowestPrice(items, now);
    expect({ cheapest: cheapest?.name, ...rest }).toEqual(expected);
  });
});

describe('unit price', () => {
  it.each([
    ['500 g at 11,99 per 1 kg', 1199, { unit: 'kg', productUnits: 0.5, unitBase: 1 }, 2398],
    ['0,75 l at 8,99 per 1 l', 899, { unit: 'l', productUnits: 0.75, unitBase: 1 }, 1199],
    ['50 g at 3,49 per 100 g', 349, { unit: 'g', productUnits: 50, unitBase: 100 }, 698],
    ['rounds to the nearest cent', 1000, { unit: 'g', productUnits: 300, unitBase: 100 }, 333],
    ['rounds half up', 5, { unit: 'kg', productUnits: 2, unitBase: 1 }, 3],
    ['no unit', 349, { unit: null, productUnits: 50, unitBase: 100 }, null],
    ['no content', 349, { unit: 'g', productUnits: 0, unitBase: 100 }, null],
    ['negative content', 349, { unit: 'g', productUnits: -5, unitBase: 100 }, null],
    ['no base', 349, { unit: 'g', productUnits: 50, unitBase: null }, null],
  ] as const)('%s', (_case, amount, fields, expected) => {
    expect(unitPrice(amount, fields)).toBe(expected);
  });
});
