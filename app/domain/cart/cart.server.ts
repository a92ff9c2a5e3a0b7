import { dueTodayPerUnit } from '#app/domain/catalog/subscription-terms.ts';
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import {
  attributeTerms,
  attributes,
  images,
  productAttributes,
  products,
} from '#app/domain/catalog/catalog.schema.ts';
import { findVariation } from '#app/domain/catalog/variation-match.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from '#app/domain/catalog/catalog.rules.ts';
import { activePrice, isOnSale, unitPrice } from '#app/domain/pricing/price.rules.ts';
import { depositFor, loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import { multiply } from '#app/domain/pricing/money.ts';
import { SHOP_COUNTRY, vatRate } from '#app/domain/pricing/tax.ts';
import { cartTaxTreatment } from '#app/domain/pricing/vat.server.ts';
import { type TotalsInput, computeTotals } from '#app/domain/pricing/totals/totals.ts';
import { cartCouponViews } from '#app/domain/coupons/cart-coupons.server.ts';
import {
  cartShipping,
  defaultCustomer,
  shippingWithoutPackages,
} from '#app/domain/shipping/shipping.server.ts';
import { checkCartCoupons, dropCartCoupons } from './cart-coupons.server.ts';
import { readCartCustomer } from './cart-customer.server.ts';
import { invalidKey, invalidProduct } from './cart.errors.ts';
import { cartItems, carts } from './cart.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { type CartLine, type CartView, cartTotals } from './cart.view.ts';

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

type Sellable = {
  parent: ProductRow;
  row: ProductRow;
  variationId: number | null;
  variation: Record<string, string>;
};

/** Finds what exactly is being bought: a simple product, or one variation of a variable product. */
async function resolveSellable(db: Tx, input: AddItemInput): Promise<Result<Sellable>> {
  const found = await productRowsById(db, [input.id]);
  const row = found.get(input.id);
  if (!row || row.status !== 'publish') {
    return fail(invalidProduct);
  }
  if (row.type === 'simple') return ok({ parent: row, row, variationId: null, variation: {} });
  const parent =
    row.type === 'variation'
      ? (await productRowsById(db, [row.parentId!])).get(row.parentId!)
      : row;
  if (!parent || parent.status !== 'publish') {
    return fail(invalidProduct);
  }
  const chosen = input.variation ?? {};
  const offered = await offeredTerms(db, parent.id);
  let variationRow: ProductRow | undefined;
  if (row.type === 'variation') {
    variationRow = row;
  } else {
    if ([...offered.keys()].some((attribute) => !chosen[attribute])) {
      return fail(domainError('invalid', 'cart.error.choose_options'));
    }
    const variations = await db
      .select()
      .from(products)
      .where(and(eq(products.parentId, parent.id), eq(products.status, 'publish')))
      .orderBy(asc(products.menuOrder), asc(products.id));
    variationRow = findVariation(
      variations.map((v) => ({ row: v, attributes: v.variationAttributes ?? {} })),
      chosen,
      offered,
    )?.row;
    if (!variationRow) {
      return fail(domainError('invalid', 'cart.error.no_matching_variation'));
    }
  }
  const attrs = { ...(variationRow.variationAttributes ?? {}) };
  for (const [k, term] of Object.entries(attrs)) {
    if (term !== '') continue;
    // "Any" takes the shopper's value, but only one the product offers.
    const value = chosen[k];
    if (!value) return fail(domainError('invalid', 'cart.error.choose_options'));
    if (!offered.get(k)?.has(value)) {
      return fail(domainError('invalid', 'cart.error.no_matching_variation'));
    }
    attrs[k] = value;
  }
  return ok({
    parent,
    row: resolveVariation(parent, variationRow),
    variationId: variationRow.id,
    variation: attrs,
  });
}

/** The terms each variation attribute of a product offers: attribute slug -> term slugs. */
async function offeredTerms(db: Tx, productId: number): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ attribute: attributes.slug, term: attributeTerms.slug })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .innerJoin(attributeTerms, sql`${attributeTerms.id} = any(${productAttributes.termIds})`)
    .where(
      and(
        eq(productAttributes.productId, productId),
        eq(productAttributes.usedForVariations, true),
      ),
    );
  const offered = new Map<string, Set<string>>();
  for (const { attribute, term } of rows) {
    const terms = offered.get(attribute) ?? new Set<string>();
    terms.add(term);
    offered.set(attribute, terms);
  }
  return offered;
}

