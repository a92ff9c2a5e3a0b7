import type { z } from 'zod';
import { invalidKey, invalidParam } from '#app/domain/cart/cart.errors.ts';
import { addItem, loadCart, removeItem, updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import {
  addItemSchema,
  removeItemSchema,
  updateItemSchema,
} from '#app/domain/cart/cart.validation.ts';
import type { DomainError, Result } from '#app/domain/kernel/result.ts';
import type { Session } from '#app/lib/session.server.ts';
import { type EndpointContext, defineEndpoint } from '../endpoint.server.ts';
import { STORE_API_CODES } from './codes.ts';
import { cartJson } from './serializers.server.ts';

/** The whole cart as the Store API shows it, prices computed now. */
async function currentCart(ctx: EndpointContext<unknown>) {
  const { db, currency, locale, env } = ctx;
  const cart = await loadCart(db, ctx.session, { currency, locale });
  return cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL });
}

/** GET: the session's cart; starts a session so the answer carries its `Nonce`. */
export const getCart = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  session: 'start',
  handle: async (ctx) => ({ ok: true, value: await currentCart(ctx) }),
});

/** A state-changing cart call: token checked, input parsed, the whole cart in the answer. */
export function cartChange<I>(call: {
  schema: z.ZodType<I>;
  invalid?: (param: string) => DomainError;
  change: (ctx: EndpointContext<I>, session: Session) => Promise<Result<unknown>>;
  status?: number;
}) {
  return defineEndpoint<I>({
    methods: ['POST'],
    codes: STORE_API_CODES,
    nonce: true,
    session: 'start',
    schema: call.schema,
    invalid: call.invalid,
    status: call.status,
    // As WooCommerce's cart routes do: a failure carries the cart as it stands.
    errorData: async (ctx) => ({ cart: await currentCart(ctx) }),
    handle: async (ctx) => {
      const changed = await call.change(ctx, ctx.session!);
      return changed.ok ? { ok: true, value: await currentCart(ctx) } : changed;
    },
  });
}

/** POST id, quantity, variation: adds to the session's cart; 201 with the cart. */
export const addCartItem = cartChange({
  schema: addItemSchema,
  invalid: (param) => invalidParam(param || 'id'),
  change: ({ db, currency, locale, input }, session) =>
    addItem(db, session, input, { currency, locale }),
  status: 201,
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
