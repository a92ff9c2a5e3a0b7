import { z } from 'zod';
import { unitPricePlaces, withUnitPrices } from '#app/domain/cart/unit-price-places.server.ts';
import { invalidKey, invalidParam } from '#app/domain/cart/cart.errors.ts';
import { cartHash } from '#app/domain/cart/cart-hash.server.ts';
import { cartBehaviour } from '#app/domain/cart/cart-settings.server.ts';
import { addItem, loadCart, removeItem, updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import {
  positiveQuantitySchema,
  quantitySchema,
  removeItemSchema,
} from '#app/domain/cart/cart.validation.ts';
import { type MiniCartView, toMiniCart } from '#app/domain/cart/mini-cart.view.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import type { Result } from '#app/domain/kernel/result.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { type EndpointContext, defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';
import { cartFragments } from './fragments.server.ts';
import { shownNow } from '#app/domain/catalog/publication.ts';

const ATTRIBUTE_PREFIX = 'attribute_';
const MAX_ATTRIBUTES = 50;

/** An id as a form sends it ("12") or as JSON does (12); nothing else. */
const id = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
]);
/** Forms send an empty field (or WooCommerce's "0") for "none". */
const optionalId = z.union([z.literal(''), z.literal('0'), z.literal(0), id]).optional();
const cartItemKey = removeItemSchema.shape.key;

/**
 * product_id (or add-to-cart), quantity, variation_id, attribute_* values, and whatever data
 * attributes the clicked button carried (product_sku and the like): those are ignored.
 */
const addSchema = z
  .object({
    product_id: id.optional(),
    'add-to-cart': id.optional(),
    variation_id: optionalId,
    quantity: z.union([z.literal(''), positiveQuantitySchema]).optional(),
  })
  .catchall(z.unknown())
  .superRefine((fields, ctx) => {
    if (fields.product_id === undefined && fields['add-to-cart'] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'required' });
    }
    const keys = Object.keys(fields).filter((k) => k.startsWith(ATTRIBUTE_PREFIX));
    if (keys.length > MAX_ATTRIBUTES) ctx.addIssue({ code: 'custom', path: [keys[0]!] });
    for (const key of keys) {
      const value = fields[key];
      if (typeof value !== 'string' || value.length > 200 || key.length > 120) {
        ctx.addIssue({ code: 'custom', path: [key] });
      }
    }
  })
  .transform((fields) => ({
    productId: (fields.product_id ?? fields['add-to-cart'])!,
    variationId: typeof fields.variation_id === 'number' ? fields.variation_id : null,
    quantity: typeof fields.quantity === 'number' ? fields.quantity : 1,
    variation: Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => k.startsWith(ATTRIBUTE_PREFIX))
        .map(([k, v]) => [k.slice(ATTRIBUTE_PREFIX.length).replace(/^pa_/, ''), v as string]),
    ),
  }));

const removeSchema = z.object({ cart_item_key: cartItemKey }).catchall(z.unknown());

const updateSchema = z
  .object({ cart_item_key: cartItemKey, quantity: quantitySchema })
  .catchall(z.unknown());

const refreshSchema = z
  .object({ time: z.union([z.string().max(32), z.number()]).optional() })
  .catchall(z.unknown());

/** A malformed key is refused like one of another session: it names no line of this cart. */
const keyOrQuantity = (param: string) =>
  param === 'quantity' ? invalidParam('quantity') : invalidKey;

/**
 * The answer of every cart call that leaves a cart: WooCommerce's `fragments` and
 * `cart_hash`, the cart the shop's own script keeps its state from, and the two cookies,
 * set while the cart holds something and cleared when it is empty.
 */
async function cartAnswer(
  ctx: EndpointContext<unknown>,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const { db, currency, locale, env, session, url } = ctx;
  // Read only: a coupon this change made invalid is dropped, with its notice, by the cart page.
  const cart = await loadCart(db, session, { currency, locale, readOnly: true });
  const hash = cartHash(cart);
  const nonce = session ? sessionNonce(session, env) : '';
  const places = await unitPricePlaces(db);
  const mini: MiniCartView = withUnitPrices(toMiniCart(cart, hash, nonce), places.miniCart);
  const fragments = await cartFragments(mini, { locale, url });
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  for (const [name, value] of Object.entries(ctx.headers)) headers.append(name, value);
  for (const cookie of cartCookies(hash, secureCookies(env))) {
    headers.append('Set-Cookie', cookie);
  }
  return new Response(JSON.stringify({ fragments, cart_hash: hash, cart: mini, ...extra }), {
    status: 200,
    headers,
  });
}

/**
 * POST product_id (plus the button's data attributes), quantity, attribute_*: adds to the
 * session's cart and answers fragments and cart_hash. A product the listing cannot add as it
 * stands (a choice missing, out of stock, a quantity rule) answers `{ error: true,
 * product_url }`: the browser goes to the product.
 */
export const addToCart = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  session: 'start',
  schema: addSchema,
  invalid: (param) => invalidParam(param === 'quantity' ? 'quantity' : param || 'product_id'),
  handle: async (ctx) => {
    const { db, currency, locale, input, t } = ctx;
    const added = await addItem(
      db,
      ctx.session!,
      {
        id: input.variationId ?? input.productId,
        quantity: input.quantity,
        variation: input.variation,
      },
      { currency, locale },
    );
    if (!added.ok) {
      const product = (await productRowsById(db, [input.productId])).get(input.productId);
      const parent =
        product?.type === 'variation' && product.parentId
          ? (await productRowsById(db, [product.parentId])).get(product.parentId)
          : product;
      if (!parent || !shownNow(parent) || added.error.kind === 'not_found') return added;
      return Response.json(
        {
          error: true,
          product_url: `/product/${parent.slug ?? parent.id}`,
          // Not WooCommerce's: the reason, for scripts that show it.
          message: t(added.error.code as TextKey, {
            ...added.error.params,
            name: localize(parent.name, locale),
          }),
        },
        { headers: { ...ctx.headers, 'Cache-Control': 'no-store' } },
      );
    }
    const behaviour = await cartBehaviour(db);
    return cartAnswer(ctx, {
      reveal_mini_cart: behaviour.revealMiniCart,
      ...(behaviour.redirectAfterAdd ? { redirect: '/cart' } : {}),
    });
  },
});

/** POST cart_item_key: removes the line from the session's cart. */
export const removeFromCart = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  session: 'read',
  schema: removeSchema,
  invalid: keyOrQuantity,
  handle: async (ctx) => {
    if (!ctx.session) return { ok: false, error: invalidKey };
    const removed = await removeItem(ctx.db, ctx.session, ctx.input.cart_item_key);
    return removed.ok ? cartAnswer(ctx) : removed;
  },
});

/** POST cart_item_key, quantity: sets the line's quantity (0 removes it) under its rules. */
export const updateCartItemQuantity = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  session: 'read',
  schema: updateSchema,
  invalid: keyOrQuantity,
  handle: async (ctx) => {
    if (!ctx.session) return { ok: false, error: invalidKey };
    const { db, locale, input } = ctx;
    const updated: Result<unknown> = await updateItemQuantity(
      db,
      ctx.session,
      { key: input.cart_item_key, quantity: input.quantity },
      { locale },
    );
    return updated.ok ? cartAnswer(ctx) : updated;
  },
});

/** POST time: the fragments and hash of the cart as it is now; starts no session. */
export const getRefreshedFragments = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  session: 'read',
  schema: refreshSchema,
  handle: (ctx) => cartAnswer(ctx),
});
