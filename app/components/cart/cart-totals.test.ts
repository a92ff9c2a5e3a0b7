import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInRouter, textOf } from '../../../tests/support/render.ts';
import { type CartTotals as CartTotalsView, cartTotals } from '#app/domain/cart/cart.view.ts';
import { computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { CartTotals } from './cart-totals.tsx';

// A 19 % line with a deposit and a 7 % line, through the same engine the cart uses.
const totals: CartTotalsView = cartTotals(
  computeTotals({
    lines: [
      { key: 'a', unitPrice: 1199, quantity: 1, taxRate: 1900, needsShipping: true, deposit: 48 },
      { key: 'b', unitPrice: 599, quantity: 2, taxRate: 700, needsShipping: true },
    ],
  }),
);

/** Each row as "heading: value". */
function rows(html: string): string[] {
  return [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    textOf(m[1]!.replace('</th>', ': ')),
  );
}

describe('CartTotals', () => {
  it('lists items, deposit, shipping note, total and the VAT it includes, rate by rate', () => {
    const html = renderInRouter(
      'de',
      h(CartTotals, { totals, shippingNote: 'wird an der Kasse berechnet' }),
    );
    expect(rows(html)).toEqual([
      'Zwischensumme: 23,97 €',
      'Pfand: 0,48 €',
      'Versand: wird an der Kasse berechnet',
      'Gesamtsumme: 24,45 €',
      'enthaltene MwSt. 19 %: 1,99 €',
      'enthaltene MwSt. 7 %: 0,78 €',
    ]);
    expect(html).toContain('<tr class="order-total">');
  });

  it('leaves out the deposit without one and the shipping row without a note', () => {
    const html = renderInRouter('en', h(CartTotals, { totals: { ...totals, deposit: 0 } }));
    const labels = rows(html).map((r) => r.split(':')[0]);
    expect(labels).not.toContain('Deposit');
    expect(labels).not.toContain('Shipping');
    expect(labels[0]).toBe('Subtotal');
  });
});
