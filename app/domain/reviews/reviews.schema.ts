import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** A reply's parent; replies go with it. */
    parentId: integer('parent_id').references((): AnyPgColumn => reviews.id, {
      onDelete: 'cascade',
    }),
    /** The signed-in author, if any; the review stays when the account goes. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    email: text('email').notNull(),
    rating: integer('rating'),
    content: text('content').notNull(),
    locale: text('locale').notNull().default('de'),
    status: text('status', { enum: ['approved', 'pending', 'spam'] })
      .notNull()
      .default('pending'),
    verifiedOwner: boolean('verified_owner').notNull().default(false),
    /** Written by a shop manager in the shop's name. */
    byShop: boolean('by_shop').notNull().default(false),
    /**
     * Keyed hashes of the sender's address and session, for the rate limit only: the
     * addresses themselves are not kept.
     */
    senderKey: text('sender_key'),
    sessionKey: text('session_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.status, t.createdAt),
    // The rating filter averages approved ratings per product from the index alone.
    index('reviews_approved_rating_idx')
      .on(t.productId, t.rating)
      .where(sql`${t.status} = 'approved'`),
    index('reviews_parent_idx').on(t.parentId),
    index('reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('reviews_sender_idx').on(t.senderKey, t.createdAt),
    index('reviews_session_idx').on(t.sessionKey, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
