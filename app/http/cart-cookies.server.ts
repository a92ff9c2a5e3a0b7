import { cartHash } from '#app/domain/cart/cart-hash.server.ts';
import { type CartOwner, loadCart } from '#app/domain/cart/cart.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { serializeCookie } from '#app/lib/cookies.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Locale } from '#app/lib/locale.ts';

/** WooCommerce's cookies for scripts and caches: "this visitor has a cart", and its hash. */
export const ITEMS_IN_CART_COOKIE = 'woocommerce_items_in_cart';
export const CART_HASH_COOKIE = 'woocommerce_cart_hash';

/** Secure like the session cookie: in production behind https. */
export function secureCookies(env: Env): boolean {
  return env.NODE_ENV === 'production' && env.SHOP_URL.startsWith('https:');
}

/** Both cookies for a cart hash: set while the cart holds something, cleared when it is empty. */
export function cartCookies(hash: string, secure: boolean): string[] {
  const options = { path: '/', sameSite: 'Lax' as const, secure };
  if (hash === '') {
    return [
      serializeCookie(ITEMS_IN_CART_COOKIE, '', { ...options, maxAge: 0 }),
      serializeCookie(CART_HASH_COOKIE, '', { ...options, maxAge: 0 }),
    ];
  }
  return [
    serializeCookie(ITEMS_IN_CART_COOKIE, '1', options),
    serializeCookie(CART_HASH_COOKIE, hash, options),
  ];
}

/** The cookies after a page form changed the cart: its hash as it is now. */
export async function cartCookiesAfterChange(
  db: Tx,
  owner: CartOwner,
  context: { currency: string; locale: Locale; secure: boolean },
): Promise<string[]> {
  // Read only: a coupon this change made invalid is dropped, with its notice, by the cart page.
  const cart = await loadCart(db, owner, { ...context, readOnly: true });
  return cartCookies(cartHash(cart), context.secure);
}
