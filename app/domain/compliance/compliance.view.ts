import type { FoodData } from './compliance.types.ts';

/** Legal product data as pages show it; safe to import in the browser. */
export type DeliveryTimeView = { label: string; minDays: number; maxDays: number };
export type DepositView = {
  name: string;
  packagingType: 'reusable' | 'disposable';
  unitAmount: number;
  quantity: number;
  amount: number;
};
export type ManufacturerView = {
  name: string;
  postalAddress: string;
  email: string;
  url: string | null;
};

export type FoodView = {
  description: string;
  nutriScore: FoodData['nutriScore'] | null;
  nutrientReference: 'g' | 'ml';
  nutrients: FoodData['nutrients'];
  ingredients: string;
  allergens: FoodData['allergens'];
  distributor: string;
  placeOfOrigin: string;
  netFillingQuantity: string;
  drainedWeight: string;
  alcoholContent: number | null;
};
