import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { orders } from '#app/domain/orders/orders.schema.ts';

/**
 * Where an order came from (order attribution), one row per field. Only written when the
 * shopper allowed tracking; values are cleaned and length-capped before they are stored.
 */
export const orderAttribution = pgTable(
  'order_attribution',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.field] })],
);
