import type { z } from 'zod';
import { paymentFee } from '#app/domain/payments/payments.server.ts';
import { invalidKey, invalidParam, invalidProduct } from '#app/domain/cart/cart.errors.ts';
import { addItem, loadCart, removeItem, updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import {
  addItemSchema,
  removeItemSchema,
  updateItemSchema,
} from '#app/domain/cart/cart.validation.ts';
import { type DomainError, type Result, fail } from '#app/domain/kernel/result.ts';
import type { Session } from '#app/lib/session.server.ts';
import { type EndpointContext, defineEndpoint } from '../endpoint.server.ts';
import { STORE_API_CODES } from './codes.ts';
import { cartJson } from './serializers.server.ts';
import { cartExtras } from './extras.server.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { cartHash } from '#app/domain/cart/cart-hash.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { type ErrorCodes, json, jsonText } from '../response.ts';
import { REFERENCE_TTL_MS } from '#app/domain/kernel/short-lived.server.ts';

/** The cart in the Store API's shape, with its product facts and payment gateways. */
export async function storeCartJson(
  db: Tx,
  cart: CartView,
  ctx: { currency: string; locale: Locale; env: Env },
) {
  const extras = await cartExtras(db, cart, ctx.locale);
  return cartJson(
    cart,
    { currency: ctx.currency, locale: ctx.locale, shopUrl: ctx.env.SHOP_URL },
    extras,
  );
}

/** The whole cart as the Store API shows it, prices computed now. */
export async function currentCart(ctx: EndpointContext<unknown>, paymentMethod?: string | null) {
  const { db, currency, locale } = ctx;
  const fee = paymentMethod ? await paymentFee(db, paymentMethod, locale) : null;
  const cart = await loadCart(db, ctx.session, { currency, locale, paymentFee: fee });
  return storeCartJson(db, cart, ctx);
}

/**
 * GET answers kept per instance by session and cart state: the cart's revision (moved in the
 * changing transaction by database triggers) and the row versions of its products and coupons,
 * read with the session. A kept answer never shows an older cart, stock or price than the
 * database holds, and a hit costs that one query. What changes by the clock (a sale's start,
 * a coupon's expiry) or elsewhere (shipping zones, settings) shows within KEPT_MS.
 */
const KEPT_MS = REFERENCE_TTL_MS;
const MAX_KEPT = 10_000;
const keptCarts = new Map<string, { body: string; until: number }>();

function keptCartKey(ctx: EndpointContext<unknown>): string {
  const { session, locale, currency } = ctx;
  // A guest without a cart row sees the same empty cart as every other.
  const nobodys = !session || (session.cartState === null && session.customerId === null);
  const cart = nobodys ? 'none' : `${session.idHash}|${session.cartState}`;
  return `${cart}|${locale}|${currency}`;
}

/** GET: the session's cart; starts a session so the answer carries its `Nonce`. */
export const getCart = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  session: 'start',
  handle: async (ctx) => {
    const key = keptCartKey(ctx);
    const now = Date.now();
    const found = keptCarts.get(key);
    let body = found && found.until > now ? found.body : undefined;
    if (body === undefined) {
      body = JSON.stringify(await currentCart(ctx));
      if (keptCarts.size >= MAX_KEPT) keptCarts.delete(keptCarts.keys().next().value!);
      keptCarts.set(key, { body, until: now + KEPT_MS });
    }
    // An existing session's answer: the server may repeat it until the database is written.
    if (!ctx.headers['Set-Cookie']) ctx.args.context.keptAnswer = true;
    return jsonText(body, { headers: ctx.headers });
  },
});

/** GET: the lines of the session's cart, each as in the cart's answer. */
export const getCartItems = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  session: 'start',
  handle: async (ctx) => ({ ok: true, value: (await currentCart(ctx)).items }),
});

/** A state-changing cart call: token checked, input parsed, the whole cart in the answer. */
export function cartChange<I>(call: {
  schema: z.ZodType<I>;
  invalid?: (param: string) => DomainError;
  change: (ctx: EndpointContext<I>, session: Session) => Promise<Result<unknown>>;
  status?: number;
  codes?: ErrorCodes;
  required?: readonly string[];
}) {
  return defineEndpoint<I>({
    methods: ['POST'],
    codes: call.codes ?? STORE_API_CODES,
    nonce: true,
    session: 'start',
    schema: call.schema,
    invalid: call.invalid,
    required: call.required,
    status: call.status,
    // As WooCommerce's cart routes do: a failure carries the cart as it stands.
    errorData: async (ctx) => ({ cart: await currentCart(ctx) }),
    handle: async (ctx) => {
      const changed = await call.change(ctx, ctx.session!);
      if (!changed.ok) return changed;
      const { db, currency, locale, env } = ctx;
      const cart = await loadCart(db, ctx.session, { currency, locale });
      const answer = json(await storeCartJson(db, cart, ctx), {
        status: call.status ?? 200,
        headers: ctx.headers,
      });
      // A browser's cart (by cookie) keeps its cart cookies current, as after the classic calls.
      if (!ctx.args.request.headers.has('cart-token')) {
        for (const cookie of cartCookies(cartHash(cart), secureCookies(env))) {
          answer.headers.append('Set-Cookie', cookie);
        }
      }
      return answer;
    },
  });
}

/** An id that names no product is a bad request here, not a missing page. */
const ADD_ITEM_CODES: ErrorCodes = {
  ...STORE_API_CODES,
  codes: {
    ...STORE_API_CODES.codes,
    'cart.error.invalid_product': 'woocommerce_rest_cart_invalid_product',
  },
};

/** POST id, quantity, variation: adds to the session's cart; 201 with the cart. */
export const addCartItem = cartChange({
  schema: addItemSchema,
  invalid: (param) => invalidParam(param || 'id'),
  change: async ({ db, currency, locale, input }, session) => {
    const added = await addItem(db, session, input, { currency, locale });
    return !added.ok && added.error.code === invalidProduct.code
      ? fail({ ...added.error, kind: 'invalid' })
      : added;
  },
  status: 201,
  codes: ADD_ITEM_CODES,
});

/** POST key: removes that line from the session's cart. */
export const removeCartItem = cartChange({
  schema: removeItemSchema,
  invalid: () => invalidKey,
  change: ({ db, input }, session) => removeItem(db, session, input.key),
});

/** POST key, quantity: sets a line's quantity under the product's quantity rules and stock. */
export const updateCartItem = cartChange({
  schema: updateItemSchema,
  invalid: (param) => (param === 'quantity' ? invalidParam(param) : invalidKey),
  change: ({ db, locale, input }, session) => updateItemQuantity(db, session, input, { locale }),
});
