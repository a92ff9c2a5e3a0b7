import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { QuantityInput, clampQuantity, quantityText, stepQuantity } from './quantity-input.tsx';

describe('QuantityInput', () => {
  it('is a number input named by its label, within the product rules', () => {
    const html = renderIn(
      'de',
      h(QuantityInput, {
        id: 'quantity',
        name: 'quantity',
        label: 'Menge',
        rules: { min: 0.5, max: 10, step: 0.25 },
        defaultValue: 0.5,
        required: true,
      }),
    );
    expect(html).toMatch(/^<label for="quantity">Menge<\/label><input /);
    const input = openingTag(html, 'input');
    expect(attribute(input, 'id')).toBe('quantity');
    expect(attribute(input, 'type')).toBe('number');
    expect(attribute(input, 'min')).toBe('0.5');
    expect(attribute(input, 'max')).toBe('10');
    expect(attribute(input, 'step')).toBe('0.25');
    expect(attribute(input, 'required')).toBe('');
    // A decimal point even on a German page: what an input of type number can read.
    expect(attribute(input, 'value')).toBe('0.5');
  });

  it('leaves out an open maximum and can hide its label from view only', () => {
    const html = renderIn(
      'de',
      h(QuantityInput, {
        id: 'qty-abc',
        name: 'quantity[abc]',
        label: 'Menge für Filterkaffee',
        hideLabel: true,
        rules: { min: 0, max: null, step: 1 },
        defaultValue: 1200,
      }),
    );
    expect(openingTag(html, 'label')).toBe('<label for="qty-abc" class="visually-hidden">');
    const input = openingTag(html, 'input');
    expect(attribute(input, 'max')).toBeNull();
    expect(attribute(input, 'required')).toBeNull();
    expect(attribute(input, 'value')).toBe('1200');
  });
});

describe('quantity steps', () => {
  it('steps by the step and keeps its decimals', () => {
    const fabric = { min: 0.5, max: 10, step: 0.5 };
    expect(stepQuantity(0.5, 1, fabric)).toBe(1);
    expect(stepQuantity(1, -1, fabric)).toBe(0.5);
    expect(stepQuantity(0.5, -1, fabric)).toBe(0.5);
    expect(stepQuantity(9.5, 1, fabric)).toBe(10);
    expect(stepQuantity(10, 1, fabric)).toBe(10);
    // 0.1 + 0.2 stays 0.3, not 0.30000000000000004.
    expect(stepQuantity(0.1, 1, { min: 0, max: null, step: 0.2 })).toBe(0.3);
  });

  it('uses min 0 and step 1 when the rules leave them out', () => {
    expect(stepQuantity(0, -1, {})).toBe(0);
    expect(stepQuantity(Number.NaN, 1, {})).toBe(1);
    expect(stepQuantity(2, 1, { max: 2 })).toBe(2);
  });

  it('brings values into the limits of a variation', () => {
    expect(clampQuantity(0, { min: 2, max: 5, step: 1 })).toBe(2);
    expect(clampQuantity(9, { min: 2, max: 5, step: 1 })).toBe(5);
    expect(clampQuantity(1.25, { min: 0.5, max: null, step: 0.5 })).toBe(1.3);
    expect(quantityText(1200.5)).toBe('1200.5');
  });
});
