import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { openingTag, renderInRouter, textOf } from '../../../tests/support/render.ts';
import type { CartLine } from '#app/domain/cart/cart.view.ts';
import { emptyMiniCart } from '#app/domain/cart/mini-cart.view.ts';
import { CartLink, MiniCartContents } from './mini-cart.tsx';

const line: CartLine = {
  key: 'a'.repeat(32),
  productId: 7,
  variationId: 9,
  slug: 'leinenhemd',
  name: 'Leinenhemd',
  variation: [{ attribute: 'Farbe', value: 'Rot' }],
  quantity: 2,
  quantityRules: { min: 1, max: 5, step: 1, soldIndividually: false },
  image: null,
  unitPrice: 2495,
  regularPrice: 2495,
  onSale: false,
  lineTotal: 4990,
  taxRate: 1900,
  lineTax: 797,
  deposit: null,
  unitPriceInfo: null,
  sku: null,
  stockStatus: 'instock',
};

const cart = {
  ...emptyMiniCart('EUR'),
  hash: 'f'.repeat(32),
  itemCount: 2,
  lines: [line],
  subtotal: 4990,
  total: 4990,
  removeNonce: 'n'.repeat(32),
};

describe('MiniCartContents', () => {
  it('is a form to the cart page that updates on Enter, with a remove link per line', () => {
    const html = renderInRouter('de', h(MiniCartContents, { cart }));
    expect(openingTag(html, 'div')).toContain('class="widget_shopping_cart_content"');
    expect(openingTag(html, 'form')).toMatch(/method="post"/);
    expect(openingTag(html, 'form')).toMatch(/action="\/cart"/);
    // The only submit button is the one Enter presses: update.
    expect(openingTag(html, 'button')).toContain('type="submit"');
    expect(html).not.toContain('name="remove"');
    expect(html).toContain('name="intent" value="update"');
    expect(openingTag(html, 'li')).toContain('woocommerce-mini-cart-item');
    const remove = openingTag(html, 'a', 'remove_from_cart_button');
    expect(remove).toContain(`data-cart_item_key="${line.key}"`);
    expect(remove).toContain('data-product_id="7"');
    expect(remove).toContain('data-product_sku=""');
    expect(remove).toContain(`href="/cart?remove_item=${line.key}&amp;_wpnonce=${'n'.repeat(32)}"`);
    expect(remove).toContain('aria-label="„Leinenhemd“ aus dem Warenkorb entfernen"');
    expect(remove).toContain('data-success_message="„Leinenhemd“ entfernt."');
    expect(html).toContain(`name="quantity[${line.key}]"`);
    expect(openingTag(html, 'input', 'quantity[')).toContain('max="5"');
    const text = textOf(html);
    expect(textOf(html)).toContain('Zwischensumme: 49,90 €');
    for (const words of ['Leinenhemd', 'Farbe:', 'Rot', 'Kasse']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Warenkorb anzeigen');
  });

  it('says so when the cart is empty, in English too', () => {
    expect(textOf(renderInRouter('de', h(MiniCartContents, { cart: emptyMiniCart('EUR') })))).toBe(
      'Ihr Warenkorb ist derzeit leer.',
    );
    const english = textOf(renderInRouter('en', h(MiniCartContents, { cart })));
    expect(english).toContain('View cart');
    expect(english).toContain('Checkout');
  });
});

describe('CartLink', () => {
  it('names the count it shows', () => {
    const html = renderInRouter('en', h(CartLink, { count: 3 }));
    expect(openingTag(html, 'a')).toContain('aria-label="Cart, 3 items"');
    expect(textOf(html)).toBe('Cart 3');
  });
});
