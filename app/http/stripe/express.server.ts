import { z } from 'zod';
import { cartHash } from '#app/domain/cart/cart-hash.server.ts';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { recordQuote } from '#app/domain/checkout/express.server.ts';
import {
  isKnownCountry,
  normalizePostcode,
  stateOptions,
} from '#app/domain/customers/address-locale.ts';
import { splitName, shipsTo, stripPhone } from '#app/domain/payments/stripe/express.rules.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { selectShippingRate, updateCartCustomer } from '#app/domain/cart/cart-address.server.ts';
import { shippingCountries } from '#app/domain/shipping/shipping.server.ts';
import type { Session } from '#app/lib/session.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { type EndpointContext, type Fields, defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from '../wc-ajax/codes.ts';
import { type Sheet, cartSheet } from './express-sheet.server.ts';

/*
 * The express checkout's classic calls (spec section 7): `/wc-ajax/wc_stripe_<name>`, form
 * posts with the session's nonce in `security`. Amounts in answers are in the provider's
 * decimals; every total is the server's own and is remembered as the sheet's quote, which the
 * express order must then match.
 */

const MAX_DEPTH = 4;
const MAX_LIST = 50;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * jQuery's form encoding of nested data (`data[billing_address][city]`, `shipping_method[]`)
 * as objects and lists; JSON bodies pass through. Keys that could reach a prototype are dropped.
 */
export function nestFields(fields: Fields): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (path.length > MAX_DEPTH + 1 || path.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node: Record<string, unknown> = root;
    for (const [i, segment] of path.entries()) {
      const last = i === path.length - 1;
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
        node = node[name] as Record<string, unknown>;
      }
    }
  }
  return listsOf(root) as Record<string, unknown>;
}

/** Objects keyed 0, 1, 2… (from `name[]` or `name[0]`) become lists. */
function listsOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, listsOf(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d{1,2}$/.test(k));
  if (numeric && entries.length <= MAX_LIST) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export const nested = <T extends z.ZodType>(schema: T) =>
  z.preprocess((fields) => nestFields(fields as Fields), schema);

export const text = (max = 200) => z.string().max(max);
export const flag = z.union([z.boolean(), z.enum(['', '0', '1', 'true', 'false', 'yes', 'no'])]);
export const id = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
]);
export const quantity = z.union([
  z.number().int().min(1).max(9999),
  z
    .string()
    .regex(/^[1-9]\d{0,3}$/)
    .transform(Number),
]);
/** attribute name -> term; names and terms as the product form sends them. */
export const attributes = z.record(text(120), text(200)).refine((a) => Object.keys(a).length <= 50);

export type Ctx = EndpointContext<unknown>;

/** Spec's success answer, with the cart cookies when the call changed the cart. */
export function answer(ctx: Ctx, body: Record<string, unknown>, changed?: CartView): Response {
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  for (const [name, value] of Object.entries(ctx.headers)) headers.append(name, value);
  if (changed) {
    for (const cookie of cartCookies(cartHash(changed), secureCookies(ctx.env))) {
      headers.append('Set-Cookie', cookie);
    }
  }
  return new Response(JSON.stringify(body), { status: 200, headers });
}

export const total = (ctx: Ctx, sheet: Sheet) => ({
  label: ctx.t('shop.name'),
  amount: sheet.total,
});

/** The cart's sheet as it stands, remembered as the quote the order must match. */
export async function quotedCart(ctx: Ctx, session: Session) {
  const cart = await loadCart(ctx.db, session, {
    currency: ctx.currency,
    locale: ctx.locale,
    readOnly: true,
  });
  const sheet = cartSheet(cart, ctx.t);
  await recordQuote(ctx.db, session, { total: sheet.minorTotal, currency: cart.currency });
  return { cart, sheet };
}

/** A sheet cannot choose a pickup point: rates that need one are not offered in it. */
const walletRates = (cart: CartView) =>
  (cart.shipping.packages[0]?.rates ?? []).filter((r) => !r.deliveryMethodType);

/** The rates of the cart's package as the sheet lists them, the chosen one first. */
function shippingOptions(cart: CartView) {
  const scale = (amount: number) =>
    toProviderAmount(amount, minorUnit(cart.currency), providerDecimals(cart.currency));
  const rates = walletRates(cart).sort((a, b) => Number(b.selected) - Number(a.selected));
  return rates.map((r) => ({
    id: r.rateId,
    label: r.name,
    detail: r.deliveryTime || r.description,
    amount: scale(r.cost),
  }));
}

const addressSchema = z.object({
  country: text(2),
  state: text(100).optional(),
  postcode: text(20).optional(),
  city: text(100).optional(),
  address: text(200).optional(),
  address_2: text(200).optional(),
  is_product_page: flag.optional(),
  payment_request_type: text(40).optional(),
});

/**
 * get_shipping_options: the sheet's (often partial) destination. The rates for it, the chosen
 * one first, and the totals with it; `invalid_shipping_address` when the shop does not ship there.
 */
