import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '#app/domain/customers/customers.schema.ts';

/** WooCommerce's order statuses, without the `wc-` prefix. */
export const ORDER_STATUSES = [
  'pending',
  'on-hold',
  'processing',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Order numbers count up from here, shared by every instance through the database. */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 10001, increment: 1 });

export type OrderAddress = {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email?: string;
  /** Billing only: the VAT id a business customer gave, normalised. */
  vat_id?: string;
};

export type OrderTaxLine = { rate: number; amount: number };
export type OrderShippingLine = {
  packageId: number;
  rateId: string;
  methodId: string;
  name: string;
  total: number;
  tax: number;
  taxes: OrderTaxLine[];
};
export type OrderCouponLine = {
  couponId: number;
  code: string;
  discount: number;
  discountTax: number;
  freeShipping: boolean;
};
/**
 * A fee the order charged (the cash on delivery fee): its kind names it in the reader's
 * language, `name` is the order language's name for kinds the shop no longer knows; gross
 * `total`, the VAT it contains and that VAT per rate, as a shipping line's.
 */
export type OrderFeeLine = {
  kind: string;
  name: string;
  total: number;
  tax: number;
  taxes: OrderTaxLine[];
};
/** What the shopper agreed to at checkout, and when. */
export type OrderConsent = { terms: boolean; digital: boolean | null; at: string };

/**
 * What the back office's search matches in an order: number, billing name, e-mail and company,
 * lower case. The migration's trigram index is on this very expression, so queries use it as is.
 */
