// The steps of loading a cart: its rows resolved against the catalog, the facts its lines show,
// each line priced now, and what the totals engine takes.
import { sql } from 'drizzle-orm';
import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { images } from '#app/domain/catalog/catalog.schema.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from '#app/domain/catalog/catalog.rules.ts';
import { dueTodayPerUnit } from '#app/domain/catalog/subscription-terms.ts';
import { activePrice, isOnSale, shownPrices, unitPrice } from '#app/domain/pricing/price.rules.ts';
import {
  type ComplianceRefs,
  depositFor,
  loadComplianceRefs,
} from '#app/domain/compliance/compliance.server.ts';
import { multiply } from '#app/domain/pricing/money.ts';
import { vatRate } from '#app/domain/pricing/tax.ts';
import { type TaxSetup, taxSetup } from '#app/domain/pricing/vat-rates.server.ts';
import type { CouponInput, TotalsInput } from '#app/domain/pricing/totals/totals.ts';
import { type TaxTreatment, isVatFree } from '#app/domain/pricing/vat.rules.ts';
import type { cartItems } from './cart.schema.ts';
import { checkQuantity } from './cart.rules.ts';
import type { CartLine, CartView } from './cart.view.ts';

type ItemRow = typeof cartItems.$inferSelect;

/** A cart row with the product (the parent) and what is bought (the variation resolved). */
export type ResolvedItem = { item: ItemRow; parent: ProductRow; row: ProductRow };

/** A line priced, before the totals engine adds its line totals. */
export type PricedLine = Omit<CartLine, 'lineTotal' | 'lineTax'>;

/**
 * The rows of products that are gone (or a variation that is) drop out of the cart's view.
 * The catalog rows read go into `keep` when given (the placement takes stock by them).
 */
export async function resolveItems(
  db: Tx,
  items: ItemRow[],
  keep?: Map<number, ProductRow>,
): Promise<ResolvedItem[]> {
  const ids = [
    ...new Set(items.flatMap((i) => [i.productId, ...(i.variationId ? [i.variationId] : [])])),
  ];
  const rows = await productRowsById(db, ids);
  for (const [id, row] of keep ? rows : []) keep!.set(id, row);
  return items.flatMap((item) => {
    const parent = rows.get(item.productId);
    const variation = item.variationId ? rows.get(item.variationId) : undefined;
    if (!parent || (item.variationId && !variation)) return [];
    return [{ item, parent, row: variation ? resolveVariation(parent, variation) : parent }];
  });
}

export type LineFacts = {
  refs: ComplianceRefs;
  imageById: Map<number, typeof images.$inferSelect>;
  attributeNames: { attributes: Map<string, string>; terms: Map<string, string> };
  /** The VAT rates in force and whether prices were entered with VAT. */
  tax: TaxSetup;
};

/** What the lines show beside their prices: deposits, pictures, attribute and term names. */
export async function lineFacts(
  db: Tx,
  resolved: ResolvedItem[],
  items: ItemRow[],
  locale: Locale,
  { pictures = true }: { pictures?: boolean } = {},
): Promise<LineFacts> {
  const imageIds = pictures
    ? [...new Set(resolved.map((r) => r.row.imageId).filter((id): id is number => id !== null))]
    : [];
  const [refs, imageRows, attributeNames, tax] = await readAll(db, [
    () =>
      loadComplianceRefs(
        db,
        resolved.map((r) => r.row),
        locale,
      ),
    () =>
      imageIds.length
        ? db
            .select()
            .from(images)
            .where(sql`${images.id} in ${imageIds}`)
        : Promise.resolve([]),
    () => attributeLabels(db, [...new Set(items.flatMap((i) => Object.keys(i.variation)))], locale),
    () => taxSetup(db),
  ] as const);
  return { refs, imageById: new Map(imageRows.map((i) => [i.id, i])), attributeNames, tax };
}

/** One line at today's price, taxed at the rate of `rateCountry`. */
export function priceLine(
  { item, parent, row: stored }: ResolvedItem,
  facts: LineFacts,
  ctx: { now: Date; rateCountry: string; locale: Locale },
): PricedLine {
  const { refs, imageById, attributeNames, tax } = facts;
  const rate = vatRate(tax.rates, stored.taxClass ?? 'standard', ctx.rateCountry);
  // Net-entered prices get the rate of the country taxed: every later step works on gross.
  const row = shownPrices(stored, rate, tax.pricesIncludeTax);
  const listed = activePrice(row, ctx.now) ?? 0;
  const terms = parent.type === 'simple' ? parent.subscription : null;
  const unit = terms ? dueTodayPerUnit(listed, terms) : listed;
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
    attributeSlugs: Object.keys(item.variation),
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
    onSale: terms ? false : isOnSale(row, ctx.now),
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
}

/** The totals engine's input for the priced lines; digital goods and services are not shipped. */
export function totalsInputOf(
  priced: PricedLine[],
  coupons: CouponInput[],
  vat: TaxTreatment,
  standardRate: number,
): TotalsInput {
  return {
    standardRate,
    coupons,
    lines: priced.map((l) => ({
      key: l.key,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      taxRate: l.taxRate,
      needsShipping: !l.digital,
      deposit: l.deposit?.amount ?? null,
    })),
    vatFree: isVatFree(vat),
  };
}

/** Lines whose quantity the product no longer allows (stock, limits, not for sale). */
export function lineProblems(resolved: ResolvedItem[], locale: Locale): CartView['problems'] {
  return resolved.flatMap(({ item, parent, row }) => {
    const error = checkQuantity(row, localize(parent.name, locale), item.quantity);
    return error ? [{ key: item.key, error }] : [];
  });
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
