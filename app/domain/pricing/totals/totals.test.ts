import { describe, expect, it } from 'vitest';
import {
  type CouponInput,
  type TaxedAmount,
  type Totals,
  type TotalsInput,
  type TotalsLineInput,
  computeTotals,
} from './totals.ts';

const line = (
  key: string,
  unitPrice: number,
  taxRate: number,
  extra: Partial<TotalsLineInput> = {},
): TotalsLineInput => ({ key, unitPrice, quantity: 1, taxRate, needsShipping: true, ...extra });

const money = (gross: number, tax: number): TaxedAmount => ({ gross, tax, net: gross - tax });

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

/** The invariants every result keeps, whatever the cart; returns what is broken. */
function brokenInvariants(input: TotalsInput, totals: Totals): string[] {
  const broken: string[] = [];
  const check = (holds: boolean, what: string) => {
    if (!holds) broken.push(what);
  };
  const named: [string, TaxedAmount][] = [
    ...totals.lines.flatMap((l): [string, TaxedAmount][] => [
      [`${l.key} before discount`, l.beforeDiscount],
      [`${l.key} discount`, l.discount],
      [`${l.key} after discount`, l.afterDiscount],
      ...(l.deposit ? [[`${l.key} deposit`, l.deposit] as [string, TaxedAmount]] : []),
    ]),
    ['items before discount', totals.items.beforeDiscount],
    ['items after discount', totals.items.afterDiscount],
    ['discount', totals.discount],
    ...totals.coupons.map((c): [string, TaxedAmount] => [`coupon ${c.code}`, c.discount]),
    ['deposits', totals.deposits],
    ...(totals.shipping
      ? [
          ['shipping', totals.shipping] as [string, TaxedAmount],
          ...totals.shipping.shares.map((s): [string, TaxedAmount] => [`shipping ${s.rate}`, s]),
        ]
      : []),
    ...totals.fees.map((f): [string, TaxedAmount] => [`fee ${f.key}`, f]),
    ['fees', totals.feesTotal],
    ['total', totals.total],
  ];
  for (const [name, a] of named) {
    check(a.gross === a.net + a.tax, `${name}: gross = net + tax`);
    check(
      [a.gross, a.tax, a.net].every((n) => Number.isInteger(n) && n >= 0),
      `${name}: whole and not negative`,
    );
  }
  totals.lines.forEach((l, i) => {
    check(l.key === input.lines[i]!.key, `line ${i} keeps its key and place`);
    check(
      l.afterDiscount.gross === l.beforeDiscount.gross - l.discount.gross,
      `${l.key}: after = before - discount`,
    );
  });
  const sumOf = (list: TaxedAmount[], field: keyof TaxedAmount) =>
    list.reduce((n, a) => n + a[field], 0);
  for (const field of ['gross', 'tax'] as const) {
    check(
      sumOf(
        totals.coupons.map((c) => c.discount),
        field,
      ) === totals.discount[field],
      `coupons sum to the discount (${field})`,
    );
    check(
      sumOf(
        totals.lines.map((l) => l.discount),
        field,
      ) === totals.discount[field],
      `line discounts sum to the discount (${field})`,
    );
    const parts = [
      totals.items.afterDiscount,
      totals.deposits,
      ...(totals.shipping ? [totals.shipping] : []),
      totals.feesTotal,
    ];
    check(sumOf(parts, field) === totals.total[field], `parts sum to the total (${field})`);
    if (totals.shipping?.taxable) {
      check(
        sumOf(totals.shipping.shares, field) === totals.shipping[field],
        `shipping shares sum to shipping (${field})`,
      );
    }
  }
  check(
    totals.taxLines.reduce((n, l) => n + l.amount, 0) === totals.total.tax,
    'tax lines sum to the total tax',
  );
  const rates = totals.taxLines.map((l) => l.rate);
  check(
    rates.every((r, i) => i === 0 || rates[i - 1]! > r),
    'one tax line per rate, highest first',
  );
  check(totals.needsPayment === totals.total.gross > 0, 'needs payment when total > 0');
  check(
    totals.needsShipping === input.lines.some((l) => l.needsShipping),
    'needs shipping when a line does',
  );
  for (const [i, coupon] of (input.coupons ?? []).entries()) {
    if (coupon.kind === 'fixed_cart') {
      check(totals.coupons[i]!.discount.gross <= coupon.amount, `${coupon.code} within its amount`);
    }
  }
  return broken;
}

/** A small deterministic PRNG (mulberry32), so a failing cart can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('EU VAT', () => {
  it('extracts a destination country’s rates from the same gross prices (OSS)', () => {
    // Austria: 20 % on 11 900 → 1983, 10 % on 1 070 → 97; shipping 490 split 11900:1070.
    const totals = computeTotals({
      lines: [line('mug', 11900, 2000), line('coffee', 1070, 1000)],
      shipping: { id: 'flat', cost: 490, taxable: true },
    });
    expect(totals.total.gross).toBe(13460);
    expect(totals.lines.map((l) => l.afterDiscount.tax)).toEqual([1983, 97]);
    expect(totals.taxLines.map((t) => t.rate)).toEqual([2000, 1000]);
    expect(totals.taxLines.reduce((s, t) => s + t.amount, 0)).toBe(totals.total.tax);
  });

  it('charges a reverse-charge sale net, with no VAT anywhere, and still adds up', () => {
    const input: TotalsInput = {
      lines: [
        line('mug', 11900, 1900, { quantity: 2 }),
        line('beer', 1899, 1900, { deposit: 320 }),
        line('coffee', 1070, 700),
      ],
      coupons: [{ code: 'ZEHN', kind: 'percent', amount: 1000 }],
      shipping: { id: 'flat', cost: 490, taxable: true },
      fees: [{ key: 'cod', name: 'Nachnahme', amount: 238, taxRate: 1900 }],
    };
    const gross = computeTotals(input);
    const net = computeTotals({ ...input, reverseCharge: true });
    expect(net.reverseCharge).toBe(true);
    expect(net.total).toEqual({ gross: gross.total.net, tax: 0, net: gross.total.net });
    expect(net.taxLines).toEqual([]);
    expect(net.lines.every((l) => l.taxRate === 0 && l.afterDiscount.tax === 0)).toBe(true);
    expect(net.lines.map((l) => l.afterDiscount.gross)).toEqual(
      gross.lines.map((l) => l.afterDiscount.net),
    );
    expect(net.shipping).toMatchObject({ gross: gross.shipping!.net, tax: 0 });
    expect(net.shipping!.shares.every((s) => s.rate === 0 && s.tax === 0)).toBe(true);
    expect(net.fees[0]).toMatchObject({ gross: 200, tax: 0, taxRate: 0 });
    const parts =
      net.items.afterDiscount.gross +
      net.deposits.gross +
      net.shipping!.gross +
      net.feesTotal.gross;
    expect(parts).toBe(net.total.gross);
    expect(net.discount.gross).toBe(gross.discount.net);
  });
});
