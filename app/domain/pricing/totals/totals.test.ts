import { describe, expect, it } from 'vitest';
import { type CouponInput, type TotalsInput, computeTotals } from './totals.ts';
import { line, money, brokenInvariants, seeded } from '../../../../tests/support/totals.ts';

type Case = { name: string; input: TotalsInput; expected: Record<string, unknown> };

const cases: Case[] = [
  {
    name: 'extracts 19 % VAT from one gross line',
    input: { lines: [line('a', 11900, 1900)] },
    expected: {
      lines: [{ key: 'a', beforeDiscount: money(11900, 1900), afterDiscount: money(11900, 1900) }],
      total: money(11900, 1900),
      taxLines: [{ rate: 1900, amount: 1900 }],
      itemCount: 1,
      needsShipping: true,
      needsPayment: true,
    },
  },
  {
    // 19 %: 3798 → 606, deposit 320 → 51; 7 %: 1497 → 98
    name: 'taxes deposits at the rate of their goods and sums VAT per rate',
    input: {
      lines: [
        line('beer', 1899, 1900, { quantity: 2, deposit: 320 }),
        line('tea', 499, 700, { quantity: 3 }),
      ],
    },
    expected: {
      items: { beforeDiscount: money(5295, 704), afterDiscount: money(5295, 704) },
      deposits: money(320, 51),
      lines: [{ deposit: money(320, 51) }, { deposit: null }],
      taxLines: [
        { rate: 1900, amount: 657 },
        { rate: 700, amount: 98 },
      ],
      total: money(5615, 755),
      itemCount: 5,
    },
  },
  {
    name: 'rounds a measured quantity commercially and counts it as one item',
    input: {
      lines: [
        line('fabric', 1299, 1900, { quantity: 1.5 }),
        line('pin', 50, 1900, { quantity: 2 }),
      ],
    },
    expected: {
      lines: [{ beforeDiscount: money(1949, 311) }, { beforeDiscount: money(100, 16) }],
      total: money(2049, 327),
      itemCount: 3,
    },
  },
  {
    // 10 % of 1005 = 100.5 → 101, of 995 = 99.5 → 100
    name: 'rounds a percent coupon per line, half up',
    input: {
      lines: [line('a', 1005, 1900), line('b', 995, 700)],
      coupons: [{ code: 'TEN', kind: 'percent', amount: 1000 }],
    },
    expected: {
      lines: [
        { discount: money(101, 16), afterDiscount: money(904, 144) },
        { discount: money(100, 6), afterDiscount: money(895, 59) },
      ],
      coupons: [{ code: 'TEN', kind: 'percent', discount: money(201, 22) }],
      discount: money(201, 22),
      items: { beforeDiscount: money(2000, 225), afterDiscount: money(1799, 203) },
      total: money(1799, 203),
    },
  },
  {
    name: 'spreads a fixed cart coupon over the lines in proportion to their gross',
    input: {
      lines: [line('a', 3000, 1900), line('b', 1000, 700)],
      coupons: [{ code: 'TENNER', kind: 'fixed_cart', amount: 1000 }],
    },
    expected: {
      lines: [{ discount: { gross: 750 } }, { discount: { gross: 250 } }],
      discount: { gross: 1000 },
      total: { gross: 3000 },
    },
  },
  {
    name: 'gives the remainder cent to the largest remainder',
    input: {
      lines: [line('a', 1000, 1900), line('b', 2000, 1900)],
      coupons: [{ code: 'EURO', kind: 'fixed_cart', amount: 100 }],
    },
    expected: { lines: [{ discount: { gross: 33 } }, { discount: { gross: 67 } }] },
  },
  {
    name: 'gives the remainder cent to the earlier line when remainders tie',
    input: {
      lines: [line('a', 1000, 1900), line('b', 1000, 1900), line('c', 1000, 700)],
      coupons: [{ code: 'EURO', kind: 'fixed_cart', amount: 100 }],
    },
    expected: {
      lines: [
        { discount: { gross: 34 } },
        { discount: { gross: 33 } },
        { discount: { gross: 33 } },
      ],
    },
  },
  {
    name: 'caps a fixed cart coupon at the items and never discounts deposits',
    input: {
      lines: [line('a', 500, 1900, { deposit: 80 })],
      coupons: [{ code: 'BIG', kind: 'fixed_cart', amount: 2000 }],
    },
    expected: {
      lines: [{ afterDiscount: money(0, 0), deposit: money(80, 13) }],
      coupons: [{ code: 'BIG', discount: money(500, 80) }],
      total: money(80, 13),
      needsPayment: true,
    },
  },
  {
    name: 'takes a fixed product coupon per piece, from its products only, at most the line',
    input: {
      lines: [
        line('a', 1000, 1900, { quantity: 3, productKey: 'p1' }),
        line('b', 800, 1900, { productKey: 'p2' }),
        line('c', 150, 1900, { quantity: 2, productKey: 'p3' }),
      ],
      coupons: [{ code: 'PIECE', kind: 'fixed_product', amount: 200, productKeys: ['p1', 'p3'] }],
    },
    expected: {
      lines: [
        { discount: { gross: 600 } },
        { discount: { gross: 0 } },
        { discount: { gross: 300 } },
      ],
      coupons: [{ discount: { gross: 900 } }],
    },
  },
  {
    name: 'discounts only the dearest pieces up to an item limit (fixed product)',
    input: {
      lines: [
        line('cheap', 300, 1900, { quantity: 4 }),
        line('dear', 1000, 1900, { quantity: 2 }),
        line('mid', 500, 700, { quantity: 1 }),
      ],
      coupons: [{ code: 'THREE', kind: 'fixed_product', amount: 200, itemLimit: 3 }],
    },
    expected: {
      lines: [
        { discount: { gross: 0 } },
        { discount: { gross: 400 } },
        { discount: { gross: 200 } },
      ],
      coupons: [{ discount: { gross: 600 } }],
    },
  },
  {
    name: 'takes a percent coupon off the limited pieces of a line only',
    input: {
      lines: [line('a', 1000, 1900, { quantity: 3 }), line('b', 400, 1900, { quantity: 2 })],
      coupons: [{ code: 'HALF', kind: 'percent', amount: 5000, itemLimit: 4 }],
    },
    expected: {
      // All three of a (15,00 € off 30,00 €), then one of the two b (2,00 € off 4,00 €).
      lines: [{ discount: { gross: 1500 } }, { discount: { gross: 200 } }],
      coupons: [{ discount: { gross: 1700 } }],
    },
  },
  {
    name: 'ignores an item limit on a cart coupon',
    input: {
      lines: [line('a', 1000, 1900, { quantity: 3 })],
      coupons: [{ code: 'CART', kind: 'fixed_cart', amount: 2500, itemLimit: 1 }],
    },
    expected: { lines: [{ discount: { gross: 2500 } }] },
  },
  {
    name: 'limits a percent coupon to its products',
    input: {
      lines: [line('a', 2000, 1900), line('b', 2000, 700)],
      coupons: [{ code: 'TEA', kind: 'percent', amount: 2500, productKeys: ['b'] }],
    },
    expected: { lines: [{ discount: { gross: 0 } }, { discount: { gross: 500 } }] },
  },
  {
    name: 'applies coupons in order, each to what the earlier ones left (fixed first)',
    input: {
      lines: [line('a', 10000, 1900)],
      coupons: [
        { code: 'FIX', kind: 'fixed_cart', amount: 2000 },
        { code: 'TEN', kind: 'percent', amount: 1000 },
      ],
    },
    expected: {
      coupons: [{ discount: { gross: 2000 } }, { discount: { gross: 800 } }],
      total: { gross: 7200 },
    },
  },
  {
    name: 'applies coupons in order, each to what the earlier ones left (percent first)',
    input: {
      lines: [line('a', 10000, 1900)],
      coupons: [
        { code: 'TEN', kind: 'percent', amount: 1000 },
        { code: 'FIX', kind: 'fixed_cart', amount: 2000 },
      ],
    },
    expected: {
      coupons: [{ discount: { gross: 1000 } }, { discount: { gross: 2000 } }],
      total: { gross: 7000 },
    },
  },
  {
    // 495 × 3/4 = 371.25, 495 × 1/4 = 123.75; the cent left goes to the 19 % share
    name: 'splits taxable shipping over the rates of the items',
    input: {
      lines: [line('a', 3000, 1900), line('b', 1000, 700)],
      shipping: { id: 'flat_rate:1', cost: 495, taxable: true },
    },
    expected: {
      shipping: {
        id: 'flat_rate:1',
        ...money(495, 67),
        shares: [
          { rate: 1900, ...money(372, 59) },
          { rate: 700, ...money(123, 8) },
        ],
      },
      taxLines: [
        { rate: 1900, amount: 479 + 59 },
        { rate: 700, amount: 65 + 8 },
      ],
      total: money(4495, 611),
    },
  },
  {
    // 495 × 1/4 = 123.75 at 19 %, 495 × 3/4 = 371.25 at 7 %: the cent goes to the 7 % share
    name: 'gives the shipping remainder cent to the largest share',
    input: {
      lines: [line('a', 1000, 1900), line('b', 3000, 700)],
      shipping: { id: 'flat_rate:1', cost: 495, taxable: true },
    },
    expected: {
      shipping: {
        ...money(495, 44),
        shares: [
          { rate: 1900, ...money(123, 20) },
          { rate: 700, ...money(372, 24) },
        ],
      },
    },
  },
  {
    name: 'splits shipping by the items after discounts',
    input: {
      lines: [line('a', 3000, 1900), line('b', 1000, 700)],
      coupons: [{ code: 'HALF', kind: 'percent', amount: 5000, productKeys: ['a'] }],
      shipping: { id: 'flat_rate:1', cost: 500, taxable: true },
    },
    expected: {
      shipping: {
        ...money(500, 61),
        shares: [
          { rate: 1900, ...money(300, 48) },
          { rate: 700, ...money(200, 13) },
        ],
      },
    },
  },
  {
    name: 'splits shipping of a cart discounted to nothing by the goods before discount',
    input: {
      lines: [line('a', 1000, 700)],
      coupons: [{ code: 'ALL', kind: 'fixed_cart', amount: 1000 }],
      shipping: { id: 'flat_rate:1', cost: 495, taxable: true },
    },
    expected: {
      shipping: { ...money(495, 32), shares: [{ rate: 700, ...money(495, 32) }] },
      total: money(495, 32),
    },
  },
  {
    name: 'leaves untaxed shipping without VAT',
    input: {
      lines: [line('a', 1190, 1900)],
      shipping: { id: 'pickup', cost: 490, taxable: false },
    },
    expected: {
      shipping: { ...money(490, 0), shares: [] },
      taxLines: [{ rate: 1900, amount: 190 }],
      total: money(1680, 190),
    },
  },
  {
    name: 'taxes fees at their own rate',
    input: {
      lines: [line('a', 1070, 700)],
      fees: [{ key: 'cod', name: 'Nachnahme', amount: 250, taxRate: 1900 }],
    },
    expected: {
      fees: [{ key: 'cod', name: 'Nachnahme', taxRate: 1900, ...money(250, 40) }],
      feesTotal: money(250, 40),
      taxLines: [
        { rate: 1900, amount: 40 },
        { rate: 700, amount: 70 },
      ],
      total: money(1320, 110),
    },
  },
  {
    name: 'splits a secondary-service fee over the rates like shipping',
    input: {
      lines: [line('a', 2580, 1900), line('b', 1070, 700)],
      shipping: { id: 'flat', cost: 490, taxable: true },
      fees: [{ key: 'cod', name: 'Nachnahmegebühr', amount: 250, taxRate: 0, split: true }],
    },
    expected: {
      // 250 × 2580 / 3650 = 176.7 and 73.3: the rounding cent goes to the larger share.
      fees: [
        {
          key: 'cod',
          name: 'Nachnahmegebühr',
          taxRate: 1900,
          ...money(250, 33),
          shares: [
            { rate: 1900, ...money(177, 28) },
            { rate: 700, ...money(73, 5) },
          ],
        },
      ],
      feesTotal: money(250, 33),
      taxLines: [
        { rate: 1900, amount: 412 + 55 + 28 },
        { rate: 700, amount: 70 + 9 + 5 },
      ],
      total: money(4390, 579),
    },
  },
  {
    name: 'needs neither payment nor shipping when empty',
    input: { lines: [], coupons: [{ code: 'TEN', kind: 'percent', amount: 1000 }] },
    expected: {
      lines: [],
      coupons: [{ code: 'TEN', discount: money(0, 0) }],
      total: money(0, 0),
      taxLines: [],
      itemCount: 0,
      needsPayment: false,
      needsShipping: false,
      shipping: null,
    },
  },
  {
    name: 'needs shipping only when a line does',
    input: {
      lines: [
        line('voucher', 2500, 0, { needsShipping: false }),
        line('ebook', 999, 700, { needsShipping: false }),
      ],
    },
    expected: {
      needsShipping: false,
      needsPayment: true,
      taxLines: [
        { rate: 700, amount: 65 },
        { rate: 0, amount: 0 },
      ],
    },
  },
];

