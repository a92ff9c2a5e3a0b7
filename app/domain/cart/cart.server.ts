import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#app/lib/db.server.ts';
import { type Locale, localize } from '#app/lib/localized.ts';
import { type DomainError, type Result, fail, ok } from '#app/lib/errors.ts';
import { images, products } from '#app/domain/catalog/catalog.schema.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from '#app/domain/catalog/catalog.rules.ts';
import { activePrice, isOnSale, unitPrice } from '#app/domain/pricing/price.rules.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import { depositFor, loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import { multiply } from '#app/domain/pricing/money.ts';
import { taxInGross, vatRate } from '#app/domain/pricing/tax.ts';
import { invalidKey } from './cart.errors.ts';
import { cartItems, carts } from './cart.schema.ts';

/** Whose cart: the session's (a customer's cart follows the session it logs in with). */
export type CartOwner = { idHash: string };

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

async function findCart(db: Tx, owner: CartOwner) {
  const [cart] = await db
    .select()
    .from(carts)
    .where(eq(carts.sessionIdHash, owner.idHash))
    .limit(1);
  return cart ?? null;
}

async function findOrCreateCart(db: Tx, owner: CartOwner, currency: string) {
  const [created] = await db
    .insert(carts)
    .values({ sessionIdHash: owner.idHash, currency })
    .onConflictDoNothing({ target: carts.sessionIdHash })
    .returning();
  return created ?? (await findCart(db, owner))!;
}

const err = (
  code: string,
  status: DomainError['status'],
  message: string,
  params?: DomainError['params'],
) => fail({ code, status, message, params });

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
    return err('woocommerce_rest_product_invalid_id', 404, 'cart.error.invalid_product');
  }
  if (row.type === 'simple') return ok({ parent: row, row, variationId: null, variation: {} });
  const parent =
    row.type === 'variation'
      ? (await productRowsById(db, [row.parentId!])).get(row.parentId!)
      : row;
  if (!parent || parent.status !== 'publish') {
    return err('woocommerce_rest_product_invalid_id', 404, 'cart.error.invalid_product');
  }
  const chosen = input.variation ?? {};
  let variationRow: ProductRow | undefined;
  if (row.type === 'variation') {
    variationRow = row;
  } else {
    const variations = await db
      .select()
      .from(products)
      .where(and(eq(products.parentId, parent.id), eq(products.status, 'publish')))
      .orderBy(asc(products.menuOrder), asc(products.id));
    variationRow = variations.find((v) =>
      Object.entries(v.variationAttributes ?? {}).every(
        ([k, term]) => chosen[k] !== undefined && (term === '' || chosen[k] === term),
      ),
    );
    if (!variationRow) {
      return err(
        'woocommerce_rest_variation_id_from_variation_data',
        400,
        'cart.error.choose_options',
      );
    }
  }
  const attrs = { ...(variationRow.variationAttributes ?? {}) };
  for (const [k, term] of Object.entries(attrs))
    if (term === '' && chosen[k]) attrs[k] = chosen[k]!;
  return ok({
    parent,
    row: resolveVariation(parent, variationRow),
    variationId: variationRow.id,
    variation: attrs,
  });
}

/** Checks a wanted quantity against the product's quantity rules and its stock. */
function checkQuantity(row: ProductRow, name: string, wanted: number): DomainError | null {
  const rules = quantityRules(row, null);
  const left = stockLeft(row);
  if (activePrice(row) === null) {
    return {
      code: 'woocommerce_rest_product_not_purchasable',
      status: 400,
      message: 'cart.error.not_purchasable',
      params: { name },
    };
  }
  if (effectiveStockStatus(row) === 'outofstock' || left === 0) {
    return {
      code: 'woocommerce_rest_product_out_of_stock',
      status: 400,
      message: 'cart.error.out_of_stock',
      params: { name },
    };
  }
  if (rules.soldIndividually && wanted > 1) {
    return {
      code: 'woocommerce_rest_product_sold_individually',
      status: 400,
      message: 'cart.error.sold_individually',
      params: { name },
    };
  }
  if (wanted < rules.min) {
    return {
      code: 'woocommerce_rest_invalid_quantity',
      status: 400,
      message: 'cart.error.below_minimum',
      params: { name, min: rules.min },
    };
  }
  if (rules.max !== null && wanted > rules.max) {
    return {
      code: 'woocommerce_rest_invalid_quantity',
      status: 400,
      message: 'cart.error.above_maximum',
      params: { name, max: rules.max },
    };
  }
  const steps = (wanted - rules.min) / rules.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return {
      code: 'woocommerce_rest_invalid_quantity',
      status: 400,
      message: 'cart.error.step',
      params: { name, step: rules.step },
    };
  }
  if (left !== null && wanted > left) {
    return {
      code: 'woocommerce_rest_product_partially_out_of_stock',
      status: 400,
      message: 'cart.error.not_enough_stock',
      params: { name, stock: left },
    };
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
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
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
  if (!parent) return err('woocommerce_rest_product_invalid_id', 404, 'cart.error.invalid_product');
  const row = variation ? resolveVariation(parent, variation) : parent;
  const problem = checkQuantity(row, localize(parent.name, ctx.locale), input.quantity);
  if (problem) return fail(problem);
  await db.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, item.id));
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
  return ok({ key, productId: removed[0]!.productId });
}

