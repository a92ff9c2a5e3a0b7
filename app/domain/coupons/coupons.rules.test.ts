import { describe, expect, it } from 'vitest';
import {
  type CouponCart,
  type CouponLine,
  type CouponRule,
  combinationProblem,
  couponProblem,
  couponTotalsInput,
  emailAllowed,
  eligibleLineKeys,
  formatCouponCode,
  normalizeCouponCode,
} from './coupons.rules.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

const coupon = (extra: Partial<CouponRule> = {}): CouponRule => ({
  id: 1,
  code: 'TEST',
  kind: 'percent',
  amount: 1000,
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

const COFFEE = { id: 10, name: 'Kaffee & Tee' };
const FOOD = { id: 11, name: 'Lebensmittel' };
const HOME = { id: 20, name: 'Wohnen' };

const coffee: CouponLine = {
  key: 'coffee',
  productId: 100,
  variationId: null,
  name: 'Espresso',
  categories: [COFFEE, FOOD],
  onSale: false,
};
const mug: CouponLine = {
  key: 'mug',
  productId: 200,
  variationId: 201,
  name: 'Becher',
  categories: [HOME],
  onSale: true,
};

const cart = (extra: Partial<CouponCart> = {}): CouponCart => ({
  lines: [coffee, mug],
  subtotal: 4000,
  currency: 'EUR',
  locale: 'en',
  now: NOW,
  customerUses: null,
  ...extra,
});

type Case = [name: string, coupon: CouponRule, cart: CouponCart, code: string | null];

describe('couponProblem', () => {
  it.each<Case>([
    ['an unrestricted coupon applies', coupon(), cart(), null],
    [
      'usage limit reached',
      coupon({ usageLimit: 1, usageCount: 1 }),
      cart(),
      'coupon.error.usage_limit',
    ],
    ['usage limit not yet reached', coupon({ usageLimit: 2, usageCount: 1 }), cart(), null],
    [
      'per-customer limit reached',
      coupon({ usageLimitPerCustomer: 1 }),
      cart({ customerUses: 1 }),
      'coupon.error.usage_limit',
    ],
    [
      'per-customer limit with an unknown customer waits for checkout',
      coupon({ usageLimitPerCustomer: 1 }),
      cart({ customerUses: null }),
      null,
    ],
    [
      'expired a second ago',
      coupon({ expiresAt: new Date(NOW.getTime() - 1000) }),
      cart(),
      'coupon.error.expired',
    ],
    ['expires at this very moment', coupon({ expiresAt: NOW }), cart(), 'coupon.error.expired'],
    ['expires tomorrow', coupon({ expiresAt: new Date(NOW.getTime() + 86_400_000) }), cart(), null],
    ['empty cart', coupon(), cart({ lines: [], subtotal: 0 }), 'coupon.error.cart_contents'],
    [
      'below the minimum spend',
      coupon({ minimumSpend: 4001 }),
      cart(),
      'coupon.error.minimum_spend',
    ],
    ['exactly the minimum spend', coupon({ minimumSpend: 4000 }), cart(), null],
    [
      'above the maximum spend',
      coupon({ maximumSpend: 3999 }),
      cart(),
      'coupon.error.maximum_spend',
    ],
    ['exactly the maximum spend', coupon({ maximumSpend: 4000 }), cart(), null],
    [
      'product restriction matches no line',
      coupon({ productIds: [999] }),
      cart(),
      'coupon.error.not_applicable',
    ],
    ['product restriction matches a variation', coupon({ productIds: [201] }), cart(), null],
    [
      'category restriction matches no line',
      coupon({ categoryIds: [999] }),
      cart(),
      'coupon.error.not_applicable',
    ],
    [
      'category restriction matches a parent category',
      coupon({ categoryIds: [FOOD.id] }),
      cart(),
      null,
    ],
    [
      'percent coupon excluding every line',
      coupon({ excludedProductIds: [100, 200] }),
      cart(),
      'coupon.error.not_applicable',
    ],
    ['percent coupon excluding one line', coupon({ excludedProductIds: [100] }), cart(), null],
    [
      'fixed cart coupon while an excluded product is in the cart',
      coupon({ kind: 'fixed_cart', excludedProductIds: [201] }),
      cart(),
      'coupon.error.excluded_products',
    ],
    [
      'fixed cart coupon while an excluded category is in the cart',
      coupon({ kind: 'fixed_cart', excludedCategoryIds: [HOME.id] }),
      cart(),
      'coupon.error.excluded_categories',
    ],
    [
      'fixed cart coupon excluding sale items with one in the cart',
      coupon({ kind: 'fixed_cart', excludeSaleItems: true }),
      cart(),
      'coupon.error.sale_items',
    ],
    [
      'percent coupon excluding sale items, with an item at full price',
      coupon({ excludeSaleItems: true }),
      cart(),
      null,
    ],
    [
      'percent coupon excluding sale items, only sale items in the cart',
      coupon({ excludeSaleItems: true }),
      cart({ lines: [mug] }),
      'coupon.error.sale_items',
    ],
    [
      'fixed product coupon limited to a product not in the cart',
      coupon({ kind: 'fixed_product', productIds: [300] }),
      cart(),
      'coupon.error.not_applicable',
    ],
  ])('%s', (_name, rule, shop, expected) => {
    expect(couponProblem(rule, shop)?.code ?? null).toBe(expected);
  });

  it('names the minimum and maximum spend in the shopper’s money format', () => {
    expect(couponProblem(coupon({ minimumSpend: 5000 }), cart())?.params).toEqual({
      amount: '€50.00',
    });
    expect(
      couponProblem(coupon({ maximumSpend: 3000 }), cart({ locale: 'de' }))?.params?.amount,
    ).toMatch(/^30,00\s€$/);
  });

  it('names the excluded products and categories', () => {
    expect(
      couponProblem(coupon({ kind: 'fixed_cart', excludedProductIds: [100] }), cart())?.params,
    ).toEqual({ names: 'Espresso' });
    expect(
      couponProblem(coupon({ kind: 'fixed_cart', excludedCategoryIds: [10, 11] }), cart())?.params,
    ).toEqual({ names: 'Kaffee & Tee, Lebensmittel' });
  });
});

describe('eligibleLineKeys', () => {
  it.each<[string, Partial<CouponRule>, string[]]>([
    ['no restriction', {}, ['coffee', 'mug']],
    ['a product', { productIds: [100] }, ['coffee']],
    ['a category via its parent', { categoryIds: [FOOD.id] }, ['coffee']],
    ['excluded category', { excludedCategoryIds: [HOME.id] }, ['coffee']],
    ['excluded variation', { excludedProductIds: [201] }, ['coffee']],
    ['sale items excluded', { excludeSaleItems: true }, ['coffee']],
    [
      'a product or a category qualifies a line',
      { productIds: [200], categoryIds: [COFFEE.id] },
      ['coffee', 'mug'],
    ],
  ])('%s', (_name, extra, keys) => {
    expect(eligibleLineKeys(coupon(extra), [coffee, mug])).toEqual(keys);
  });
});

describe('combinationProblem', () => {
  it.each<[string, CouponRule, CouponRule[], string | null]>([
    ['first coupon', coupon(), [], null],
    ['second ordinary coupon', coupon({ id: 2 }), [coupon()], null],
    ['same coupon again', coupon(), [coupon()], 'coupon.error.already_applied'],
    [
      'after an individual-use coupon',
      coupon({ id: 2 }),
      [coupon({ individualUse: true, code: 'SOLO' })],
      'coupon.error.individual_use',
    ],
    [
      'an individual-use coupon replaces the others',
      coupon({ id: 2, individualUse: true }),
      [coupon()],
      null,
    ],
  ])('%s', (_name, rule, applied, expected) => {
    expect(combinationProblem(rule, applied)?.code ?? null).toBe(expected);
  });

  it('names the individual-use coupon that blocks', () => {
    expect(
      combinationProblem(coupon({ id: 2 }), [coupon({ individualUse: true, code: 'SOLO' })])
        ?.params,
    ).toEqual({ code: 'SOLO' });
  });
});

describe('couponTotalsInput', () => {
  it('limits each coupon to its lines and zeroes one that covers none', () => {
    expect(
      couponTotalsInput(
        [
          coupon({ code: 'A', categoryIds: [COFFEE.id] }),
          coupon({ code: 'B', kind: 'fixed_cart', amount: 500, productIds: [999] }),
        ],
        [coffee, mug],
      ),
    ).toEqual([
      { code: 'A', kind: 'percent', amount: 1000, productKeys: ['coffee'], itemLimit: null },
      { code: 'B', kind: 'fixed_cart', amount: 0, productKeys: [], itemLimit: null },
    ]);
  });
});

describe('coupons limited to e-mails', () => {
  it('admits addresses and * patterns without regard to case or blanks', () => {
    const patterns = ['kim@example.org', '*@firma.de', 'team-*@shop.example'];
    expect(emailAllowed([], 'anyone@example.com')).toBe(true);
    expect(emailAllowed(patterns, ' Kim@Example.org ')).toBe(true);
    expect(emailAllowed(patterns, 'einkauf@firma.de')).toBe(true);
    expect(emailAllowed(patterns, 'team-nord@shop.example')).toBe(true);
    expect(emailAllowed(patterns, 'kim@example.org.evil')).toBe(false);
    expect(emailAllowed(patterns, 'einkauf@firma.de.evil')).toBe(false);
    expect(emailAllowed(patterns, 'other@example.org')).toBe(false);
  });

  it('takes regular-expression characters literally', () => {
    expect(emailAllowed(['a.b@x.de'], 'a.b@x.de')).toBe(true);
    expect(emailAllowed(['a.b@x.de'], 'axb@x.de')).toBe(false);
    expect(emailAllowed(['(a|b)@x.de'], 'a@x.de')).toBe(false);
  });

  it('answers a pattern of many stars against a long address without backtracking', () => {
    const pattern = `${'*a'.repeat(60)}*b`;
    expect(emailAllowed([pattern], `${'a'.repeat(250)}@x.de`)).toBe(false);
  });

  it('lets the coupon wait on the cart until the e-mail is known, then refuses a stranger', () => {
    const limited = coupon({ code: 'FIRMA', allowedEmails: ['*@firma.de'] });
    expect(couponProblem(limited, cart())).toBeNull();
    expect(couponProblem(limited, cart({ email: '' }))).toBeNull();
    expect(couponProblem(limited, cart({ email: 'chef@firma.de' }))).toBeNull();
    const refused = couponProblem(limited, cart({ email: 'kim@example.org' }));
    expect(refused?.code).toBe('coupon.error.email');
    expect(refused?.params).toEqual({ code: 'FIRMA' });
  });
});

describe('normalizeCouponCode', () => {
  it('ignores case, markup and surrounding blanks', () => {
    expect(normalizeCouponCode('  Willkommen10 ')).toBe('willkommen10');
    expect(normalizeCouponCode('<b>Sommer</b>24')).toBe('sommer24');
    expect(formatCouponCode('"><script>alert(1)</script>')).toBe('">alert(1)');
    expect(formatCouponCode('a<img src=x onerror=alert(1)')).toBe('a');
  });
});
