import type { CartLine, CartView } from './cart.view.ts';

/**
 * What the header's mini cart shows and the browser keeps as its cart state: the lines, the
 * subtotal and the cart hash, the same figures the page was rendered from. Safe in the browser.
 */
export type MiniCartView = {
  /** Changes when, and only when, the cart's contents or totals change; '' for an empty cart. */
  hash: string;
  currency: string;
  itemCount: number;
  lines: CartLine[];
  /** Gross of the items before discounts (what the mini cart calls the subtotal). */
  subtotal: number;
  total: number;
  /** The session's nonce the lines' remove links carry; '' without a session. */
  removeNonce: string;
};

/** WooCommerce's parameters of a cart line's remove link (`wc_get_cart_remove_url`). */
export const REMOVE_KEY_PARAM = 'remove_item';
export const REMOVE_NONCE_PARAM = '_wpnonce';

/** The address that removes a line without scripts: the cart page, which removes it and shows. */
export function removeLineHref(key: string, nonce: string): string {
  return `/cart?${REMOVE_KEY_PARAM}=${encodeURIComponent(key)}&${REMOVE_NONCE_PARAM}=${encodeURIComponent(nonce)}`;
}

/** The shop's cart behaviour settings the browser acts on after an add to cart. */
export type CartBehaviour = {
  /** Opens the mini cart after a successful add (spec: the reveal option; default on). */
  revealMiniCart: boolean;
  /** Sends the browser to the cart after a successful add (default off). */
  redirectAfterAdd: boolean;
  /** How long a dropdown opened by an add stays open; absent: 5 seconds (spec). */
  revealSeconds?: number;
};

/** How long a dropdown opened by an add stays open unless the shop says otherwise (spec). */
export const DEFAULT_REVEAL_SECONDS = 5;

export const DEFAULT_CART_BEHAVIOUR: CartBehaviour = {
  revealMiniCart: true,
  redirectAfterAdd: false,
};

export function toMiniCart(cart: CartView, hash: string, removeNonce: string): MiniCartView {
  return {
    hash,
    removeNonce,
    currency: cart.currency,
    itemCount: cart.itemCount,
    lines: cart.lines,
    subtotal: cart.totals.items,
    total: cart.totals.total,
  };
}

export function emptyMiniCart(currency: string): MiniCartView {
  return { hash: '', currency, itemCount: 0, lines: [], subtotal: 0, total: 0, removeNonce: '' };
}
