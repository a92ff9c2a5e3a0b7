// Which price a unit-price refresh may be answered for. Pure, so it is table-tested.
import { type PriceFields, isOnSale } from '#app/domain/pricing/price.rules.ts';

/** The price pair a page shows for an item: the regular price and, during a sale, the sale price. */
export type ShownPrice = { regular: number; sale: number | null };

/** What the shop shows (and charges) for an item now; null when it has no price. */
export function shownPrice(p: PriceFields, now: Date = new Date()): ShownPrice | null {
  if (p.regularPrice === null) return null;
  return isOnSale(p, now)
    ? { regular: p.regularPrice, sale: p.salePrice }
    : { regular: p.regularPrice, sale: null };
}

/**
 * Whether a client's price pair is exactly the one the shop shows now. Anything else (a price
 * typed into the request, a sale that has ended) gets no unit price.
 */
export function claimMatches(claim: ShownPrice, actual: ShownPrice | null): boolean {
  return actual !== null && claim.regular === actual.regular && claim.sale === actual.sale;
}

/** The price charged for a shown pair. */
export function chargedPrice(p: ShownPrice): number {
  return p.sale ?? p.regular;
}
