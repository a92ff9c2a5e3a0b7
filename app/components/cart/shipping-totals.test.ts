import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderInRouter, textOf } from '../../../tests/support/render.ts';
import {
  type CartShipping,
  type ShippingRateView,
  emptyAddress,
} from '#app/domain/shipping/shipping.view.ts';
import { ShippingTotals } from './shipping-totals.tsx';

const rate = (over: Partial<ShippingRateView>): ShippingRateView => ({
  rateId: 'flat_rate:2',
  instanceId: 2,
  methodId: 'flat_rate',
  name: 'Versand mit DHL',
  description: '',
  deliveryTime: '2–3 Werktage',
  cost: 490,
  tax: 78,
  taxable: true,
  selected: false,
  ...over,
});

const shipping = (over: Partial<CartShipping> = {}): CartShipping => ({
  address: emptyAddress('DE'),
  billingAddress: emptyAddress('DE'),
  packages: [
    {
      packageId: 0,
      items: [{ key: 'a', name: 'Tee', quantity: 1 }],
      rates: [
        rate({ selected: true }),
        rate({
          rateId: 'local_pickup:3',
          instanceId: 3,
          methodId: 'local_pickup',
          name: 'Abholung in Leipzig',
          cost: 0,
          tax: 0,
          deliveryTime: '',
        }),
      ],
      chosenRateId: 'flat_rate:2',
    },
  ],
  chosen: null,
  needsShipping: true,
  hasCalculatedShipping: false,
  ...over,
});

describe('ShippingTotals', () => {
  it('offers the rates as radios named per package, the chosen one checked', () => {
    const html = renderInRouter('de', h(ShippingTotals, { shipping: shipping() }));
    const flat = openingTag(html, 'input', 'value="flat_rate:2"');
    expect(attribute(flat, 'name')).toBe('shipping_method[0]');
    expect(attribute(flat, 'type')).toBe('radio');
    expect(flat).toContain('checked');
    expect(openingTag(html, 'input', 'value="local_pickup:3"')).not.toContain('checked');
    const text = textOf(html);
    expect(text).toContain('Versand mit DHL: 4,90 €');
    expect(text).toContain('Abholung in Leipzig: kostenlos');
    expect(text).toContain('Die Versandkosten sind für Deutschland geschätzt.');
    // Before the script runs, a button posts the choice.
    expect(text).toContain('Versandart übernehmen');
    expect(openingTag(html, 'input', 'name="intent"')).toContain('value="select_shipping"');
  });

  it('shows the destination and the calculator with the country rules', () => {
    const address = {
      ...emptyAddress('US'),
      state: 'CA',
      postcode: '90210',
      city: 'Beverly Hills',
    };
    const html = renderInRouter(
      'en',
      h(ShippingTotals, { shipping: shipping({ address, hasCalculatedShipping: true }) }),
    );
    const text = textOf(html);
    expect(text).toContain('Shipping to 90210 Beverly Hills, California, United States (US).');
    expect(text).toContain('Change address');
    const names = [...html.matchAll(/name="(calc_shipping_\w+)"/g)].map((m) => m[1]);
    expect(names).toEqual([
      'calc_shipping_country',
      'calc_shipping_city',
      'calc_shipping_state',
      'calc_shipping_postcode',
    ]);
    expect(openingTag(html, 'option', 'value="CA"')).toContain('selected');
    expect(attribute(openingTag(html, 'input', 'name="calc_shipping_postcode"'), 'value')).toBe(
      '90210',
    );
  });

  it('says so when no method ships to the destination, and shows a single rate without a choice', () => {
    const none = renderInRouter(
      'en',
      h(ShippingTotals, {
        shipping: shipping({
          packages: [{ packageId: 0, items: [], rates: [], chosenRateId: null }],
        }),
      }),
    );
    expect(textOf(none)).toContain('There are no shipping options available for this address.');
    const single = renderInRouter(
      'de',
      h(ShippingTotals, {
        shipping: shipping({
          packages: [
            {
              packageId: 0,
              items: [],
              rates: [rate({ selected: true })],
              chosenRateId: 'flat_rate:2',
            },
          ],
        }),
      }),
    );
    expect(single).not.toContain('type="radio"');
    expect(textOf(single)).toContain('Versand mit DHL: 4,90 €');
  });

  it('shows a refused calculator field with what was sent', () => {
    const html = renderInRouter(
      'de',
      h(ShippingTotals, {
        shipping: shipping(),
        calculatorError: {
          field: 'postcode',
          message: '„Postleitzahl“ hat nicht das Format dieses Landes.',
          values: { country: 'AT', postcode: '12', city: 'Wien', state: '' },
        },
      }),
    );
    expect(openingTag(html, 'details')).toContain('open');
    const postcode = openingTag(html, 'input', 'name="calc_shipping_postcode"');
    expect(attribute(postcode, 'aria-invalid')).toBe('true');
    expect(attribute(postcode, 'value')).toBe('12');
    expect(attribute(postcode, 'placeholder')).toBe('z. B. 1010');
    expect(openingTag(html, 'option', 'value="AT"')).toContain('selected');
  });
});
