import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInRouter, textOf } from '../../../tests/support/render.ts';
import type { CartTotals as CartTotalsView } from '#app/domain/cart/cart.server.ts';
import { CartTotals } from './cart-totals.tsx';

const totals: CartTotalsView = {
  items: 2397,
  itemsTax: 300,
  deposit: 48,
  depositTax: 8,
  total: 2445,
  tax: 308,
  taxLines: [
    { rate: 1900, amount: 239 },
    { rate: 700, amount: 69 },
  ],
};

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
      'enthaltene MwSt. 19 %: 2,39 €',
      'enthaltene MwSt. 7 %: 0,69 €',
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
