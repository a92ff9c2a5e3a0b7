import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { FoodData, PowerSupply } from '#app/domain/compliance/compliance.types.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import type { SubscriptionTerms } from './subscription-terms.ts';
import type { VideoProvider } from './video.ts';
import type { ImageSize } from '#app/domain/media/media.ts';
import { TAX_CLASSES } from '#app/domain/pricing/tax.ts';

const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  /** File stem under the media folder; sizes are `${key}-${size}.webp`. */
  key: text('key').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: jsonb('alt').$type<Localized>().notNull(),
  caption: jsonb('caption').$type<Localized>(),
  sizes: jsonb('sizes').$type<ImageSize[]>().notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>(),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const PRODUCT_TYPES = ['simple', 'variable', 'variation', 'grouped', 'external'] as const;
export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export const BACKORDERS = ['no', 'notify', 'yes'] as const;
/**
 * WordPress's statuses; the shop shows `publish`, and `future` once its publish date
 * (`created_at`, WooCommerce's `date_created`) has come.
 */
export const PRODUCT_STATUSES = [
  'publish',
  'draft',
  'pending',
  'private',
  'trash',
  'future',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type StockStatus = (typeof STOCK_STATUSES)[number];

/**
 * Products and their variations share one table: a variation is a row with a parent,
 * and each of its nullable columns left empty inherits the parent's value.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, {
      onDelete: 'cascade',
    }),
    type: text('type', { enum: PRODUCT_TYPES }).notNull(),
    slug: text('slug').unique(),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('publish'),
    featured: boolean('featured').notNull().default(false),
    menuOrder: integer('menu_order').notNull().default(0),
    /** On variations: attribute slug to term slug; '' matches any term. */
    variationAttributes: jsonb('variation_attributes').$type<Record<string, string>>(),
    /** On variable products: the combination the product page starts with (attribute slug to term slug). */
    defaultAttributes: jsonb('default_attributes').$type<Record<string, string>>(),

    name: jsonb('name').$type<Localized>(),
    shortDescription: jsonb('short_description').$type<Localized>(),
    description: jsonb('description').$type<Localized>(),
    sku: text('sku').unique(),
    gtin: text('gtin'),

    regularPrice: integer('regular_price'),
    salePrice: integer('sale_price'),
    saleFrom: timestamp('sale_from', { withTimezone: true }),
    saleTo: timestamp('sale_to', { withTimezone: true }),
    taxClass: text('tax_class', { enum: TAX_CLASSES }),
    shippingClass: text('shipping_class'),

    manageStock: boolean('manage_stock'),
    stockQuantity: quantity('stock_quantity'),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }),
    backorders: text('backorders', { enum: BACKORDERS }),
    lowStockAmount: quantity('low_stock_amount'),
    minQuantity: quantity('min_quantity'),
    maxQuantity: quantity('max_quantity'),
    quantityStep: quantity('quantity_step'),
    soldIndividually: boolean('sold_individually'),
    /** Digital content or a service: nothing ships, and checkout asks the consent of § 356 (5) BGB. */
    digital: boolean('digital'),
    /** Set on a subscription product: its price recurs on these terms (see decision 0032). */
    subscription: jsonb('subscription').$type<SubscriptionTerms>(),

    weightKg: numeric('weight_kg', { precision: 10, scale: 3, mode: 'number' }),
    lengthCm: numeric('length_cm', { precision: 10, scale: 2, mode: 'number' }),
    widthCm: numeric('width_cm', { precision: 10, scale: 2, mode: 'number' }),
    heightCm: numeric('height_cm', { precision: 10, scale: 2, mode: 'number' }),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),

    deliveryTimeId: integer('delivery_time_id').references(() => deliveryTimes.id),
    /** Unit price: the product holds `productUnits` of `unit`; shown per `unitBase` of `unit`. */
    unit: text('unit'),
    productUnits: quantity('product_units'),
    unitBase: quantity('unit_base'),
    depositTypeId: integer('deposit_type_id').references(() => depositTypes.id),
    depositQuantity: integer('deposit_quantity'),
    food: jsonb('food').$type<FoodData>(),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    responsiblePersonId: integer('responsible_person_id').references(() => manufacturers.id),
    safetyInstructions: jsonb('safety_instructions').$type<Localized>(),
    powerSupply: jsonb('power_supply').$type<PowerSupply>(),
    defectDescription: jsonb('defect_description').$type<Localized>(),
    taxInfo: jsonb('tax_info').$type<Localized>(),
    shippingCostsInfo: jsonb('shipping_costs_info').$type<Localized>(),
    /** An external (affiliate) product: where its buy button leads, and the button's text. */
    externalUrl: text('external_url'),
    buttonText: jsonb('button_text').$type<Localized>(),

    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_parent_idx').on(t.parentId, t.menuOrder),
    index('products_listing_idx')
      .on(t.status, t.menuOrder, t.id)
      .where(sql`${t.parentId} is null`),
    index('products_featured_idx')
      .on(t.featured)
      .where(sql`${t.parentId} is null`),
    index('products_date_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    // The back office's product list sorted by name in either language or by SKU (keyset).
    index('products_admin_name_de_idx')
      .on(sql`lower(coalesce(${t.name} ->> 'de', ''))`, t.id)
      .where(sql`${t.parentId} is null`),
    index('products_admin_name_en_idx')
      .on(sql`lower(coalesce(${t.name} ->> 'en', ''))`, t.id)
      .where(sql`${t.parentId} is null`),
    index('products_admin_sku_idx')
      .on(sql`coalesce(${t.sku}, '')`, t.id)
      .where(sql`${t.parentId} is null`),
    // The back office's stock list: only products whose stock is counted, fewest first.
    index('products_managed_stock_idx')
      .on(t.stockQuantity, t.id)
      .where(sql`${t.manageStock}`),
    check(
      'products_variation_has_parent',
      sql`(${t.type} = 'variation') = (${t.parentId} is not null)`,
    ),
    check('products_prices_not_negative', sql`${t.regularPrice} >= 0 and ${t.salePrice} >= 0`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** A video this picture stands for (its poster); played only after a click. */
    videoProvider: text('video_provider').$type<VideoProvider>(),
    videoId: text('video_id'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.imageId] }),
    // The same rules as parseVideo in video.ts, so no other writer can store a free URL.
    check(
      'product_images_video_valid',
      sql`(${t.videoProvider} is null and ${t.videoId} is null)
        or (${t.videoProvider} = 'youtube' and ${t.videoId} ~ '^[A-Za-z0-9_-]{10,12}$')
        or (${t.videoProvider} = 'vimeo' and ${t.videoId} ~ '^[1-9][0-9]{0,14}$')`,
    ),
  ],
);

