import { describe, expect, it } from 'vitest';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import {
  AJAX_VARIATION_THRESHOLD,
  DEFAULT_SWATCH_SETTINGS,
  type SwatchSettings,
  isAjaxVariationMode,
  productForBrowser,
} from '#app/domain/catalog/swatch-settings.view.ts';
import {
  addToCartState,
  chooseTerm,
  isClickable,
  matchVariation,
  swatchState,
} from './variation.ts';

let nextId = 1;
function variation(
  attributes: Record<string, string>,
  opts: { stock?: 'instock' | 'outofstock'; purchasable?: boolean } = {},
): VariationView {
  return {
    id: nextId++,
    attributes,
    sku: null,
    gtin: null,
    price: {
      regular: 1000,
      active: 1000,
      onSale: false,
      range: null,
      saleEndsAt: null,
      lowestPrior: null,
    },
    stockStatus: opts.stock ?? 'instock',
    stockQuantity: null,
    isPurchasable: opts.purchasable ?? true,
    image: null,
    weightKg: null,
    quantity: { min: 1, max: null, step: 1, soldIndividually: false },
    compliance: {} as VariationView['compliance'],
    description: '',
  };
}

// A shirt: red S/M, blue M (sold out), green S without a price; blue S and green M do not exist.
const shirts = [
  variation({ color: 'red', size: 's' }),
  variation({ color: 'red', size: 'm' }),
  variation({ color: 'blue', size: 'm' }, { stock: 'outofstock' }),
  variation({ color: 'green', size: 's' }, { purchasable: false }),
];
const settings = (over: Partial<SwatchSettings> = {}) => ({ ...DEFAULT_SWATCH_SETTINGS, ...over });

describe('swatch states', () => {
  it.each([
    [{}, 'color', 'red', 'normal'],
    [{}, 'color', 'blue', 'no-stock'],
    // Green exists only without a price: no enabled variation.
    [{}, 'color', 'green', 'disabled'],
    [{ color: 'red' }, 'color', 'red', 'selected'],
    [{ size: 's' }, 'color', 'blue', 'disabled'],
    [{ size: 'm' }, 'color', 'blue', 'no-stock'],
    [{ color: 'blue' }, 'size', 's', 'disabled'],
    [{ color: 'red' }, 'size', 'm', 'normal'],
  ] as const)('choice %j: %s %s is %s', (choice, attribute, term, expected) => {
    expect(swatchState(shirts, choice, attribute, term, false)).toBe(expected);
  });

  it('disables nothing in ajax-variation mode', () => {
    expect(swatchState(shirts, {}, 'color', 'green', true)).toBe('normal');
    expect(swatchState(shirts, { size: 's' }, 'color', 'blue', true)).toBe('normal');
    expect(swatchState(shirts, { color: 'red' }, 'color', 'red', true)).toBe('selected');
  });

  it('treats a variation without a value for an attribute as "any"', () => {
    const any = [variation({ color: 'red', size: '' })];
    expect(swatchState(any, { color: 'red' }, 'size', 'xl', false)).toBe('normal');
  });

  it('lets out-of-stock swatches be clicked only with clickable-out-of-stock on', () => {
    expect(isClickable('no-stock', settings({ clickableOutOfStock: false }))).toBe(false);
    expect(isClickable('no-stock', settings({ clickableOutOfStock: true }))).toBe(true);
    expect(isClickable('disabled', settings({ clickableOutOfStock: true }))).toBe(false);
    expect(isClickable('selected', settings())).toBe(true);
  });
});

describe('choosing a swatch', () => {
  it('clears a reselected value only with clear-on-reselect on', () => {
    const on = chooseTerm(shirts, { color: 'red' }, 'color', 'red', settings(), false);
    expect(on).toEqual({ color: '' });
    const off = settings({ clearOnReselect: false });
    expect(chooseTerm(shirts, { color: 'red' }, 'color', 'red', off, false)).toEqual({
      color: 'red',
    });
  });

  it('clears other values left without an in-stock match when deselect-unavailable is on', () => {
    // Blue exists only in M, sold out: choosing blue leaves size S and M without stock.
    expect(chooseTerm(shirts, { size: 's' }, 'color', 'blue', settings(), false)).toEqual({
      size: '',
      color: 'blue',
    });
    expect(chooseTerm(shirts, { size: 'm' }, 'color', 'red', settings(), false)).toEqual({
      size: 'm',
      color: 'red',
    });
    const off = settings({ deselectUnavailable: false });
    expect(chooseTerm(shirts, { size: 's' }, 'color', 'blue', off, false)).toEqual({
      size: 's',
      color: 'blue',
    });
    // The server judges combinations in ajax mode: nothing is cleared on the page.
    expect(chooseTerm(shirts, { size: 's' }, 'color', 'blue', settings(), true)).toEqual({
      size: 's',
      color: 'blue',
    });
  });
});

describe('the variation a choice names', () => {
  it('needs every attribute chosen', () => {
    expect(matchVariation(shirts, { color: 'red' }, 2)).toBeUndefined();
    expect(matchVariation(shirts, { color: 'red', size: 'm' }, 2)).toBe(shirts[1]);
    expect(matchVariation(shirts, { color: 'blue', size: 's' }, 2)).toBeUndefined();
  });

  it('switches to ajax mode above the threshold and then sends no variations', () => {
    const many = Array.from({ length: AJAX_VARIATION_THRESHOLD + 1 }, (_, i) =>
      variation({ n: String(i) }),
    );
    const product = (variations: VariationView[]) =>
      ({ variations, variationCount: variations.length }) as unknown as ProductDetail;
    expect(isAjaxVariationMode({ variationCount: many.length })).toBe(true);
    expect(isAjaxVariationMode({ variationCount: AJAX_VARIATION_THRESHOLD })).toBe(false);
    expect(productForBrowser(product(many))).toMatchObject({ variations: [], variationCount: 31 });
    const few = many.slice(1);
    expect(productForBrowser(product(few)).variations).toBe(few);
  });
});

describe('add-to-cart button', () => {
  it.each([
    [{ state: 'incomplete' }, 'needs-selection'],
    [{ state: 'loading' }, 'loading'],
    [{ state: 'none' }, 'no-match'],
    [{ state: 'found', purchasable: true, inStock: true, visible: true }, 'enabled'],
    [{ state: 'found', purchasable: false, inStock: true, visible: true }, 'unavailable'],
    [{ state: 'found', purchasable: true, inStock: false, visible: true }, 'unavailable'],
    [{ state: 'found', purchasable: true, inStock: true, visible: false }, 'unavailable'],
  ] as const)('%j -> %s', (lookup, expected) => {
    expect(addToCartState(lookup)).toBe(expected);
  });
});
