import { boolean, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalog.schema.ts';

/**
 * The price a product or variation was sold at, from `valid_from` until the next row's
 * `valid_from`: the record the Omnibus note (PAngV § 11) reads the lowest earlier price from.
 * A scheduled sale is written ahead as the rows of its start and its end.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Gross minor units actually charged from `validFrom` on. */
    price: integer('price').notNull(),
    /** The price is a sale price (a reduction from the regular price). */
    reduced: boolean('reduced').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.validFrom)],
);

export type PriceHistoryRow = typeof priceHistory.$inferSelect;
