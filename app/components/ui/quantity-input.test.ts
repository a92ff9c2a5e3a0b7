import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { QuantityInput } from './quantity-input.tsx';

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
