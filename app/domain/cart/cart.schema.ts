import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import type { CustomerAddress } from '#app/domain/shipping/shipping.view.ts';

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    sessionIdHash: text('session_id_hash').references(() => sessions.idHash, {
      onDelete: 'cascade',
    }),
    customerId: integer('customer_id'),
    currency: text('currency').notNull(),
    /**
     * Moves on every change to the cart, its lines, coupons or customer (triggers of migration
     * 0013), whoever makes it: a kept rendering of the cart is valid while this stands.
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_session_idx').on(t.sessionIdHash),
    index('carts_customer_idx').on(t.customerId),
    // The purge of abandoned guest carts reads the oldest first.
    index('carts_guest_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.customerId} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** Stable key of product, variation and chosen attributes, as WooCommerce's cart item key. */
    key: text('key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => products.id, { onDelete: 'cascade' }),
    variation: jsonb('variation').$type<Record<string, string>>().notNull().default({}),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_key_idx').on(t.cartId, t.key),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The shopper's destination and chosen rates, beside the cart. `calculated` is false while the
 * destination is only the shop's country (an estimate), true once the shopper gave one.
 */
export const cartCustomers = pgTable(
  'cart_customers',
  {
    cartId: integer('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    shippingAddress: jsonb('shipping_address').$type<CustomerAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<CustomerAddress>().notNull(),
    calculated: boolean('calculated').notNull().default(false),
    /** Package id -> chosen rate id. */
    chosenRates: jsonb('chosen_rates').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'cart_customers_addresses_are_objects',
      sql`jsonb_typeof(${t.shippingAddress}) = 'object'`,
    ),
  ],
);

/** The coupons applied to a cart, in the order they were applied. */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.couponId] })],
);
