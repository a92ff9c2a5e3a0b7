import { z } from 'zod';
import {
  BACKORDERS,
  PRODUCT_STATUSES,
  STOCK_STATUSES,
} from '#app/domain/catalog/catalog.schema.ts';
import type { LocalizedPatch, ProductPatch } from '#app/domain/catalog/product-patch.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { type TaxClassSlug, taxClassOfSlug } from '#app/domain/pricing/tax.ts';
import type { Locale } from '#app/lib/locale.ts';
import { boolParam, dateParam, idParam } from './params.ts';
import { berlinDateTime } from '#app/domain/catalog/berlin-time.ts';
import {
  BUTTON_TEXT_MAX,
  EXTERNAL_URL_MAX,
  cleanExternalUrl,
} from '#app/domain/catalog/external-url.ts';

/**
 * A product's fields as WooCommerce's REST API takes them. Names and texts are a plain string
 * (in the request's language) or `{de, en}`; prices are decimal strings ("12.99"), numbers
 * too; the empty string clears a price.
 */

const localized = (max: number) =>
  z.union([
    z.string().max(max),
    z.object({ de: z.string().max(max).optional(), en: z.string().max(max).optional() }).strict(),
  ]);

const name = localized(400).refine(
  (value) => (typeof value === 'string' ? value.trim() !== '' : Boolean(value.de || value.en)),
  'empty',
);

/** A price in major units; at most the currency's minor digits, below 10 million. */
const price = z
  .union([z.string().max(20), z.number().finite()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().regex(/^(\d{1,7}(\.\d{1,2})?)?$/));

const quantity = z
  .union([z.number(), z.string().regex(/^-?\d{1,9}(\.\d{1,3})?$/)])
  .transform(Number)
  .pipe(z.number().finite().min(-1_000_000_000).max(1_000_000_000));

const decimal = z
  .union([z.number(), z.string().max(20)])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .pipe(z.string().regex(/^(\d{1,7}(\.\d{1,3})?)?$/));

const metaItem = z.object({
  id: z.number().int().optional(),
  key: z.string().max(255),
  value: z.unknown(),
});

const common = {
  name: name.optional(),
  description: localized(100_000).optional(),
  sku: z.string().max(100).optional(),
  global_unique_id: z
    .string()
    .regex(/^\d{0,14}$/)
    .optional(),
  regular_price: price.optional(),
  sale_price: price.optional(),
  date_on_sale_from: z.union([dateParam, z.literal(''), z.null()]).optional(),
  date_on_sale_to: z.union([dateParam, z.literal(''), z.null()]).optional(),
  tax_class: z
    .enum(['', 'standard', 'reduced-rate', 'second-reduced-rate', 'parent'] as const satisfies (
      TaxClassSlug | 'standard' | 'parent'
    )[])
    .optional(),
  manage_stock: z.union([boolParam, z.literal('parent')]).optional(),
  stock_quantity: z.union([quantity, z.null()]).optional(),
  stock_status: z.enum(STOCK_STATUSES).optional(),
  backorders: z.enum(BACKORDERS).optional(),
  low_stock_amount: z.union([quantity, z.null(), z.literal('')]).optional(),
  virtual: boolParam.optional(),
  weight: decimal.optional(),
  dimensions: z
    .object({ length: decimal.optional(), width: decimal.optional(), height: decimal.optional() })
    .optional(),
  shipping_class: z.string().max(200).optional(),
  menu_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  meta_data: z.array(metaItem).max(100).optional(),
};

const imageRef = z.object({ id: idParam, alt: z.string().max(300).optional() }).passthrough();

export const productSchema = z.object({
  ...common,
  id: z.unknown().optional(),
  type: z.enum(['simple', 'variable', 'grouped', 'external']).optional(),
  slug: z.string().max(200).optional(),
  // The publish date: site time (Berlin) without a zone, as WooCommerce answers it; `_gmt` UTC.
  date_created: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/)
    .transform((text) => berlinDateTime(text.slice(0, 10), text.slice(11, 16)))
    .refine((date) => date !== null, 'date')
    .optional(),
  date_created_gmt: dateParam.optional(),
  external_url: z.string().max(EXTERNAL_URL_MAX).optional(),
  button_text: localized(BUTTON_TEXT_MAX).optional(),
  grouped_products: z.array(idParam).max(100).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  featured: boolParam.optional(),
  short_description: localized(20_000).optional(),
  sold_individually: boolParam.optional(),
  categories: z
    .array(z.object({ id: idParam }).passthrough())
    .max(100)
    .optional(),
  images: z.array(imageRef).max(100).optional(),
  attributes: z
    .array(
      z.object({
        id: idParam,
        position: z.number().int().optional(),
        visible: boolParam.optional(),
        variation: boolParam.optional(),
        options: z.array(z.string().max(200)).max(500).optional(),
      }),
    )
    .max(50)
    .optional(),
  // An attribute by id, or by name with id 0; `option` is a term's name or slug.
  default_attributes: z
    .array(
      z.object({
        id: z.union([z.literal(0), idParam]).optional(),
        name: z.string().max(200).optional(),
        option: z.string().max(200),
      }),
    )
    .max(50)
    .optional(),
  upsell_ids: z.array(idParam).max(100).optional(),
  cross_sell_ids: z.array(idParam).max(100).optional(),
  // A tag by id, or by name (found, else created); the answer's `slug` may come back as sent.
  tags: z
    .array(
      z
        .object({ id: idParam.optional(), name: z.string().max(100).optional() })
        .passthrough()
        .refine((t) => t.id !== undefined || (t.name ?? '').trim() !== '', 'id or name'),
    )
    .max(100)
    .optional(),
});

