import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { products } from '#app/domain/catalog/catalog.schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What shoppers can find a product by, one row per top-level product. Triggers in the
 * migration keep it current whenever products, variations, categories or attributes change,
 * so every writer (admin, seed, factories, imports) keeps it right without calling anything.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Names, codes, categories, attributes and short descriptions, German and English. */
    document: tsvector('document').notNull(),
    /** Lower-cased names, codes, categories and terms: the text typos are matched against. */
    title: text('title').notNull(),
    /** Lower-cased SKUs and GTINs of the product and its variations, for exact matches. */
    codes: text('codes').array().notNull(),
  },
  (t) => [
    index('product_search_document_idx').using('gin', t.document),
    index('product_search_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('product_search_codes_idx').using('gin', t.codes),
  ],
);

/**
 * Every word of the search rows (names, codes, categories, terms), kept by a trigger on
 * `product_search`: a typo is matched against these few thousand words instead of against
 * every product, and the words found are searched for instead.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
