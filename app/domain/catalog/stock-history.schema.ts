import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.schema.ts';

export const STOCK_REASONS = [
  'order_placed',
  'order_released',
  'order_retaken',
  'refund_restock',
  'manual',
  'bulk_edit',
  'rest_api',
  'import',
  'product_edit',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * One row per change of a counted stock, written in the transaction of the change. Order and
 * refund are plain numbers: orders stand above the catalog, so no foreign key points up.
 */
export const stockHistory = pgTable(
  'stock_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    orderId: integer('order_id'),
    refundId: integer('refund_id'),
    actorChannel: text('actor_channel').$type<'admin' | 'api' | 'system'>().notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_history_product_idx').on(t.productId, t.id)],
);

export type StockHistoryRow = typeof stockHistory.$inferSelect;
