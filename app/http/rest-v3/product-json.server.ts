import { effectiveStatus, shownNow } from '#app/domain/catalog/publication.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  resolveVariation,
} from '#app/domain/catalog/catalog.rules.ts';
import type { images } from '#app/domain/catalog/catalog.schema.ts';
import type {
  ProductRecord,
  TermRef,
  VariationRecord,
} from '#app/domain/catalog/product-records.server.ts';
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { activePrice, isOnSale, lowestPrice, unitPrice } from '#app/domain/pricing/price.rules.ts';
import { TAX_CLASS_SLUGS } from '#app/domain/pricing/tax.ts';
import type { Locale } from '#app/lib/locale.ts';
import { dates, decimal } from './order-json.server.ts';

export type ProductJsonContext = {
  locale: Locale;
  currency: string;
  base: string;
  /** Delivery times by id: slug and name, for the Germanized meta field. */
  deliveryTimes: Map<number, { slug: string; label: Localized }>;
};

const money = (minor: number | null, ctx: ProductJsonContext) =>
  minor === null ? '' : decimal(minor, ctx.currency);

const number = (value: number | null) => (value === null ? '' : String(value));

/** Germanized keeps the unit price, GTIN and delivery time as meta; the keys are its own. */
function germanizedMeta(row: ProductRow, ctx: ProductJsonContext) {
  const meta: { key: string; value: unknown }[] = [];
  const add = (key: string, value: unknown) => meta.push({ key, value });
  if (row.gtin) add('_ts_gtin', row.gtin);
  if (row.unit) add('_unit', row.unit);
  if (row.productUnits !== null) add('_unit_product', String(row.productUnits));
  if (row.unitBase !== null) add('_unit_base', String(row.unitBase));
  if (row.regularPrice !== null) {
    const regular = unitPrice(row.regularPrice, row);
    if (regular !== null) add('_unit_price_regular', money(regular, ctx));
    const active = activePrice(row);
    const sale = active !== null && isOnSale(row) ? unitPrice(active, row) : null;
    if (sale !== null) add('_unit_price_sale', money(sale, ctx));
  }
  const time = row.deliveryTimeId !== null ? ctx.deliveryTimes.get(row.deliveryTimeId) : undefined;
  if (time) add('product_delivery_time', time.slug);
  return meta;
}

function imageJson(image: typeof images.$inferSelect, position: number, ctx: ProductJsonContext) {
  return {
    id: image.id,
    ...dates('date_created', null),
    ...dates('date_modified', null),
    src: ctx.base + imageUrl(image.key, 'full'),
    name: image.key,
    alt: localize(image.alt, ctx.locale),
    position,
  };
}

function termJson(term: TermRef, ctx: ProductJsonContext) {
  return { id: term.id, name: localize(term.name, ctx.locale), slug: term.slug };
}

function stockJson(row: ProductRow) {
  const status = effectiveStockStatus(row);
  const backorders = row.backorders ?? 'no';
  return {
    manage_stock: row.manageStock ?? false,
    stock_quantity: row.manageStock ? (row.stockQuantity ?? 0) : null,
    stock_status: status,
    backorders,
    backorders_allowed: backorders !== 'no',
    backordered: status === 'onbackorder',
    low_stock_amount: row.lowStockAmount,
  };
}

function priceJson(row: ProductRow, ctx: ProductJsonContext) {
  return {
    price: money(activePrice(row), ctx),
    regular_price: money(row.regularPrice, ctx),
    sale_price: money(row.salePrice, ctx),
    ...dates('date_on_sale_from', row.saleFrom),
    ...dates('date_on_sale_to', row.saleTo),
    on_sale: isOnSale(row),
  };
}

function shippingJson(row: ProductRow) {
  return {
    virtual: row.digital ?? false,
    downloadable: false,
    downloads: [],
    download_limit: -1,
    download_expiry: -1,
    tax_status: 'taxable',
    weight: number(row.weightKg),
    dimensions: {
      length: number(row.lengthCm),
      width: number(row.widthCm),
      height: number(row.heightCm),
    },
    shipping_class: row.shippingClass ?? '',
    shipping_class_id: 0,
  };
}

/** The combination the product page starts with: attribute and term named (all global: no id 0). */
function defaultAttributesJson(
  row: ProductRow,
  links: ProductRecord['links'],
  ctx: ProductJsonContext,
) {
  const chosen = row.defaultAttributes ?? {};
  return links.attributes.flatMap((a) => {
    const term = chosen[a.slug] ? a.options.find((o) => o.slug === chosen[a.slug]) : undefined;
    return term
      ? [{ id: a.id, name: localize(a.name, ctx.locale), option: localize(term.name, ctx.locale) }]
      : [];
  });
}

