import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type Result, fail, ok } from '#app/domain/kernel/result.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { type ProductRow, resolveVariation } from '#app/domain/catalog/catalog.rules.ts';
import { SHOP_COUNTRY, taxInGross, vatRate } from '#app/domain/pricing/tax.ts';
import { cartTaxTreatment } from '#app/domain/pricing/vat.server.ts';
import { type FeeInput, computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { cartCouponViews } from '#app/domain/coupons/cart-coupons.server.ts';
import {
  type CartCustomer,
  cartShipping,
  defaultCustomer,
  shippingWithoutPackages,
} from '#app/domain/shipping/shipping.server.ts';
import { checkCartCoupons, dropCartCoupons } from './cart-coupons.server.ts';
import { readCartCustomer } from './cart-customer.server.ts';
import { invalidKey, invalidProduct } from './cart.errors.ts';
import { checkQuantity } from './cart.rules.ts';
import { cartItems, carts } from './cart.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { type CartLine, type CartView, cartTotals } from './cart.view.ts';
import {
  lineFacts,
  lineProblems,
  type PricedLine,
  priceLine,
  resolveItems,
  totalsInputOf,
} from './cart-lines.server.ts';
import { resolveSellable } from './sellable.server.ts';

/** Whose cart: the session's (a customer's cart follows the session it logs in with). */
export type CartOwner = { idHash: string; customerId?: number | null };

export function cartItemKey(
  productId: number,
  variationId: number | null,
  variation: Record<string, string>,
): string {
  const attrs = Object.keys(variation)
    .sort()
    .map((k) => `${k}=${variation[k]}`)
    .join('&');
  return createHash('sha256')
    .update(`${productId}|${variationId ?? 0}|${attrs}`)
    .digest('hex')
    .slice(0, 32);
}

export async function findCart(db: Tx, owner: CartOwner) {
  const [cart] = await db
    .select()
    .from(carts)
    .where(eq(carts.sessionIdHash, owner.idHash))
    .limit(1);
  return cart ?? null;
}

/**
 * What a checkout asks of the cart before placing it, without pricing it: the cart's currency
 * and whether a line is delivered digitally (it needs a consent of its own).
 */
export async function cartContents(
  db: Tx,
  owner: CartOwner | null,
  currency: string,
): Promise<{ currency: string; digital: boolean }> {
  if (!owner) return { currency, digital: false };
  // One statement: a variation without a digital flag of its own takes its parent's, and a line
  // whose product is gone counts for nothing (as when the cart is priced).
  const [cart] = await db
    .select({
      currency: carts.currency,
      digital: sql<boolean>`exists (
        select 1 from ${cartItems} i
        join ${products} p on p.id = i.product_id
        left join ${products} v on v.id = i.variation_id
        where i.cart_id = carts.id
          and (i.variation_id is null or v.id is not null)
          and coalesce(v.digital, p.digital))`,
    })
    .from(carts)
    .where(eq(carts.sessionIdHash, owner.idHash))
    .limit(1);
  return cart
    ? { currency: cart.currency, digital: Boolean(cart.digital) }
    : { currency, digital: false };
}

export async function findOrCreateCart(db: Tx, owner: CartOwner, currency: string) {
  const [created] = await db
    .insert(carts)
    .values({ sessionIdHash: owner.idHash, customerId: owner.customerId ?? null, currency })
    .onConflictDoNothing({ target: carts.sessionIdHash })
    .returning();
  return created ?? (await findCart(db, owner))!;
}

export type AddItemInput = {
  id: number;
  quantity: number;
  /** Chosen attributes for variable products: attribute slug to term slug. */
  variation?: Record<string, string>;
};

export async function addItem(
  db: Tx,
  owner: CartOwner,
  input: AddItemInput,
  ctx: { currency: string; locale: Locale },
): Promise<Result<{ key: string }>> {
  const sellable = await resolveSellable(db, input, ctx.locale);
  if (!sellable.ok) return sellable;
  const { parent, row, variationId, variation } = sellable.value;
  const name = localize(parent.name, ctx.locale);
  return db.transaction(async (tx) => {
    const cart = await findOrCreateCart(tx, owner, ctx.currency);
    // Serialises concurrent adds to one cart so the quantity check sees the latest total.
    await tx.execute(sql`select id from ${carts} where id = ${cart.id} for update`);
    const key = cartItemKey(parent.id, variationId, variation);
    const [existing] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.key, key)));
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const problem = checkQuantity(row, name, wanted);
    if (problem) return fail(problem);
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity: wanted })
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.key, key)));
    } else {
      await tx.insert(cartItems).values({
        cartId: cart.id,
        key,
        productId: parent.id,
        variationId,
        variation,
        quantity: wanted,
      });
    }
    await touchCart(tx, cart.id);
    return ok({ key });
  });
}