describe('computeTotals', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    const totals = computeTotals(input);
    expect(totals).toMatchObject(expected);
    expect(brokenInvariants(input, totals)).toEqual([]);
  });

  it.each([
    ['a negative price', { lines: [line('a', -1, 1900)] }],
    ['a fractional price', { lines: [line('a', 10.5, 1900)] }],
    ['a negative quantity', { lines: [line('a', 100, 1900, { quantity: -1 })] }],
    ['a fractional tax rate', { lines: [line('a', 100, 19.5)] }],
    [
      'a negative coupon',
      { lines: [], coupons: [{ code: 'X', kind: 'fixed_cart', amount: -5 } as CouponInput] },
    ],
    ['negative shipping', { lines: [], shipping: { id: 's', cost: -1, taxable: true } }],
  ])('refuses %s', (_, input) => {
    expect(() => computeTotals(input)).toThrow(RangeError);
  });

  it('keeps its invariants on random carts', () => {
    const random = seeded(20240601);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const int = (max: number) => Math.floor(random() * (max + 1));
    const rates = [1900, 700, 0];
    const kinds = ['percent', 'fixed_cart', 'fixed_product'] as const;
    for (let round = 0; round < 400; round++) {
      const lines = Array.from({ length: int(6) }, (_, i) =>
        line(`l${i}`, int(20_000), pick(rates), {
          quantity: random() < 0.3 ? (1 + int(9)) / 2 : 1 + int(4),
          deposit: random() < 0.3 ? int(500) : null,
          needsShipping: random() < 0.8,
        }),
      );
      const input: TotalsInput = {
        lines,
        coupons: Array.from({ length: int(3) }, (_, i) => {
          const kind = pick(kinds);
          return {
            code: `C${i}`,
            kind,
            amount: kind === 'percent' ? int(12_000) : int(30_000),
            productKeys: random() < 0.3 ? lines.filter(() => random() < 0.5).map((l) => l.key) : [],
          };
        }),
        shipping: random() < 0.5 ? { id: 'ship', cost: int(2000), taxable: random() < 0.8 } : null,
        fees:
          random() < 0.3
            ? [{ key: 'fee', name: 'Fee', amount: int(500), taxRate: pick(rates) }]
            : [],
      };
      const broken = brokenInvariants(input, computeTotals(input));
      expect(broken, `round ${round}: ${JSON.stringify(input)}`).toEqual([]);
    }
  });
});
