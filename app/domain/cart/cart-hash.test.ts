import { describe, expect, it } from 'vitest';
import { computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { cartHash } from './cart-hash.server.ts';
import { emptyCart } from './cart.server.ts';
import { type CartLine, type CartView, cartTotals } from './cart.view.ts';

function line(key: string, quantity: number, unitPrice: number, name = 'Kaffee'): CartLine {
  return {
    key,
    productId: 1,
    variationId: null,
    slug: 'kaffee',
    name,
    variation: [],
    quantity,
    quantityRules: { min: 1, max: null, step: 1, soldIndividually: false },
    image: null,
    unitPrice,
    regularPrice: unitPrice,
    onSale: false,
    lineTotal: unitPrice * quantity,
    taxRate: 700,
    lineTax: 0,
    deposit: null,
    unitPriceInfo: null,
    sku: null,
    stockStatus: 'instock',
  };
}

function cart(lines: CartLine[]): CartView {
  const totals = computeTotals({
    lines: lines.map((l) => ({
      key: l.key,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      taxRate: l.taxRate,
      needsShipping: true,
    })),
  });
  return {
    ...emptyCart('EUR'),
    lines,
    itemCount: totals.itemCount,
    totals: cartTotals(totals),
  };
}

describe('cartHash', () => {
  it('is empty for an empty cart and the same for the same contents', () => {
    expect(cartHash(cart([]))).toBe('');
    expect(cartHash(cart([line('a', 2, 1199)]))).toMatch(/^[a-f0-9]{32}$/);
    expect(cartHash(cart([line('a', 2, 1199)]))).toBe(cartHash(cart([line('a', 2, 1199)])));
  });

  it('ignores words (a language switch) but not quantities, prices, lines or their order', () => {
    const base = cartHash(cart([line('a', 2, 1199), line('b', 1, 500)]));
    expect(cartHash(cart([line('a', 2, 1199, 'Coffee'), line('b', 1, 500)]))).toBe(base);
    expect(cartHash(cart([line('a', 3, 1199), line('b', 1, 500)]))).not.toBe(base);
    expect(cartHash(cart([line('a', 2, 1299), line('b', 1, 500)]))).not.toBe(base);
    expect(cartHash(cart([line('a', 2, 1199)]))).not.toBe(base);
    expect(cartHash(cart([line('b', 1, 500), line('a', 2, 1199)]))).not.toBe(base);
  });

  it('changes with a coupon or shipping in the totals', () => {
    const plain = cart([line('a', 2, 1199)]);
    const discounted: CartView = {
      ...plain,
      totals: cartTotals(
        computeTotals({
          lines: [{ key: 'a', unitPrice: 1199, quantity: 2, taxRate: 700, needsShipping: true }],
          coupons: [{ code: 'WILLKOMMEN10', kind: 'percent', amount: 1000 }],
        }),
      ),
    };
    expect(cartHash(discounted)).not.toBe(cartHash(plain));
  });
});
