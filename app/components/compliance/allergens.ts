import type { Allergen } from '#app/domain/compliance/compliance.types.ts';

/**
 * Words that name an allergen in an ingredients list (German and English), so the list can
 * emphasise them as EU food law requires (Regulation 1169/2011, art. 21). Stems: "Weizenmehl",
 * "Haselnüsse" and "hazelnuts" are found by their beginnings.
 */
const ALLERGEN_WORDS: Record<Allergen, readonly string[]> = {
  gluten: [
    'weizen',
    'gerste',
    'roggen',
    'hafer',
    'dinkel',
    'emmer',
    'kamut',
    'wheat',
    'barley',
    'rye',
    'oat',
    'spelt',
  ],
  crustaceans: [
    'krebs',
    'garnele',
    'krabbe',
    'hummer',
    'crustacean',
    'shrimp',
    'prawn',
    'crab',
    'lobster',
  ],
  eggs: ['ei', 'eier', 'eigelb', 'eiweiß', 'egg'],
  fish: ['fisch', 'sardelle', 'thunfisch', 'lachs', 'fish', 'anchov', 'tuna', 'salmon'],
  peanuts: ['erdnuss', 'erdnüss', 'peanut'],
  soy: ['soja', 'soy'],
  milk: [
    'milch',
    'butter',
    'sahne',
    'käse',
    'joghurt',
    'molke',
    'laktose',
    'milk',
    'cream',
    'cheese',
    'yoghurt',
    'whey',
    'lactose',
  ],
  nuts: [
    'haselnuss',
    'haselnüss',
    'mandel',
    'walnuss',
    'walnüss',
    'cashew',
    'pistazie',
    'pekannuss',
    'macadamia',
    'hazelnut',
    'almond',
    'walnut',
    'pistachio',
    'pecan',
  ],
  celery: ['sellerie', 'celery'],
  mustard: ['senf', 'mustard'],
  sesame: ['sesam', 'sesame'],
  sulphites: ['sulfit', 'schwefeldioxid', 'sulphite', 'sulfite', 'sulphur'],
  lupin: ['lupine', 'lupin'],
  molluscs: ['weichtier', 'muschel', 'tintenfisch', 'mollusc', 'mussel', 'squid', 'octopus'],
};

/** Exact words only (no stem match): "ei" must not match "Eisen" or "weil". */
const WHOLE_WORDS = new Set(['ei', 'eier']);

export type IngredientPart = { text: string; allergen: boolean };

/** The ingredients text split into parts, the allergens' words marked. */
export function markAllergens(
  ingredients: string,
  allergens: readonly Allergen[],
): IngredientPart[] {
  const words = allergens.flatMap((a) => ALLERGEN_WORDS[a] ?? []);
  if (words.length === 0 || ingredients === '') return [{ text: ingredients, allergen: false }];
  const parts: IngredientPart[] = [];
  let last = 0;
  // Each run of letters is one word; what lies between words is kept as it is.
  for (const match of ingredients.matchAll(/\p{L}+/gu)) {
    const word = match[0].toLowerCase();
    const start = match.index;
    // Compounds count: "Vollmilch", "Gerstenmalz", "Erdnussbutter".
    const hit = words.some((w) => (WHOLE_WORDS.has(w) ? word === w : word.includes(w)));
    if (!hit) continue;
    if (start > last) parts.push({ text: ingredients.slice(last, start), allergen: false });
    parts.push({ text: match[0], allergen: true });
    last = start + match[0].length;
  }
  if (last < ingredients.length) parts.push({ text: ingredients.slice(last), allergen: false });
  return parts;
}
