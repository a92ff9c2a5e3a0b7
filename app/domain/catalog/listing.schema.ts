import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.schema.ts';

/**
 * What listings sort and filter by, one row per top-level product, derived from the product,
 * its published variations, categories, attributes and approved reviews. Triggers in the
 * migration keep it current on every write; a job refreshes rows whose sale schedule begins or
 * ends (`price_valid_until`). Listing queries read one indexed row per product instead of
 * computing prices, stock and terms from the variations of every candidate.
 */
export const productListing = pgTable(
  'product_listing',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    published: boolean('published').notNull(),
    featured: boolean('featured').notNull(),
    menuOrder: integer('menu_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The lowest price a shopper pays now (cents), over the published variations. */
    price: integer('price'),
    /** Every price a shopper can pay now: the product's, or each published variation's. */
    prices: integer('prices').array().notNull(),
    /** When a sale of the product or a variation starts or ends, so the prices change. */
    priceValidUntil: timestamp('price_valid_until', { withTimezone: true }),
    /** Best stock of the product or its variations: 0 in stock, 1 on backorder, 2 out of stock. */
    stockRank: smallint('stock_rank').notNull(),
    onSale: boolean('on_sale').notNull(),
    rating: real('rating').notNull(),
    reviewCount: integer('review_count').notNull(),
    /** The product's categories and all their ancestors. */
    categoryIds: integer('category_ids').array().notNull(),
    /** Attribute terms a shopper can buy, through a variation or the product itself. */
    termIds: integer('term_ids').array().notNull(),
    /** `termId:stockRank` of each purchasable combination, for terms filtered by stock. */
    termOffers: text('term_offers').array().notNull(),
    /** The `termOffers` of visible attributes: what the filter panel counts. */
    facetOffers: text('facet_offers').array().notNull(),
  },
  (t) => [
    index('product_listing_menu_order_idx')
      .on(t.menuOrder, t.productId)
      .where(sql`${t.published}`),
    index('product_listing_price_idx')
      .on(t.price, t.productId)
      .where(sql`${t.published}`),
    index('product_listing_price_desc_idx')
      .on(t.price.desc().nullsLast(), t.productId)
      .where(sql`${t.published}`),
    index('product_listing_date_idx')
      .on(t.createdAt.desc(), t.productId.desc())
      .where(sql`${t.published}`),
    index('product_listing_rating_idx')
      .on(t.rating.desc(), t.productId)
      .where(sql`${t.published}`),
    index('product_listing_popularity_idx')
      .on(t.reviewCount.desc(), t.productId)
      .where(sql`${t.published}`),
    // The back office's product list by price, drafts included (keyset).
    index('product_listing_admin_price_idx').on(sql`coalesce(${t.price}, 0)`, t.productId),
    index('product_listing_valid_until_idx').on(t.priceValidUntil),
    index('product_listing_categories_idx').using('gin', t.categoryIds),
    index('product_listing_terms_idx').using('gin', t.termIds),
    index('product_listing_offers_idx').using('gin', t.termOffers),
  ],
);

/**
 * Grows whenever a listing row, attribute or term changes: cached counts are kept per version.
 * A sequence rather than a row, so concurrent writers never wait on each other for it.
 */
export const catalogVersion = pgSequence('catalog_version');