/** Checks a wanted quantity against the product's quantity rules and its stock. */
function checkQuantity(row: ProductRow, name: string, wanted: number): DomainError | null {
  const rules = quantityRules(row, null);
  const left = stockLeft(row);
  if (activePrice(row) === null) {
    return domainError('unavailable', 'cart.error.not_purchasable', { name });
  }
  if (effectiveStockStatus(row) === 'outofstock' || left === 0) {
    return domainError('out_of_stock', 'cart.error.out_of_stock', { name });
  }
  if (rules.soldIndividually && wanted > 1) {
    return domainError('limit', 'cart.error.sold_individually', { name });
  }
  if (wanted < rules.min) {
    return domainError('limit', 'cart.error.below_minimum', { name, min: rules.min });
  }
  if (rules.max !== null && wanted > rules.max) {
    return domainError('limit', 'cart.error.above_maximum', { name, max: rules.max });
  }
  const steps = (wanted - rules.min) / rules.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return domainError('limit', 'cart.error.step', { name, step: rules.step });
  }
  if (left !== null && wanted > left) {
    return domainError('out_of_stock', 'cart.error.not_enough_stock', { name, stock: left });
  }
  return null;
}

export async function addItem(
  db: Tx,
  owner: CartOwner,
  input: AddItemInput,
  ctx: { currency: string; locale: Locale },
): Promise<Result<{ key: string }>> {
  const sellable = await resolveSellable(db, input);
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

/**
 * Deletes guest carts (no customer) left unchanged for longer than the configured days; a
 * customer's cart stays saved for the next login. Returns how many carts went.
 */
export async function purgeAbandonedGuestCarts(db: Tx, now = new Date()): Promise<number> {
  const days = await getSetting(
    db,
    GUEST_CART_DAYS_SETTING,
    z.number().int().min(1).max(3650),
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
  ctx: { currency: string; locale: Locale; readOnly?: boolean },
): Promise<CartView> {
  const cart = owner ? await findCart(db, owner) : null;
  if (!cart) return emptyCart(ctx.currency);
  const [items, customer] = await readAll(db, [
    () =>
      db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id)),
    () => readCartCustomer(db, cart.id),
  ] as const);
  if (items.length === 0) {
    await dropCartCoupons(db, cart.id);
    return emptyCart(cart.currency, customer);
  }
  const ids = [
    ...new Set(items.flatMap((i) => [i.productId, ...(i.variationId ? [i.variationId] : [])])),
  ];
  const rows = await productRowsById(db, ids);
  const resolved = items.flatMap((item) => {
    const parent = rows.get(item.productId);
    const variation = item.variationId ? rows.get(item.variationId) : undefined;
    if (!parent || (item.variationId && !variation)) return [];
    return [{ item, parent, row: variation ? resolveVariation(parent, variation) : parent }];
  });
  const imageIds = [
    ...new Set(resolved.map((r) => r.row.imageId).filter((id): id is number => id !== null)),
  ];
  const [refs, imageRows, attributeNames] = await readAll(db, [
    () =>
      loadComplianceRefs(
        db,
        resolved.map((r) => r.row),
        ctx.locale,
      ),
    () =>
      imageIds.length
        ? db
            .select()
            .from(images)
            .where(sql`${images.id} in ${imageIds}`)
        : Promise.resolve([]),
    () =>
      attributeLabels(db, [...new Set(items.flatMap((i) => Object.keys(i.variation)))], ctx.locale),
  ] as const);
  const imageById = new Map(imageRows.map((i) => [i.id, i]));
  const now = new Date();
  const vat = await cartTaxTreatment(
    db,
    customer,
    resolved.some((r) => !r.row.digital),
  );
  // Gross prices stay as listed; OSS takes the destination's VAT out of them instead of ours.
  const rateCountry = vat.kind === 'destination' ? vat.country : SHOP_COUNTRY;
  const priced = resolved.map(({ item, parent, row }): Omit<CartLine, 'lineTotal' | 'lineTax'> => {
    const listed = activePrice(row, now) ?? 0;
    const terms = parent.type === 'simple' ? parent.subscription : null;
    const unit = terms ? dueTodayPerUnit(listed, terms) : listed;
    const rate = vatRate(row.taxClass ?? 'standard', rateCountry);
    const deposit = depositFor(refs, row.depositTypeId, row.depositQuantity);
    const image = row.imageId ? imageById.get(row.imageId) : undefined;
    const unitInfo = unitPrice(listed, row);
    return {
      key: item.key,
      productId: parent.id,
      variationId: item.variationId,
      slug: parent.slug ?? String(parent.id),
      name: localize(parent.name, ctx.locale),
      variation: Object.entries(item.variation).map(([attr, term]) => ({
        attribute: attributeNames.attributes.get(attr) ?? attr,
        value: attributeNames.terms.get(`${attr}/${term}`) ?? term,
      })),
      quantity: item.quantity,
      quantityRules: quantityRules(row, stockLeft(row)),
      image: image
        ? {
            key: image.key,
            alt: localize(image.alt, ctx.locale),
            caption: '',
            width: image.width,
            height: image.height,
            sizes: image.sizes,
          }
        : null,
      unitPrice: unit,
      // A subscription's first charge is not a reduced price, whatever it comes to.
      regularPrice: terms ? unit : (row.regularPrice ?? unit),
      onSale: terms ? false : isOnSale(row, now),
      taxRate: rate,
      deposit: deposit
        ? {
            name: deposit.name,
            unitAmount: deposit.amount,
            amount: multiply(deposit.amount, item.quantity),
            packagingType: deposit.packagingType,
          }
        : null,
      unitPriceInfo:
        unitInfo !== null ? { amount: unitInfo, base: row.unitBase!, unit: row.unit! } : null,
      sku: row.sku,
      stockStatus: effectiveStockStatus(row),
      shippingClass: row.shippingClass,
      digital: Boolean(row.digital),
      subscription: terms ? { terms, recurringUnitPrice: listed } : null,
    };
  });
  const coupons = await checkCartCoupons(db, cart.id, priced, {
    currency: cart.currency,
    locale: ctx.locale,
    now,
    customerId: owner?.customerId ?? null,
    readOnly: ctx.readOnly,
  });
  const totalsInput: TotalsInput = {
    coupons: coupons.totals,
    // Digital goods and services are not shipped.
    lines: priced.map((l) => ({
      key: l.key,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      taxRate: l.taxRate,
      needsShipping: !l.digital,
      deposit: l.deposit?.amount ?? null,
    })),
    reverseCharge: vat.kind === 'reverse_charge',
  };
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
  const totals = computeTotals({ ...totalsInput, shipping: shipping.shipping });
  const lines: CartLine[] = priced.map((l, i) => ({
    ...l,
    taxRate: totals.lines[i]!.taxRate,
    lineTotal: totals.lines[i]!.beforeDiscount.gross,
    lineTax: totals.lines[i]!.beforeDiscount.tax,
  }));
  const problems = resolved.flatMap(({ item, parent, row }) => {
    const error = checkQuantity(row, localize(parent.name, ctx.locale), item.quantity);
    return error ? [{ key: item.key, error }] : [];
  });
  return {
    currency: cart.currency,
    lines,
    itemCount: totals.itemCount,
    totals: cartTotals(totals, vat),
    problems,
    shipping: shipping.view,
    coupons: cartCouponViews(coupons.applied, totals),
    removedCoupons: coupons.removed,
  };
}

async function attributeLabels(db: Tx, slugs: string[], locale: Locale) {
  const attributes = new Map<string, string>();
  const terms = new Map<string, string>();
  if (slugs.length === 0) return { attributes, terms };
  const rows = await db.execute(sql`
    select a.slug as attr, a.name as attr_name, t.slug as term, t.name as term_name
    from attributes a left join attribute_terms t on t.attribute_id = a.id
    where a.slug in ${slugs}`);
  const { rows: list } = rows as unknown as {
    rows: {
      attr: string;
      attr_name: { de: string; en?: string };
      term: string | null;
      term_name: { de: string; en?: string } | null;
    }[];
  };
  for (const r of list) {
    attributes.set(r.attr, localize(r.attr_name, locale));
    if (r.term && r.term_name) terms.set(`${r.attr}/${r.term}`, localize(r.term_name, locale));
  }
  return { attributes, terms };
}
