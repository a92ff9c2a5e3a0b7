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
} from 'drizzle-orm/pg-core';
import { products } from '#app/domain/catalog/catalog.schema.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    author: text('author').notNull(),
    email: text('email').notNull(),
    rating: integer('rating'),
    content: text('content').notNull(),
    locale: text('locale').notNull().default('de'),
    status: text('status', { enum: ['approved', 'pending', 'spam'] })
      .notNull()
      .default('pending'),
    verifiedOwner: boolean('verified_owner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.status, t.createdAt),
    // The rating filter averages approved ratings per product from the index alone.
    index('reviews_approved_rating_idx')
      .on(t.productId, t.rating)
      .where(sql`${t.status} = 'approved'`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