export type CartLine = {
  key: string;
  productId: number;
  variationId: number | null;
  slug: string;
  name: string;
  variation: { attribute: string; value: string }[];
  quantity: number;
  quantityRules: { min: number; max: number | null; step: number; soldIndividually: boolean };
  image: ImageView | null;
  unitPrice: number;
  regularPrice: number;
  onSale: boolean;
  lineTotal: number;
  taxRate: number;
  lineTax: number;
  deposit: { name: string; unitAmount: number; amount: number; packagingType: string } | null;
  unitPriceInfo: { amount: number; base: number; unit: string } | null;
  sku: string | null;
  stockStatus: string;
};

export type CartTotals = {
  items: number;
  itemsTax: number;
  deposit: number;
  depositTax: number;
  total: number;
  tax: number;
  taxLines: { rate: number; amount: number }[];
};

export type CartView = {
  currency: string;
  lines: CartLine[];
  itemCount: number;
  totals: CartTotals;
};

export function emptyCart(currency: string): CartView {
  return {
    currency,
    lines: [],
    itemCount: 0,
    totals: { items: 0, itemsTax: 0, deposit: 0, depositTax: 0, total: 0, tax: 0, taxLines: [] },
  };
}

/** Whole pieces count one each; a measured length or weight counts as one item. */
export function countOf(quantity: number): number {
  return Number.isInteger(quantity) ? quantity : 1;
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

/** The cart with prices and taxes computed now, from the catalog: never from what a request claims. */
export async function loadCart(
  db: Tx,
  owner: CartOwner | null,
  ctx: { currency: string; locale: Locale },
): Promise<CartView> {
  const cart = owner ? await findCart(db, owner) : null;
  if (!cart) return emptyCart(ctx.currency);
  const items = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  if (items.length === 0) return emptyCart(cart.currency);
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
  const [refs, imageRows, attributeNames] = await Promise.all([
    loadComplianceRefs(
      db,
      resolved.map((r) => r.row),
      ctx.locale,
    ),
    imageIds.length
      ? db
          .select()
          .from(images)
          .where(sql`${images.id} in ${imageIds}`)
      : [],
    attributeLabels(db, [...new Set(items.flatMap((i) => Object.keys(i.variation)))], ctx.locale),
  ]);
  const imageById = new Map(imageRows.map((i) => [i.id, i]));
  const now = new Date();
  const lines: CartLine[] = resolved.map(({ item, parent, row }) => {
    const unit = activePrice(row, now) ?? 0;
    const lineTotal = multiply(unit, item.quantity);
    const rate = vatRate(row.taxClass ?? 'standard');
    const deposit = depositFor(refs, row.depositTypeId, row.depositQuantity);
    const image = row.imageId ? imageById.get(row.imageId) : undefined;
    const unitInfo = unitPrice(unit, row);
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
      regularPrice: row.regularPrice ?? unit,
      onSale: isOnSale(row, now),
      lineTotal,
      taxRate: rate,
      lineTax: taxInGross(lineTotal, rate),
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
    };
  });
  return {
    currency: cart.currency,
    lines,
    itemCount: lines.reduce((n, l) => n + countOf(l.quantity), 0),
    totals: totalsOf(lines),
  };
}

/** Sums lines; VAT per rate is the sum of per-line VAT, deposits carry the VAT rate of their goods. */
export function totalsOf(lines: CartLine[]): CartTotals {
  const byRate = new Map<number, number>();
  let items = 0;
  let itemsTax = 0;
  let deposit = 0;
  let depositTax = 0;
  for (const line of lines) {
    items += line.lineTotal;
    itemsTax += line.lineTax;
    byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.lineTax);
    if (line.deposit) {
      const tax = taxInGross(line.deposit.amount, line.taxRate);
      deposit += line.deposit.amount;
      depositTax += tax;
      byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + tax);
    }
  }
  return {
    items,
    itemsTax,
    deposit,
    depositTax,
    total: items + deposit,
    tax: itemsTax + depositTax,
    taxLines: [...byRate.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([rate, amount]) => ({ rate, amount })),
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
