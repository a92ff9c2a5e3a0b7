// The nutrition table (per 100 g or 100 ml) checked the same way wherever it is typed: the
// product editor and the product CSV import.
import {
  type FoodData,
  NUTRIENT_KEYS,
  type NutrientKey,
} from '#app/domain/compliance/compliance.types.ts';
import { germanNumber } from './german-number.ts';

/** The unit the storefront's nutrition table shows a nutrient in. */
export const nutrientUnit = (key: NutrientKey) =>
  key === 'energy_kj' ? 'kJ' : key === 'energy_kcal' ? 'kcal' : 'g';

/**
 * The highest value a nutrient can have per 100 g or 100 ml: pure fat has about 3,700 kJ
 * (900 kcal) per 100 g; a gram amount is at most the whole 100 g, and a dense liquid (syrup,
 * oil) carries a little more than 100 g in 100 ml.
 */
export function nutrientMax(key: NutrientKey, reference: 'g' | 'ml'): number {
  if (key === 'energy_kj') return 4_000;
  if (key === 'energy_kcal') return 1_000;
  return reference === 'ml' ? 150 : 100;
}

/** "of which" amounts and the amount they are part of. */
export const NUTRIENT_PARTS = [
  ['saturated_fat', 'fat'],
  ['sugars', 'carbohydrates'],
] as const;

export type NutrientError = {
  key: NutrientKey;
  /** The editor's error suffix: `nutrient_grams`, `nutrient_kJ`, `nutrient_sugars_above`, … */
  code: string;
};

/** The typed amounts read and checked; every problem with the nutrient it belongs to. */
export function checkNutrients(
  typed: (key: NutrientKey) => string,
  reference: 'g' | 'ml',
): { nutrients: Partial<Record<NutrientKey, number>>; errors: NutrientError[] } {
  const nutrients: Partial<Record<NutrientKey, number>> = {};
  const errors: NutrientError[] = [];
  for (const key of NUTRIENT_KEYS) {
    const n = germanNumber(typed(key));
    if (n === null) continue;
    if (Number.isNaN(n) || n < 0 || n > nutrientMax(key, reference)) {
      const unit = nutrientUnit(key);
      errors.push({ key, code: `nutrient_${unit === 'g' ? 'grams' : unit}` });
    } else nutrients[key] = n;
  }
  for (const [part, whole] of NUTRIENT_PARTS) {
    const p = nutrients[part];
    const w = nutrients[whole];
    if (p !== undefined && w !== undefined && p > w) {
      errors.push({ key: part, code: `nutrient_${part}_above` });
    }
  }
  return { nutrients, errors };
}

/**
 * A product's food data with an imported nutrition table: the table replaced, the rest kept;
 * a product without food data becomes food with only the table.
 */
export function foodWithNutrients(
  food: FoodData | null,
  imported: { reference: 'g' | 'ml' | null; values: Partial<Record<NutrientKey, number>> },
): FoodData {
  return {
    ...(food ?? { allergens: [] }),
    nutrientReference: imported.reference ?? food?.nutrientReference ?? 'g',
    nutrients: imported.values,
  };
}