export const variationSchema = z.object({
  ...common,
  id: z.unknown().optional(),
  status: z.enum(['publish', 'private', 'draft', 'pending']).optional(),
  image: z.union([imageRef, z.null()]).optional(),
  attributes: z
    .array(
      z.object({
        id: idParam.optional(),
        name: z.string().max(200).optional(),
        option: z.string().max(200),
      }),
    )
    .max(50)
    .optional(),
});

export type ProductBody = z.infer<typeof productSchema>;
export type VariationBody = z.infer<typeof variationSchema>;

function text(value: string | { de?: string; en?: string }, locale: Locale): LocalizedPatch {
  return typeof value === 'string' ? { [locale]: value } : value;
}

const minor = (value: string, currency: string) =>
  value === '' ? null : Math.round(Number(value) * 10 ** minorUnit(currency));

const num = (value: string) => (value === '' ? null : Number(value));

const date = (value: Date | '' | null) => (value === '' || value === null ? null : value);

/** Germanized's meta keys the shop keeps as columns; any other key is left aside. */
function metaPatch(meta: z.infer<typeof metaItem>[] | undefined): ProductPatch {
  const patch: ProductPatch = {};
  for (const { key, value } of meta ?? []) {
    const asText = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    if (key === '_unit' && asText !== null) patch.unit = asText.slice(0, 20) || null;
    if (key === '_unit_product' && asText !== null) patch.productUnits = positive(asText);
    if (key === '_unit_base' && asText !== null) patch.unitBase = positive(asText);
    if (key === '_ts_gtin' && asText !== null && /^\d{0,14}$/.test(asText))
      patch.gtin = asText || null;
  }
  return patch;
}

