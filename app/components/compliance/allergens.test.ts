import { describe, expect, it } from 'vitest';
import { markAllergens } from './allergens.ts';

const marked = (text: string, allergens: Parameters<typeof markAllergens>[1]) =>
  markAllergens(text, allergens)
    .filter((p) => p.allergen)
    .map((p) => p.text);

describe('markAllergens', () => {
  it('marks the words of the listed allergens, compounds included', () => {
    expect(marked('Wasser, Gerstenmalz, Weizenmalz, Hopfen, Hefe', ['gluten'])).toEqual([
      'Gerstenmalz',
      'Weizenmalz',
    ]);
    expect(marked('Water, barley malt, wheat malt, hops, yeast', ['gluten'])).toEqual([
      'barley',
      'wheat',
    ]);
    expect(marked('Trauben, Konservierungsstoff: Sulfite', ['sulphites'])).toEqual(['Sulfite']);
  });

  it('keeps the text whole and in order', () => {
    const text = 'Zucker, Vollmilchpulver, Kakaobutter, Haselnüsse (12 %)';
    const parts = markAllergens(text, ['milk', 'nuts']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.allergen).map((p) => p.text)).toEqual([
      'Vollmilchpulver',
      'Kakaobutter',
      'Haselnüsse',
    ]);
  });

  it('marks nothing for allergens the product does not declare, and "Ei" only as a word', () => {
    expect(marked('Wasser, Gerstenmalz', [])).toEqual([]);
    expect(marked('Eisen, weil, Ei, Eier', ['eggs'])).toEqual(['Ei', 'Eier']);
  });
});
