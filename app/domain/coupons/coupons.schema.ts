import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** As the shop owner wrote it; shoppers may type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    /** percent | fixed_cart | fixed_product */
    kind: text('kind').notNull(),
    /** percent: basis points (1000 = 10 %); fixed kinds: gross minor units. */
    amount: integer('amount').notNull().default(0),
    freeShipping: boolean('free_shipping').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Gross item subtotal bounds in minor units; null: no bound. */
    minimumSpend: integer('minimum_spend'),
    maximumSpend: integer('maximum_spend'),
    productIds: integer('product_ids').array().notNull().default([]),
    excludedProductIds: integer('excluded_product_ids').array().notNull().default([]),
    categoryIds: integer('category_ids').array().notNull().default([]),
    excludedCategoryIds: integer('excluded_category_ids').array().notNull().default([]),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    usageCount: integer('usage_count').notNull().default(0),
    individualUse: boolean('individual_use').notNull().default(false),
    excludeSaleItems: boolean('exclude_sale_items').notNull().default(false),
    /** Lower-case billing e-mails (`*` matches any run of characters); empty: anyone. */
    allowedEmails: text('allowed_emails').array().notNull().default([]),
    /** Percent and product coupons: how many pieces they discount at most; null: all. */
    itemLimit: integer('item_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`),
    check('coupons_kind', sql`${t.kind} in ('percent', 'fixed_cart', 'fixed_product')`),
    check('coupons_amount', sql`${t.amount} >= 0`),
    check('coupons_percent_max', sql`${t.kind} <> 'percent' or ${t.amount} <= 10000`),
    check('coupons_usage_count', sql`${t.usageCount} >= 0`),
    check('coupons_item_limit', sql`${t.itemLimit} is null or ${t.itemLimit} >= 1`),
  ],
);

/** One use of a coupon by a placed order, so per-customer limits can be counted. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id'),
    /** Lower-cased billing e-mail of the order. */
    email: text('email'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_uses_customer_idx').on(t.couponId, t.customerId),
    index('coupon_uses_email_idx').on(t.couponId, t.email),
  ],
);
