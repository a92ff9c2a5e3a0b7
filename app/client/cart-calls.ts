import type { MiniCartView } from '#app/domain/cart/mini-cart.view.ts';
import { type FetchJsonResult, fetchJson } from './fetch-json.ts';
import { startingSession } from './session-start.ts';

/** What every successful classic cart call answers: WooCommerce's fields plus the cart itself. */
export type CartAnswer = {
  fragments: Record<string, string>;
  cart_hash: string;
  cart: MiniCartView;
  /** add_to_cart only: open the mini cart, or go to this address (shop settings). */
  reveal_mini_cart?: boolean;
  redirect?: string;
};

/** add_to_cart's refusal for a product that needs the product page (choice, stock, limits). */
export type AddRefusal = { error: true; product_url: string; message?: string };

export type CartAction =
  'add_to_cart' | 'remove_from_cart' | 'update_cart_item_quantity' | 'get_refreshed_fragments';

/** Fires on the document when a fragment refresh fails; the spec shows no message for it. */
export const FRAGMENTS_ERROR_EVENT = 'wc_fragments_ajax_error';

/** One classic cart call with a form-encoded body, as WooCommerce's own scripts send it. */
export function postCartAction<T = CartAnswer>(
  action: CartAction,
  fields: Record<string, string>,
): Promise<FetchJsonResult<T>> {
  const call = () => fetchJson<T>(`/wc-ajax/${action}`, { body: new URLSearchParams(fields) });
  // Only an add starts a session; the other calls need one already.
  return action === 'add_to_cart' ? startingSession(call) : call();
}

/** An answer that can replace the page's cart: it carries fragments and the cart. */
export function isCartAnswer(data: unknown): data is CartAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as CartAnswer).fragments === 'object' &&
    (data as CartAnswer).fragments !== null &&
    Object.keys((data as CartAnswer).fragments).length > 0 &&
    typeof (data as CartAnswer).cart === 'object'
  );
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs add-to-cart calls one at a time, in the order they were asked for (spec, section 4). */
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}
