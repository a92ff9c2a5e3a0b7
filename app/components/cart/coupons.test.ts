import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderInRouter, textOf } from '../../../tests/support/render.ts';
import { cartTotals } from '#app/domain/cart/cart.view.ts';
import type { CartCoupon } from '#app/domain/coupons/coupons.view.ts';
import { computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { CartTotals } from './cart-totals.tsx';
import { CouponForm, CouponProvider } from './coupons.tsx';

const coupons: CartCoupon[] = [
  { code: 'ZEHN', kind: 'percent', discount: 240, discountTax: 38, freeShipping: false },
  { code: 'FREI', kind: 'fixed_cart', discount: 0, discountTax: 0, freeShipping: true },
];
const totals = cartTotals(
  computeTotals({
    lines: [{ key: 'a', unitPrice: 1200, quantity: 2, taxRate: 1900, needsShipping: true }],
    coupons: [
      { code: 'ZEHN', kind: 'percent', amount: 1000 },
      { code: 'FREI', kind: 'fixed_cart', amount: 0 },
    ],
  }),
);

describe('coupons in the cart totals', () => {
  it('lists each coupon below the items, with its discount or free shipping', () => {
    const html = renderInRouter('de', h(CartTotals, { totals, coupons }));
    const rows = [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
      textOf(m[1]!.replace('</th>', ': ')),
    );
    expect(rows.slice(0, 4)).toEqual([
      'Zwischensumme: 24,00 €',
      'Gutschein: ZEHN: −2,40 €',
      'Gutschein: FREI: Kostenloser Versand',
      'Gesamtsumme: 21,60 €',
    ]);
    // Outside the cart page (no coupon form) nothing offers to remove them.
    expect(html).not.toContain('remove_coupon');
  });

  it('offers a remove button per coupon on the cart page that posts without script', () => {
    const html = renderInRouter(
      'en',
      h(CouponProvider, {
        security: 'token',
        result: undefined,
        children: h(CartTotals, { totals, coupons }),
      }),
    );
    const forms = [...html.matchAll(/<form[^>]*class="coupon-remove"[^>]*>(.*?)<\/form>/g)];
    expect(forms).toHaveLength(2);
    expect(attribute(openingTag(html, 'form', 'coupon-remove'), 'action')).toBe('/cart');
    expect(forms[0]![1]).toContain('name="intent" value="remove_coupon"');
    expect(forms[0]![1]).toContain('name="coupon" value="ZEHN"');
    // The button's name starts with its visible text.
    expect(textOf(forms[0]![1]!)).toBe('[Remove] Coupon: ZEHN');
  });
});

describe('CouponForm', () => {
  it('posts to the cart with a labelled field and its button', () => {
    const html = renderInRouter(
      'de',
      h(CouponProvider, { security: null, result: undefined, children: h(CouponForm) }),
    );
    const form = openingTag(html, 'form', 'coupon-form');
    expect(attribute(form, 'method')).toBe('post');
    expect(attribute(form, 'action')).toBe('/cart');
    expect(html).toContain('name="intent" value="apply_coupon"');
    expect(html).toContain('<label for="coupon_code">Gutscheincode</label>');
    const input = openingTag(html, 'input', 'name="coupon_code"');
    expect(attribute(input, 'aria-invalid')).toBeNull();
    expect(textOf(html)).toContain('Gutschein anwenden');
  });

  it('shows a refused code from a form post as an alert tied to the field', () => {
    const html = renderInRouter(
      'en',
      h(CouponProvider, {
        security: null,
        result: { ok: false, message: 'This coupon has expired.', intent: 'apply_coupon' },
        children: h(CouponForm),
      }),
    );
    const input = openingTag(html, 'input', 'name="coupon_code"');
    expect(attribute(input, 'aria-invalid')).toBe('true');
    expect(attribute(input, 'aria-describedby')).toBe('coupon_code-error');
    expect(html).toMatch(
      /<div id="coupon_code-error"[^>]*><div class="notice notice-error" role="alert">This coupon has expired\.<\/div><\/div>/,
    );
  });

  it('ignores the answers of other cart forms', () => {
    const html = renderInRouter(
      'en',
      h(CouponProvider, {
        security: null,
        result: { ok: true, message: 'Cart updated.', intent: 'update' },
        children: h(CouponForm),
      }),
    );
    expect(html).not.toContain('Cart updated.');
  });
});