export async function updateItemQuantity(
  db: Tx,
  owner: CartOwner,
  input: { key: string; quantity: number },
  ctx: { locale: Locale },
): Promise<Result<{ key: string }>> {
  const cart = await findCart(db, owner);
  const [item] = cart
    ? await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.key, input.key)))
    : [];
  if (!cart || !item) return fail(invalidKey);
  if (input.quantity === 0) return removeItem(db, owner, input.key);
  const rows = await productRowsById(db, [
    item.productId,
    ...(item.variationId ? [item.variationId] : []),
  ]);
  const parent = rows.get(item.productId);
  const variation = item.variationId ? rows.get(item.variationId) : undefined;
  if (!parent) return fail(invalidProduct);
  const row = variation ? resolveVariation(parent, variation) : parent;
  const problem = checkQuantity(row, localize(parent.name, ctx.locale), input.quantity);
  if (problem) return fail(problem);
  await db.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, item.id));
  await touchCart(db, cart.id);
  return ok({ key: input.key });
}

export async function removeItem(
  db: Tx,
  owner: CartOwner,
  key: string,
): Promise<Result<{ key: string; productId?: number }>> {
  const cart = await findCart(db, owner);
  const removed = cart
    ? await db
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.key, key)))
        .returning({ key: cartItems.key, productId: cartItems.productId })
    : [];
  if (removed.length === 0) return fail(invalidKey);
  await touchCart(db, cart!.id);
  return ok({ key, productId: removed[0]!.productId });
}

/** A cart's last change: abandoned guest carts are purged by it. */
async function touchCart(db: Tx, cartId: number): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Where the shop owner sets how long an unchanged guest cart is kept (whole days). */
export const GUEST_CART_DAYS_SETTING = 'cart.guest_cart_days';
export const DEFAULT_GUEST_CART_DAYS = 14;
/** Whole days, at most ten years: what the setting may hold. */
export const GUEST_CART_DAYS_LIMITS = { min: 1, max: 3650 } as const;
export const guestCartDaysSchema = z
  .number()
  .int()
  .min(GUEST_CART_DAYS_LIMITS.min)
  .max(GUEST_CART_DAYS_LIMITS.max);

/**
 * Deletes guest carts (no customer) left unchanged for longer than the configured days; a
 * customer's cart stays saved for the next login. Returns how many carts went.
 */
export async function purgeAbandonedGuestCarts(db: Tx, now = new Date()): Promise<number> {
  const days = await getSetting(
    db,
    GUEST_CART_DAYS_SETTING,
    guestCartDaysSchema,
    DEFAULT_GUEST_CART_DAYS,
  );
  const gone = await db
    .delete(carts)
    .where(
      and(
        isNull(carts.customerId),
        lt(carts.updatedAt, new Date(now.getTime() - days * 86_400_000)),
      ),
    )
    .returning({ id: carts.id });
  return gone.length;
}

export function emptyCart(currency: string, customer = defaultCustomer()): CartView {
  return {
    currency,
    lines: [],
    itemCount: 0,
    totals: cartTotals(computeTotals({ lines: [] })),
    problems: [],
    shipping: shippingWithoutPackages(customer),
    coupons: [],
    removedCoupons: [],
  };
}

