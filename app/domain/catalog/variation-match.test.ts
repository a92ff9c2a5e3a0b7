import { describe, expect, it } from 'vitest';
import { variationStockLeft } from './swatch-settings.view.ts';
import { findVariation, matchesChoice } from './variation-match.ts';

const offered = new Map([
  ['color', new Set(['red', 'blue'])],
  ['size', new Set(['s', 'm'])],
]);
const variations = [
  { id: 1, attributes: { color: 'red', size: 's' } },
  { id: 2, attributes: { color: 'blue', size: '' } },
];

describe('finding a variation', () => {
  it('finds the variation of a complete choice, "any" included', () => {
    expect(findVariation(variations, { color: 'red', size: 's' }, offered)?.id).toBe(1);
    expect(findVariation(variations, { color: 'blue', size: 'm' }, offered)?.id).toBe(2);
  });

  it('finds nothing for incomplete choices, unknown attributes or terms the product lacks', () => {
    expect(findVariation(variations, { color: 'red' }, offered)).toBeUndefined();
    expect(findVariation(variations, { color: 'red', size: 'm' }, offered)).toBeUndefined();
    // "Any" takes only the product's own terms.
    expect(findVariation(variations, { color: 'blue', size: 'xxl' }, offered)).toBeUndefined();
    expect(
      findVariation(variations, { color: 'red', size: 's', pattern: 'dots' }, offered),
    ).toBeUndefined();
    expect(matchesChoice({ color: 'red' }, { color: '' })).toBe(false);
  });
});

describe('stock left', () => {
  const v = (stock: number | null, max: number | null) => ({
    stockQuantity: stock,
    quantity: { max },
  });
  it('is shown only at or below the threshold and in stock', () => {
    expect(variationStockLeft(v(5, 5), true, 5)).toBe(5);
    expect(variationStockLeft(v(6, 6), true, 5)).toBeNull();
    expect(variationStockLeft(v(3, 3), false, 5)).toBeNull();
    expect(variationStockLeft(v(null, null), true, 5)).toBeNull();
    // Sold individually: max 1, but plenty in stock.
    expect(variationStockLeft(v(40, 1), true, 5)).toBe(1);
  });
});