function positive(text: string): number | null {
  return /^\d{1,9}(\.\d{1,3})?$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** The delivery time meta asks for by slug or id; resolved by the handler. */
export function deliveryTimeWanted(meta: ProductBody['meta_data']): string | null | undefined {
  const item = meta?.find((m) => m.key === 'product_delivery_time');
  if (!item) return undefined;
  if (item.value === '' || item.value === null) return null;
  return typeof item.value === 'string' || typeof item.value === 'number'
    ? String(item.value).slice(0, 200)
    : undefined;
}

/** The common fields of a product or variation as the domain's patch. */
function commonPatch(body: ProductBody | VariationBody, locale: Locale, currency: string) {
  const patch: ProductPatch = metaPatch(body.meta_data);
  if (body.name !== undefined) patch.name = text(body.name, locale);
  if (body.description !== undefined) patch.description = text(body.description, locale);
  if (body.sku !== undefined) patch.sku = body.sku.trim() || null;
  if (body.global_unique_id !== undefined) patch.gtin = body.global_unique_id || null;
  if (body.regular_price !== undefined) patch.regularPrice = minor(body.regular_price, currency);
  if (body.sale_price !== undefined) patch.salePrice = minor(body.sale_price, currency);
  if (body.date_on_sale_from !== undefined) patch.saleFrom = date(body.date_on_sale_from);
  if (body.date_on_sale_to !== undefined) patch.saleTo = date(body.date_on_sale_to);
  if (body.tax_class !== undefined) {
    patch.taxClass =
      body.tax_class === 'parent' ? null : (taxClassOfSlug(body.tax_class) ?? 'standard');
  }
  if (body.manage_stock !== undefined) {
    patch.manageStock = body.manage_stock === 'parent' ? null : body.manage_stock;
  }
  if (body.stock_quantity !== undefined) patch.stockQuantity = body.stock_quantity;
  if (body.stock_status !== undefined) patch.stockStatus = body.stock_status;
  if (body.backorders !== undefined) patch.backorders = body.backorders;
  if (body.low_stock_amount !== undefined) {
    patch.lowStockAmount = body.low_stock_amount === '' ? null : body.low_stock_amount;
  }
  if (body.virtual !== undefined) patch.digital = body.virtual;
  if (body.weight !== undefined) patch.weightKg = num(body.weight);
  if (body.dimensions?.length !== undefined) patch.lengthCm = num(body.dimensions.length);
  if (body.dimensions?.width !== undefined) patch.widthCm = num(body.dimensions.width);
  if (body.dimensions?.height !== undefined) patch.heightCm = num(body.dimensions.height);
  if (body.shipping_class !== undefined) patch.shippingClass = body.shipping_class || null;
  if (body.menu_order !== undefined) patch.menuOrder = body.menu_order;
  return patch;
}

export function productPatch(body: ProductBody, locale: Locale, currency: string): ProductPatch {
  const patch = commonPatch(body, locale, currency);
  if (body.slug !== undefined) patch.slug = body.slug;
  if (body.status !== undefined) patch.status = body.status;
  if (body.featured !== undefined) patch.featured = body.featured;
  if (body.short_description !== undefined) {
    patch.shortDescription = text(body.short_description, locale);
  }
  if (body.sold_individually !== undefined) patch.soldIndividually = body.sold_individually;
  if (body.categories !== undefined) patch.categoryIds = body.categories.map((c) => c.id);
  if (body.images !== undefined) {
    patch.imageIds = body.images.map((i) => i.id);
    patch.imageAlts = body.images.flatMap((i) =>
      i.alt === undefined ? [] : [{ imageId: i.id, alt: { [locale]: i.alt } }],
    );
  }
  if (body.external_url !== undefined) {
    // An address that is not a plain web address is passed on as sent and refused.
    patch.externalUrl = body.external_url.trim()
      ? (cleanExternalUrl(body.external_url) ?? body.external_url)
      : null;
  }
  if (body.button_text !== undefined) {
    const given = text(body.button_text, locale);
    patch.buttonText = given.de || given.en ? { de: given.de ?? given.en ?? '', ...given } : null;
  }
  if (body.grouped_products !== undefined) patch.groupedIds = body.grouped_products;
  const publishAt = body.date_created_gmt ?? body.date_created ?? undefined;
  if (publishAt) {
    patch.publishAt = publishAt;
    // WordPress's rule: published with a date to come is scheduled, scheduled with a past one
    // is published.
    if (patch.status === 'publish' || patch.status === 'future') {
      patch.status = publishAt.getTime() > Date.now() ? 'future' : 'publish';
    }
  }
  if (body.upsell_ids !== undefined) patch.upsellIds = body.upsell_ids;
  if (body.cross_sell_ids !== undefined) patch.crossSellIds = body.cross_sell_ids;
  if (body.tags !== undefined) {
    patch.tagIds = body.tags.flatMap((t) => (t.id !== undefined ? [t.id] : []));
    patch.tagNames = body.tags.flatMap((t) => (t.id === undefined && t.name ? [t.name] : []));
  }
  return patch;
}

export function variationPatch(
  body: VariationBody,
  locale: Locale,
  currency: string,
): ProductPatch {
  const patch = commonPatch(body, locale, currency);
  if (body.status !== undefined) patch.status = body.status;
  if (body.image !== undefined) patch.imageIds = body.image ? [body.image.id] : [];
  return patch;
}