/** A product in WooCommerce's REST API v3 shape (`class-wc-rest-products-controller`). */
export function productJson(record: ProductRecord, ctx: ProductJsonContext) {
  const { row, links } = record;
  const variable = row.type === 'variable';
  const resolved = links.variations.map((v) => resolveVariation(row, v));
  const live = resolved.filter((v) => v.status === 'publish');
  const cheapest = variable ? lowestPrice(live) : null;
  const prices = priceJson(row, ctx);
  const href = `${ctx.base}/wp-json/wc/v3/products`;
  return {
    id: row.id,
    name: localize(row.name, ctx.locale),
    slug: row.slug ?? '',
    permalink: `${ctx.base}/product/${encodeURIComponent(row.slug ?? '')}`,
    ...dates('date_created', row.createdAt),
    ...dates('date_modified', row.updatedAt),
    type: row.type,
    // A scheduled product whose date has come is published (WordPress publishes it then).
    status: effectiveStatus(row),
    featured: row.featured,
    catalog_visibility: 'visible',
    description: localize(row.description, ctx.locale),
    short_description: localize(row.shortDescription, ctx.locale),
    sku: row.sku ?? '',
    global_unique_id: row.gtin ?? '',
    ...prices,
    ...(cheapest
      ? { price: money(cheapest.active, ctx), on_sale: live.some((v) => isOnSale(v)) }
      : {}),
    purchasable:
      shownNow(row) &&
      row.type !== 'grouped' &&
      row.type !== 'external' &&
      (variable ? live.length > 0 : activePrice(row) !== null),
    total_sales: 0,
    external_url: row.type === 'external' ? (row.externalUrl ?? '') : '',
    button_text: row.type === 'external' ? localize(row.buttonText, ctx.locale) : '',
    tax_class: TAX_CLASS_SLUGS[row.taxClass ?? 'standard'],
    ...stockJson(row),
    sold_individually: row.soldIndividually ?? false,
    ...shippingJson(row),
    shipping_required: !(row.digital ?? false),
    shipping_taxable: !(row.digital ?? false),
    reviews_allowed: true,
    average_rating: links.rating.average.toFixed(2),
    rating_count: links.rating.count,
    related_ids: [],
    upsell_ids: links.lists?.upsellIds ?? [],
    cross_sell_ids: links.lists?.crossSellIds ?? [],
    parent_id: 0,
    purchase_note: '',
    categories: links.categories.map((c) => termJson(c, ctx)),
    tags: (links.lists?.tags ?? []).map((t) => termJson(t, ctx)),
    images: links.images.map((image, i) => imageJson(image, i, ctx)),
    attributes: links.attributes.map((a) => ({
      id: a.id,
      name: localize(a.name, ctx.locale),
      slug: `pa_${a.slug}`,
      position: a.position,
      visible: a.visible,
      variation: a.variation,
      options: a.options.map((o) => localize(o.name, ctx.locale)),
    })),
    default_attributes: defaultAttributesJson(row, links, ctx),
    variations: links.variations.map((v) => v.id),
    grouped_products: row.type === 'grouped' ? (links.groupedIds ?? []) : [],
    menu_order: row.menuOrder,
    meta_data: germanizedMeta(row, ctx),
    _links: {
      self: [{ href: `${href}/${row.id}` }],
      collection: [{ href }],
    },
  };
}

/** A variation in WooCommerce's shape (`class-wc-rest-product-variations-controller`). */
export function variationJson(record: VariationRecord, ctx: ProductJsonContext) {
  const { parent } = record;
  const own = record.row;
  const row = resolveVariation(parent, own);
  const href = `${ctx.base}/wp-json/wc/v3/products/${parent.id}/variations`;
  const options = record.attributes.map((a) => ({
    id: a.id,
    name: localize(a.name, ctx.locale),
    slug: `pa_${a.slug}`,
    option: a.option ? localize(a.option.name, ctx.locale) : '',
  }));
  const stock = stockJson(row);
  const image = own.imageId ?? null;
  return {
    id: own.id,
    ...dates('date_created', own.createdAt),
    ...dates('date_modified', own.updatedAt),
    name: [localize(parent.name, ctx.locale), ...options.map((o) => o.option).filter(Boolean)].join(
      ' - ',
    ),
    description: localize(own.description, ctx.locale),
    permalink: `${ctx.base}/product/${encodeURIComponent(parent.slug ?? '')}`,
    sku: own.sku ?? parent.sku ?? '',
    global_unique_id: own.gtin ?? '',
    ...priceJson(row, ctx),
    status: own.status,
    purchasable: own.status === 'publish' && activePrice(row) !== null,
    ...shippingJson(row),
    tax_class: own.taxClass === null ? 'parent' : TAX_CLASS_SLUGS[own.taxClass],
    ...stock,
    // A variation without its own stock counts its parent's (WooCommerce's `parent`).
    manage_stock: own.manageStock === null && parent.manageStock ? 'parent' : stock.manage_stock,
    image: image === null ? null : { id: image },
    attributes: options,
    menu_order: own.menuOrder,
    parent_id: parent.id,
    meta_data: germanizedMeta(
      {
        ...own,
        deliveryTimeId: own.deliveryTimeId,
        regularPrice: row.regularPrice,
        salePrice: row.salePrice,
        saleFrom: row.saleFrom,
        saleTo: row.saleTo,
        unit: row.unit,
        productUnits: row.productUnits,
        unitBase: row.unitBase,
      },
      ctx,
    ),
    _links: {
      self: [{ href: `${href}/${own.id}` }],
      collection: [{ href }],
      up: [{ href: `${ctx.base}/wp-json/wc/v3/products/${parent.id}` }],
    },
  };
}