export const getShippingOptions = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: addressSchema,
  handle: async (ctx) => {
    const { db, input, session, currency, locale } = ctx;
    const invalid = () => answer(ctx, { result: 'invalid_shipping_address' });
    const country = input.country.toUpperCase();
    if (!isKnownCountry(country) || !shipsTo(await shippingCountries(db), country)) {
      return invalid();
    }
    const updated = await updateCartCustomer(
      db,
      session!,
      {
        shipping: {
          country,
          state: stateCode(country, input.state ?? ''),
          postcode: input.postcode ?? '',
          city: input.city ?? '',
          address_1: input.address ?? '',
          address_2: input.address_2 ?? '',
        },
        check: 'given',
      },
      { currency, locale },
    );
    if (!updated.ok) return invalid();
    let { cart, sheet } = await quotedCart(ctx, session!);
    const eligible = walletRates(cart);
    if (eligible.length > 0 && !eligible.some((r) => r.selected)) {
      // The cart's rate is one the sheet cannot offer: the sheet starts with its first.
      await selectShippingRate(
        db,
        session!,
        { packageId: 0, rateId: eligible[0]!.rateId },
        {
          currency,
          locale,
        },
      );
      ({ cart, sheet } = await quotedCart(ctx, session!));
    }
    const options = shippingOptions(cart);
    if (cart.lines.length === 0 || (cart.shipping.needsShipping && options.length === 0)) {
      return answer(ctx, { result: 'invalid_shipping_address' }, cart);
    }
    return answer(
      ctx,
      {
        result: 'success',
        shipping_options: options,
        total: total(ctx, sheet),
        displayItems: sheet.displayItems,
      },
      cart,
    );
  },
});

/** update_shipping_method: the rate chosen in the sheet; the totals with it. */
export const updateShippingMethod = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: nested(
    z.object({
      shipping_method: z.union([text(100), z.array(text(100)).min(1).max(10)]),
      is_product_page: flag.optional(),
    }),
  ),
  handle: async (ctx) => {
    const { db, input, session, currency, locale } = ctx;
    const rateId = Array.isArray(input.shipping_method)
      ? input.shipping_method[0]!
      : input.shipping_method;
    const before = await loadCart(db, session, { currency, locale, readOnly: true });
    if (!walletRates(before).some((r) => r.rateId === rateId)) {
      return answer(ctx, { result: 'fail' });
    }
    const chosen = await selectShippingRate(
      db,
      session!,
      { packageId: 0, rateId },
      { currency, locale },
    );
    if (!chosen.ok) return answer(ctx, { result: 'fail' });
    const { cart, sheet } = await quotedCart(ctx, session!);
    return answer(
      ctx,
      { result: 'success', total: total(ctx, sheet), displayItems: sheet.displayItems },
      cart,
    );
  },
});

/** A state as the shop stores it: its code, also when the wallet names it ("Bayern" -> "BY"). */
function stateCode(country: string, state: string): string {
  const value = state.trim();
  const options = isKnownCountry(country) ? stateOptions(country, 'en') : null;
  if (!options || value === '') return value;
  const lower = value.toLowerCase();
  const named =
    options.find((o) => o.code.toLowerCase() === lower) ??
    options.find((o) => o.name.toLowerCase() === lower) ??
    stateOptions(country, 'de')?.find((o) => o.name.toLowerCase() === lower);
  return named?.code ?? value;
}

const walletAddressSchema = z
  .object({
    first_name: text(100),
    last_name: text(100),
    company: text(200),
    email: text(254),
    phone: text(40),
    country: text(2),
    address_1: text(200),
    address_2: text(200),
    city: text(100),
    state: text(100),
    postcode: text(20),
    method: z.array(text(100)).max(10),
  })
  .partial();

type WalletAddress = z.infer<typeof walletAddressSchema>;

/** Spec section 3: the address fields an order takes, cleaned as the checkout wants them. */
function normalised(address: WalletAddress, withEmail: boolean) {
  const country = (address.country ?? '').trim().toUpperCase();
  let first = (address.first_name ?? '').trim();
  let last = (address.last_name ?? '').trim();
  if (!last && first) ({ first_name: first, last_name: last } = splitName(first));
  return {
    first_name: first,
    last_name: last || '-',
    company: (address.company ?? '').trim(),
    ...(withEmail ? { email: (address.email ?? '').trim() } : {}),
    phone: stripPhone(address.phone ?? ''),
    country,
    address_1: (address.address_1 ?? '').trim(),
    address_2: (address.address_2 ?? '').trim(),
    city: (address.city ?? '').trim(),
    state: stateCode(country, address.state ?? ''),
    postcode: isKnownCountry(country)
      ? normalizePostcode(country, address.postcode ?? '')
      : (address.postcode ?? '').trim(),
    ...(!withEmail && address.method ? { method: address.method } : {}),
  };
}

/** normalize_address: the wallet's addresses as the checkout stores them. */
export const normalizeAddressAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: nested(
    z.object({
      data: z.object({
        billing_address: walletAddressSchema.optional(),
        shipping_address: walletAddressSchema.optional(),
      }),
    }),
  ),
  handle: async (ctx) => {
    const { data } = ctx.input;
    return answer(ctx, {
      billing_address: normalised(data.billing_address ?? {}, true),
      shipping_address: normalised(data.shipping_address ?? {}, false),
    });
  },
});

/** get_cart_details: the session's cart as the sheet opens with it. */
export const getCartDetails = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({ is_product_page: flag.optional() }).catchall(z.unknown()),
  handle: async (ctx) => {
    const { cart, sheet } = await quotedCart(ctx, ctx.session!);
    return answer(ctx, {
      total: total(ctx, sheet),
      displayItems: sheet.displayItems,
      requestShipping: cart.shipping.needsShipping,
    });
  },
});
