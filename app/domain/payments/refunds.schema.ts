import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Through the payment provider, or money paid back outside the shop (transfer, cash). */
export const REFUND_METHODS = ['stripe', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * Where a refund came from: staff in the back office or an API key (`staff`), the rest of the
 * payment when the order itself moved to refunded or cancelled (`order_status`), or a refund
 * made at the provider (its dashboard) that the shop learnt of by webhook (`provider`).
 */
export const REFUND_ORIGINS = ['staff', 'order_status', 'provider'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/**
 * Money given back for an order. A pending refund already counts against what is left to
 * refund, so two refunds at once never give back more than was paid; a failed one no longer
 * counts. Gross minor units, as the order's.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The parts of `amount`: lines, shipping and a free amount. */
    itemsAmount: integer('items_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    freeAmount: integer('free_amount').notNull().default(0),
    reason: text('reason').notNull().default(''),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    origin: text('origin', { enum: REFUND_ORIGINS }).notNull().default('staff'),
    /** The provider's refund (`re_…`), once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** The one-time token of the form that made it: the same form posted twice refunds once. */
    submitToken: text('submit_token'),
    /** Why the provider refused it, in its own words (shown to staff only). */
    failure: text('failure'),
    /** Who made it, as the audit log names them. */
    actorChannel: text('actor_channel', { enum: ['admin', 'api', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_refunds_provider_idx').on(t.providerRefundId),
    uniqueIndex('order_refunds_submit_idx').on(t.submitToken),
    check('order_refunds_amount', sql`${t.amount} > 0`),
  ],
);

/** The order lines a refund gives back, with the quantity and whether it went back to stock. */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull().default(0),
    restock: boolean('restock').notNull().default(true),
  },
  (t) => [
    index('order_refund_lines_refund_idx').on(t.refundId),
    index('order_refund_lines_item_idx').on(t.orderItemId),
    check('order_refund_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type OrderRefundLineRow = typeof orderRefundLines.$inferSelect;
