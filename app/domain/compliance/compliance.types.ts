import type { Localized } from '#app/domain/kernel/localized.ts';

export const NUTRI_SCORES = ['A', 'B', 'C', 'D', 'E'] as const;
export type NutriScore = (typeof NUTRI_SCORES)[number];

/** Nutrient values per 100 g or 100 ml, in the order of the EU nutrition declaration. */
export const NUTRIENT_KEYS = [
  'energy_kj',
  'energy_kcal',
  'fat',
  'saturated_fat',
  'carbohydrates',
  'sugars',
  'fibre',
  'protein',
  'salt',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export type FoodData = {
  description?: Localized;
  nutriScore?: NutriScore;
  /** 'g' for solids, 'ml' for liquids: the reference is 100 of it. */
  nutrientReference: 'g' | 'ml';
  nutrients: Partial<Record<NutrientKey, number>>;
  ingredients?: Localized;
  allergens: Allergen[];
  distributor?: string;
  placeOfOrigin?: Localized;
  /** For example "500 g" or "0,75 l". */
  netFillingQuantity?: string;
  drainedWeight?: string;
  /** Percent by volume; set only for drinks above 1.2 % vol. */
  alcoholContent?: number;
};

export type PowerSupply = {
  minWatts: number;
  maxWatts: number;
  usbPowerDelivery: boolean;
  chargerIncluded: boolean;
};