/** The number shown beside the cart link: one query, no prices. */
export async function cartItemCount(db: Tx, owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(case when ${cartItems.quantity} = floor(${cartItems.quantity}) then ${cartItems.quantity} else 1 end), 0)`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.sessionIdHash, owner.idHash));
  return Number(row?.n ?? 0);
}

/**
 * The cart size of a live session, in one query: the personal part of every page. Null when
 * the session is unknown or expired.
 */
export async function sessionCartSummary(
  db: Tx,
  idHash: string,
): Promise<{ itemCount: number; customerId: number | null } | null> {
  const result = await db.execute(sql`
    select coalesce(sum(case when i.id is null then 0 when i.quantity = floor(i.quantity) then i.quantity else 1 end), 0) as n,
      s.customer_id
    from ${sessions} s
    left join ${carts} c on c.session_id_hash = s.id_hash
    left join ${cartItems} i on i.cart_id = c.id
    where s.id_hash = ${idHash} and s.expires_at > ${new Date()}
    group by s.id_hash, s.customer_id`);
  const [row] = (
    result as unknown as { rows: { n: string | number; customer_id: number | null }[] }
  ).rows;
  return row ? { itemCount: Number(row.n), customerId: row.customer_id ?? null } : null;
}

/** The cart with prices and taxes computed now, from the catalog: never from what a request claims. */
export async function loadCart(
  db: Tx,
  owner: CartOwner | null,
  ctx: {
    currency: string;
    locale: Locale;
    readOnly?: boolean;
    /** False: the lines come without their pictures (an order does not keep them). */
    pictures?: boolean;
    /** The fee of the payment method chosen (cash on delivery), priced by the caller. */
    paymentFee?: FeeInput | null;
    /** What the caller has just locked or written in the same transaction: not read again. */
    known?: {
      cart: typeof carts.$inferSelect;
      customer: CartCustomer;
      /** The caller has seen the cart holds no coupons: none is read. */
      noCoupons?: boolean;
    };
    /** Receives the catalog rows the lines were priced from. */
    productRows?: Map<number, ProductRow>;
  },
): Promise<CartView> {
  const cart = ctx.known?.cart ?? (owner ? await findCart(db, owner) : null);
  if (!cart) return emptyCart(ctx.currency);
  const known = ctx.known?.customer;
  const [items, customer] = await readAll(db, [
    () =>
      db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id)),
    () => (known ? Promise.resolve(known) : readCartCustomer(db, cart.id)),
  ] as const);
  if (items.length === 0) {
    await dropCartCoupons(db, cart.id);
    return emptyCart(cart.currency, customer);
  }
  const resolved = await resolveItems(db, items, ctx.productRows);
  const facts = await lineFacts(db, resolved, items, ctx.locale, { pictures: ctx.pictures });
  const now = new Date();
  const vat = await cartTaxTreatment(
    db,
    customer,
    resolved.some((r) => !r.row.digital),
  );
  // Gross prices stay as listed; OSS takes the destination's VAT out of them instead of ours.
  const rateCountry = vat.kind === 'destination' ? vat.country : SHOP_COUNTRY;
  const priced = resolved.map((r) => priceLine(r, facts, { now, rateCountry, locale: ctx.locale }));
  const coupons = ctx.known?.noCoupons
    ? { totals: [], applied: [], removed: [] }
    : await checkCartCoupons(db, cart.id, priced, {
        currency: cart.currency,
        locale: ctx.locale,
        now,
        customerId: owner?.customerId ?? null,
        // The billing e-mail the shopper gave (checkout, Store API): coupons limited to e-mails.
        email: customer.billingAddress.email || null,
        readOnly: ctx.readOnly,
      });
  const standardRate = vatRate(facts.tax.rates, 'standard', rateCountry);
  const totalsInput = totalsInputOf(priced, coupons.totals, vat, standardRate);
  const shipping = await cartShipping(
    db,
    {
      customer,
      lines: priced.map((l) => ({
        ...l,
        shippingClass: l.shippingClass ?? null,
        needsShipping: !l.digital,
      })),
      totalsInput,
      freeShippingCoupon: coupons.applied.some((c) => c.freeShipping),
    },
    ctx.locale,
  );
  let totals = computeTotals({ ...totalsInput, shipping: shipping.shipping });
  const fee = ctx.paymentFee ?? null;
  // Nothing to pay, no method, no fee.
  if (fee && totals.needsPayment) {
    totals = computeTotals({ ...totalsInput, shipping: shipping.shipping, fees: [fee] });
  }
  const lines: CartLine[] = priced.map((l, i) => ({
    ...l,
    ...(totals.vatFree ? netPrices(l) : {}),
    taxRate: totals.lines[i]!.taxRate,
    lineTotal: totals.lines[i]!.beforeDiscount.gross,
    lineTax: totals.lines[i]!.beforeDiscount.tax,
  }));
  return {
    currency: cart.currency,
    lines,
    itemCount: totals.itemCount,
    totals: cartTotals(totals, vat),
    problems: lineProblems(resolved, ctx.locale),
    shipping: shipping.view,
    coupons: cartCouponViews(coupons.applied, totals),
    removedCoupons: coupons.removed,
  };
}

/**
 * A line's prices without the VAT they include, for a sale charged net (reverse charge,
 * export): the shopper sees the prices the totals add up, and renewals repeat them.
 */
function netPrices(line: PricedLine) {
  const net = (gross: number) => gross - taxInGross(gross, line.taxRate);
  return {
    unitPrice: net(line.unitPrice),
    regularPrice: net(line.regularPrice),
    unitPriceInfo: line.unitPriceInfo
      ? { ...line.unitPriceInfo, amount: net(line.unitPriceInfo.amount) }
      : null,
    subscription: line.subscription
      ? { ...line.subscription, recurringUnitPrice: net(line.subscription.recurringUnitPrice) }
      : null,
  };
}