export const ORDER_SEARCH_TEXT = `lower((number)::text || ' ' || coalesce(billing_address ->> 'first_name', '') || ' ' || coalesce(billing_address ->> 'last_name', '') || ' ' || coalesce(billing_address ->> 'email', '') || ' ' || coalesce(billing_address ->> 'company', ''))`;
/** The shipping method of the order's (first) package, as the list filters by it. */
export const ORDER_SHIPPING_METHOD = `(shipping_lines -> 0 ->> 'methodId')`;
export const ORDER_BILLING_COUNTRY = `(billing_address ->> 'country')`;
/** A guest's identity in the reports (new or returning customer), indexed with the date. */
export const ORDER_BILLING_EMAIL = `lower(billing_address ->> 'email')`;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** Secret of the order's own pages (order received, order pay): `wc_order_…`. */
    orderKey: text('order_key').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The session that placed it, so a guest sees their order in the same session. */
    sessionIdHash: text('session_id_hash'),
    locale: text('locale').notNull().default('de'),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    customerNote: text('customer_note').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    paymentMethodTitle: text('payment_method_title').notNull(),
    currency: text('currency').notNull(),
    /** Gross minor units throughout; tax amounts are the VAT those gross figures contain. */
    itemsTotal: integer('items_total').notNull(),
    itemsTax: integer('items_tax').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    discountTax: integer('discount_tax').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    shippingTax: integer('shipping_tax').notNull().default(0),
    depositTotal: integer('deposit_total').notNull().default(0),
    depositTax: integer('deposit_tax').notNull().default(0),
    total: integer('total').notNull(),
    totalTax: integer('total_tax').notNull(),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    /** Whose VAT the order carries: DE, the destination's (OSS), none (reverse charge, export). */
    taxTreatment: text('tax_treatment', {
      enum: ['domestic', 'destination', 'reverse_charge', 'export'],
    })
      .notNull()
      .default('domestic'),
    taxCountry: text('tax_country').notNull().default('DE'),
    shippingLines: jsonb('shipping_lines').$type<OrderShippingLine[]>().notNull().default([]),
    couponLines: jsonb('coupon_lines').$type<OrderCouponLine[]>().notNull().default([]),
    /** Null on orders placed before fee lines were stored: their fee is what the total holds beyond its parts. */
    feeLines: jsonb('fee_lines').$type<OrderFeeLine[]>(),
    consent: jsonb('consent').$type<OrderConsent>().notNull(),
    /** The version of each legal page the customer accepted (slug -> version). */
    legalVersions: jsonb('legal_versions').$type<Record<string, number>>().notNull().default({}),
    /** Pickup point or parcel locker chosen for a shipping method, as the widget serialised it. */
    pickupPoint: jsonb('pickup_point').$type<Record<string, string> | null>(),
    /** From the checkout form: a repeated submit finds the order instead of placing another. */
    idempotencyKey: text('idempotency_key'),
    /** The card provider's one payment intent of this order, reused by every retry. */
    paymentIntentId: text('payment_intent_id'),
    /** Counts the payment methods tried; with the order id it keys the provider's calls. */
    paymentAttempt: integer('payment_attempt').notNull().default(0),
    /** The payment method id of the current attempt: the same one again is the same attempt. */
    paymentAttemptMethod: text('payment_attempt_method'),
    /** A free-trial order's setup intent: its method was kept without a charge. */
    setupIntentId: text('setup_intent_id'),
    /** Renewal orders: the subscription renewed and the schedule position paid by it. */
    subscriptionId: integer('subscription_id'),
    renewalSequence: integer('renewal_sequence'),
    /** When the reconciliation last claimed the order to ask the provider about it. */
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
    /** Stock was taken for this order and not yet given back. */
    stockReduced: boolean('stock_reduced').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the customer declared withdrawal from the contract (§ 356a BGB); null: never. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_key_idx').on(t.orderKey),
    uniqueIndex('orders_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('orders_payment_intent_idx').on(t.paymentIntentId),
    // One renewal order per subscription and period, however many runners try.
    uniqueIndex('orders_renewal_idx').on(t.subscriptionId, t.renewalSequence),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The unpaid-order job reads pending orders by age.
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The back office's order list pages by (created_at, id), overall and per status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // Its filters and other sort orders, so a page reads a few index entries at any size.
    index('orders_payment_created_idx').on(t.paymentMethod, t.createdAt, t.id),
    index('orders_shipping_created_idx').on(sql.raw(ORDER_SHIPPING_METHOD), t.createdAt, t.id),
    index('orders_country_created_idx').on(sql.raw(ORDER_BILLING_COUNTRY), t.createdAt, t.id),
    index('orders_email_created_idx').on(sql.raw(ORDER_BILLING_EMAIL), t.createdAt),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_status_id_idx').on(t.status, t.id),
    index('orders_search_trgm_idx').using('gin', sql.raw(`${ORDER_SEARCH_TEXT} gin_trgm_ops`)),
    check('orders_total', sql`${t.total} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id'),
    /** The name as sold, in the order's language; the product may be renamed or deleted later. */
    name: text('name').notNull(),
    sku: text('sku'),
    variation: jsonb('variation')
      .$type<{ attribute: string; value: string }[]>()
      .notNull()
      .default([]),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** Gross before and after discounts, and the VAT the latter contains. */
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    tax: integer('tax').notNull(),
    taxRate: integer('tax_rate').notNull(),
    deposit: integer('deposit').notNull().default(0),
    /** The product row whose managed stock this line took, so cancelling gives it back there. */
    stockProductId: integer('stock_product_id'),
    deliveryTime: text('delivery_time').notNull().default(''),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The back office finds orders by a line's SKU, any part of it.
    index('order_items_sku_trgm_idx').using('gin', sql.raw(`lower(sku) gin_trgm_ops`)),
  ],
);

/**
 * Changes of the number of orders per status, appended by a trigger on `orders` (never
 * updated in place, so concurrent checkouts share no counter row) and folded into one row per
 * status by a job. The sum per status is the exact count.
 */
export const orderStatusCounts = pgTable('order_status_counts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  status: text('status').notNull(),
  delta: integer('delta').notNull(),
});

export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Shown to the customer (view order, mails) or kept for the shop. */
    forCustomer: boolean('for_customer').notNull().default(false),
    /** A message key and its parameters, worded in the reader's language. */
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/**
 * Every declaration of withdrawal received through the withdrawal button, matched to an order
 * or not: the shop must be able to show what was declared, by whom and when.
 */
export const orderWithdrawals = pgTable(
  'order_withdrawals',
  {
    id: serial('id').primaryKey(),
    /** Null when the details given matched no order; the shop checks those by hand. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The order number as given. */
    orderNumber: text('order_number').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('de'),
    /** Keyed hash of the client address: declarations per address are limited. */
    clientHash: text('client_hash').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_withdrawals_client_idx').on(t.clientHash, t.declaredAt),
    index('order_withdrawals_order_idx').on(t.orderId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderWithdrawalRow = typeof orderWithdrawals.$inferSelect;
