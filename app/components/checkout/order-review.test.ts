import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { openingTag, renderIn, textOf } from '../../../tests/support/render.ts';
import { PaymentMethods } from './order-review.tsx';

const bacs = {
  id: 'bacs',
  title: 'Vorkasse',
  description: 'Überweisen Sie vorab.',
  orderButtonText: null,
};
const invoice = {
  id: 'invoice',
  title: 'Kauf auf Rechnung',
  description: 'Zahlen Sie nach Erhalt.',
  orderButtonText: 'Auf Rechnung bestellen',
};

describe('payment method selection', () => {
  it('hides a single method and sends it preselected', () => {
    const html = renderIn('de', h(PaymentMethods, { methods: [bacs], chosen: 'bacs' }));
    expect(html).not.toContain('type="radio"');
    expect(openingTag(html, 'input', 'name="payment_method"')).toContain('type="hidden"');
    expect(openingTag(html, 'input', 'name="payment_method"')).toContain('value="bacs"');
  });

  it('shows the chosen method’s box only, and each method’s own button text', () => {
    const html = renderIn('de', h(PaymentMethods, { methods: [bacs, invoice], chosen: 'invoice' }));
    expect(textOf(html)).toContain('Zahlen Sie nach Erhalt.');
    expect(textOf(html)).not.toContain('Überweisen Sie vorab.');
    expect(openingTag(html, 'input', 'value="invoice"')).toContain('checked');
    expect(openingTag(html, 'input', 'value="invoice"')).toContain(
      'data-order_button_text="Auf Rechnung bestellen"',
    );
  });

  it('says so when no method is available', () => {
    const html = renderIn('en', h(PaymentMethods, { methods: [], chosen: null }));
    expect(textOf(html)).toContain('there are no available payment methods');
  });
});