export type SwatchType = 'select' | 'color' | 'image' | 'label';

export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  swatchType: text('swatch_type').$type<SwatchType>().notNull().default('select'),
});

export type Swatch = { color?: string; imageId?: number; label?: Localized };

export const attributeTerms = pgTable(
  'attribute_terms',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    swatch: jsonb('swatch').$type<Swatch>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_terms_slug_idx').on(t.attributeId, t.slug)],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    termIds: integer('term_ids').array().notNull(),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    usedForVariations: boolean('used_for_variations').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    // Listing filters and term counts start from an attribute or from term ids.
    index('product_attributes_attribute_idx').on(t.attributeId, t.productId),
    index('product_attributes_terms_idx').using('gin', t.termIds),
  ],
);

export const productAttachments = pgTable(
  'product_attachments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['safety', 'manual', 'datasheet'] }).notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    /** File name under the media folder. */
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
  },
  (t) => [index('product_attachments_product_idx').on(t.productId)],
);

/** Product tags: free labels across categories, each with its own listing page. */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>(),
});

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagId] }),
    index('product_tags_tag_idx').on(t.tagId, t.productId),
  ],
);

export const PRODUCT_LINK_KINDS = ['upsell', 'cross_sell'] as const;
export type ProductLinkKind = (typeof PRODUCT_LINK_KINDS)[number];

/**
 * Upsells (shown on the product page) and cross-sells (shown in the cart), in the order chosen.
 * Deleting either product removes the link.
 */
export const productLinks = pgTable(
  'product_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRODUCT_LINK_KINDS }).notNull(),
    linkedId: integer('linked_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.kind, t.linkedId] }),
    index('product_links_linked_idx').on(t.linkedId),
    check('product_links_not_self', sql`${t.productId} <> ${t.linkedId}`),
    check('product_links_kind', sql`${t.kind} in ('upsell', 'cross_sell')`),
  ],
);

/** The products a grouped product lists, in the order chosen (simple products only). */
export const groupedProducts = pgTable(
  'grouped_products',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.childId] }),
    index('grouped_products_child_idx').on(t.childId),
    check('grouped_products_not_self', sql`${t.productId} <> ${t.childId}`),
  ],
);
