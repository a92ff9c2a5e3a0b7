import { describe, expect, it } from 'vitest';
import { type TaxedAmount, computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { type CouponLine, type CouponRule, couponTotalsInput } from './coupons.rules.ts';

// The cart: 2 × tea at 7 % (10,00 €), 1 × beer at 19 % (18,99 €) with 3,20 € deposit.
// Before any coupon: tea 2000 (VAT 131), beer 1899 (VAT 303), deposit 320 (VAT 51).
const COFFEE_AND_TEA = { id: 1, name: 'Kaffee & Tee' };
const DRINKS = { id: 2, name: 'Getränke' };
const tea: CouponLine = {
  key: 'tea',
  productId: 10,
  variationId: null,
  name: 'Tee',
  categories: [COFFEE_AND_TEA],
  onSale: false,
};
const beer: CouponLine = {
  key: 'beer',
  productId: 20,
  variationId: null,
  name: 'Bier',
  categories: [DRINKS],
  onSale: true,
};
const totalsLines = [
  { key: 'tea', unitPrice: 1000, quantity: 2, taxRate: 700, needsShipping: true },
  { key: 'beer', unitPrice: 1899, quantity: 1, taxRate: 1900, needsShipping: true, deposit: 320 },
];

let nextId = 1;
const coupon = (extra: Partial<CouponRule>): CouponRule => ({
  id: nextId++,
  code: 'C',
  kind: 'percent',
  amount: 0,
  freeShipping: false,
  expiresAt: null,
  minimumSpend: null,
  maximumSpend: null,
  productIds: [],
  excludedProductIds: [],
  categoryIds: [],
  excludedCategoryIds: [],
  usageLimit: null,
  usageLimitPerCustomer: null,
  usageCount: 0,
  allowedEmails: [],
  itemLimit: null,
  individualUse: false,
  excludeSaleItems: false,
  ...extra,
});

const money = (gross: number, tax: number): TaxedAmount => ({ gross, tax, net: gross - tax });

function totalsWith(...applied: CouponRule[]) {
  return computeTotals({
    lines: totalsLines,
    coupons: couponTotalsInput(applied, [tea, beer]),
  });
}

describe('coupons in the totals', () => {
  it('takes 10 % off every line per rate and leaves the deposit alone', () => {
    const totals = totalsWith(coupon({ code: 'WILLKOMMEN10', amount: 1000 }));
    // tea 2000 → 1800 (VAT 118); beer 1899 − 190 → 1709 (VAT 273)
    expect(totals.lines.map((l) => l.discount)).toEqual([money(200, 13), money(190, 30)]);
    expect(totals.deposits).toEqual(money(320, 51));
    expect(totals.coupons).toEqual([
      { code: 'WILLKOMMEN10', kind: 'percent', discount: money(390, 43) },
    ]);
    expect(totals.taxLines).toEqual([
      { rate: 1900, amount: 273 + 51 },
      { rate: 700, amount: 118 },
    ]);
    expect(totals.total).toEqual(money(1800 + 1709 + 320, 118 + 273 + 51));
  });

  it('spreads a fixed cart discount over the rates in proportion, to the cent', () => {
    const totals = totalsWith(coupon({ code: '5EURO', kind: 'fixed_cart', amount: 500 }));
    // 500 × 2000/3899 = 256.48, 500 × 1899/3899 = 243.52: the spare cent goes to the larger rest
    expect(totals.lines.map((l) => l.discount.gross)).toEqual([256, 244]);
    expect(totals.coupons[0]!.discount).toEqual(money(500, 131 - 114 + (303 - 264)));
    expect(totals.total).toEqual(money(1744 + 1655 + 320, 114 + 264 + 51));
  });

  it('limits a category coupon to the lines of that category', () => {
    const totals = totalsWith(
      coupon({ code: 'KAFFEE20', amount: 2000, categoryIds: [COFFEE_AND_TEA.id] }),
    );
    expect(totals.lines.map((l) => l.discount)).toEqual([money(400, 26), money(0, 0)]);
    expect(totals.total.gross).toBe(1600 + 1899 + 320);
  });

  it('takes a fixed amount per piece with a fixed product coupon', () => {
    const totals = totalsWith(
      coupon({ code: 'STUECK', kind: 'fixed_product', amount: 150, productIds: [tea.productId] }),
    );
    expect(totals.lines.map((l) => l.discount.gross)).toEqual([300, 0]);
    expect(totals.total.gross).toBe(1700 + 1899 + 320);
  });

  it('applies combined coupons in order, each to what the earlier left', () => {
    const totals = totalsWith(
      coupon({ code: 'WILLKOMMEN10', amount: 1000 }),
      coupon({ code: '5EURO', kind: 'fixed_cart', amount: 500 }),
    );
    // After 10 %: 1800 and 1709; 500 over them: 256.48 and 243.52 → 256 and 244
    expect(totals.coupons.map((c) => c.discount.gross)).toEqual([390, 500]);
    expect(totals.lines.map((l) => l.afterDiscount.gross)).toEqual([1544, 1465]);
    expect(totals.discount.gross).toBe(890);
    expect(totals.total.gross).toBe(2000 + 1899 + 320 - 890);
  });

  it('never takes more than the items and never touches the deposit', () => {
    const totals = totalsWith(coupon({ code: 'ALLES', kind: 'fixed_cart', amount: 100_000 }));
    expect(totals.coupons[0]!.discount).toEqual(money(3899, 131 + 303));
    expect(totals.items.afterDiscount).toEqual(money(0, 0));
    expect(totals.total).toEqual(money(320, 51));
  });

  it('combines a percent and a fixed product coupon on mixed rates without losing a cent', () => {
    const totals = totalsWith(
      coupon({ code: 'A', amount: 3333 }),
      coupon({ code: 'B', kind: 'fixed_product', amount: 99 }),
    );
    const discounted = totals.lines.map((l) => l.discount.gross);
    expect(discounted[0]! + discounted[1]!).toBe(
      totals.coupons[0]!.discount.gross + totals.coupons[1]!.discount.gross,
    );
    for (const line of totals.lines) {
      expect(line.afterDiscount.gross + line.discount.gross).toBe(line.beforeDiscount.gross);
      expect(line.afterDiscount.net + line.afterDiscount.tax).toBe(line.afterDiscount.gross);
    }
    expect(totals.total.gross).toBe(3899 - totals.discount.gross + 320);
  });

  it('takes nothing off for a free-shipping coupon', () => {
    const totals = totalsWith(
      coupon({ code: 'VERSANDFREI', kind: 'fixed_cart', amount: 0, freeShipping: true }),
    );
    expect(totals.coupons).toEqual([
      { code: 'VERSANDFREI', kind: 'fixed_cart', discount: money(0, 0) },
    ]);
    expect(totals.total.gross).toBe(2000 + 1899 + 320);
  });

  it('leaves sale items at their price when the coupon excludes them', () => {
    const totals = totalsWith(coupon({ code: 'OHNESALE', amount: 1000, excludeSaleItems: true }));
    expect(totals.lines.map((l) => l.discount.gross)).toEqual([200, 0]);
  });
});
