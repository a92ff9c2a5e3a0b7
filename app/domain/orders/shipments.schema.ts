import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CARRIERS } from './shipments.rules.ts';
import { orderItems, orders } from './orders.schema.ts';

/** One parcel that left the shop: its carrier and tracking number; an order may have several. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    /** Normalised as the carrier writes it (no spaces, capitals). */
    trackingNumber: text('tracking_number').notNull(),
    /** Carrier "other" only: the tracking page the staff gave; the others build theirs. */
    trackingUrl: text('tracking_url'),
    /** The staff account that recorded it, for the order's history. */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.id)],
);

/** How many of one order line went into a shipment. */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_shipment_lines_shipment_idx').on(t.shipmentId),
    index('order_shipment_lines_item_idx').on(t.orderItemId),
    check('order_shipment_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

export type OrderShipmentRow = typeof orderShipments.$inferSelect;
export type OrderShipmentLineRow = typeof orderShipmentLines.$inferSelect;
