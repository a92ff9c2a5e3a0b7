import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { carts } from '#app/domain/cart/cart.schema.ts';

/**
 * The last total a wallet sheet was given for a cart (express checkout): an express order is
 * placed only if the server's total still equals it, so the shopper is never charged an
 * amount the sheet did not show. Apart from the carts table, so a quote bumps no revision.
 */
export const expressQuotes = pgTable('express_quotes', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  /** Minor units of the cart's currency. */
  total: integer('total').notNull(),
  currency: text('currency').notNull(),
  quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull().defaultNow(),
});
