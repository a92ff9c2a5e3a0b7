export const LISTING_ORDERS = [
  'menu_order',
  'popularity',
  'rating',
  'date',
  'price',
  'price-desc',
] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

export function isListingOrder(value: unknown): value is ListingOrder {
  return typeof value === 'string' && (LISTING_ORDERS as readonly string[]).includes(value);
}
