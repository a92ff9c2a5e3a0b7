import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import {
  attribute,
  openingTag,
  renderInRouter,
  textOf as text,
} from '../../../tests/support/render.ts';
import type { CartLine as CartLineView } from '#app/domain/cart/cart.view.ts';
import { CartLine } from './cart-line.tsx';

const line: CartLineView = {
  key: 'k1',
  productId: 22,
  variationId: null,
  slug: 'connewitzer-pils-sixpack',
  name: 'Connewitzer Pils, 6 × 0,33 l',
  variation: [],
  quantity: 2,
  quantityRules: { min: 1, max: 12, step: 1, soldIndividually: false },
  image: null,
  unitPrice: 599,
  regularPrice: 699,
  onSale: true,
  lineTotal: 1198,
  taxRate: 1900,
  lineTax: 191,
  deposit: { name: 'Mehrweg-Glasflasche', unitAmount: 48, amount: 96, packagingType: 'reusable' },
  unitPriceInfo: { amount: 303, base: 1, unit: 'l' },
  sku: null,
  stockStatus: 'instock',
};

function render(variant: 'row' | 'compact', view: CartLineView = line): string {
  return renderInRouter(
    'de',
    variant === 'row'
      ? h('table', null, h('tbody', null, h(CartLine, { line: view })))
      : h('ul', null, h(CartLine, { line: view, variant })),
  );
}

describe('CartLine', () => {
  it('shows a table row with prices, unit price, deposit, quantity and remove button', () => {
    const html = render('row');
    expect(openingTag(html, 'tr')).toBe('<tr class="cart-line">');
    expect(text(html)).toContain('6,99 €');
    expect(text(html)).toContain('3,03 € / l');
    expect(text(html)).toContain('zzgl. 0,48 € Pfand (Mehrweg-Glasflasche)');
    expect(text(html)).toContain('11,98 €');
    const quantity = openingTag(html, 'input');
    expect(attribute(quantity, 'id')).toBe('qty-k1');
    expect(attribute(quantity, 'name')).toBe('quantity[k1]');
    // Zero is allowed in the cart: it removes the line.
    expect(attribute(quantity, 'min')).toBe('0');
    expect(attribute(quantity, 'max')).toBe('12');
    expect(html).toContain(
      '<label for="qty-k1" class="visually-hidden">Menge für Connewitzer Pils, 6 × 0,33 l</label>',
    );
    const remove = openingTag(html, 'button');
    expect(attribute(remove, 'name')).toBe('remove');
    expect(attribute(remove, 'value')).toBe('k1');
    expect(attribute(remove, 'aria-label')).toBe(
      '„Connewitzer Pils, 6 × 0,33 l“ aus dem Warenkorb entfernen',
    );
  });

  it('shows the same line as a list item in the compact variant, with its own input id', () => {
    const html = render('compact');
    expect(openingTag(html, 'li')).toBe(
      '<li class="cart-line cart-line-compact woocommerce-mini-cart-item mini_cart_item">',
    );
    expect(html).not.toContain('<td');
    expect(attribute(openingTag(html, 'input'), 'id')).toBe('mini-qty-k1');
    expect(openingTag(html, 'label')).toBe('<label for="mini-qty-k1" class="visually-hidden">');
    expect(attribute(openingTag(html, 'button'), 'value')).toBe('k1');
    expect(text(html)).toContain('11,98 €');
    expect(text(html)).toContain('3,03 € / l');
  });

  it('shows a fixed quantity of one for a product sold individually', () => {
    const html = render('row', {
      ...line,
      quantity: 1,
      quantityRules: { ...line.quantityRules, soldIndividually: true },
    });
    expect(html).not.toContain('<input');
    expect(html).toContain('<span>1</span>');
  });
});
