// Where the unit price (Grundpreis) shows beside a cart line. The product page, product cards,
// the quick view and search results show it always: there the law wants it beside the price
// (PAngV § 4, decision 0041), so no setting reaches them.
import { z } from 'zod';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { CartView } from './cart.view.ts';

export const UNIT_PRICE_PLACES_KEY = 'catalog.unit_price_places';

export type UnitPricePlaces = { cart: boolean; miniCart: boolean; checkout: boolean };

/** As the shop showed it before the setting: in the cart and the mini cart, not at checkout. */
export const DEFAULT_UNIT_PRICE_PLACES: UnitPricePlaces = {
  cart: true,
  miniCart: true,
  checkout: false,
};

/** The stored setting; each place falls back to its default on its own. */
export const unitPricePlacesSchema: z.ZodType<UnitPricePlaces> = z.object({
  cart: z.boolean().default(DEFAULT_UNIT_PRICE_PLACES.cart),
  miniCart: z.boolean().default(DEFAULT_UNIT_PRICE_PLACES.miniCart),
  checkout: z.boolean().default(DEFAULT_UNIT_PRICE_PLACES.checkout),
});

/** The stored places, read afresh (the settings form compares against them). */
export function storedUnitPricePlaces(db: Tx): Promise<UnitPricePlaces> {
  return getSetting(db, UNIT_PRICE_PLACES_KEY, unitPricePlacesSchema, DEFAULT_UNIT_PRICE_PLACES);
}

/** The places in force, kept a few seconds per instance: every cart view reads them. */
export function unitPricePlaces(db: Tx): Promise<UnitPricePlaces> {
  return shortLived(db, UNIT_PRICE_PLACES_KEY, REFERENCE_TTL_MS, () => storedUnitPricePlaces(db));
}

/** After a save: this instance's next page follows it. */
export function forgetUnitPricePlaces(db: Tx): void {
  forget(db, UNIT_PRICE_PLACES_KEY);
}

/** The cart's lines without their unit price, where the shop does not show it. */
export function withUnitPrices<T extends Pick<CartView, 'lines'>>(cart: T, shown: boolean): T {
  if (shown) return cart;
  return { ...cart, lines: cart.lines.map((line) => ({ ...line, unitPriceInfo: null })) };
}
