import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { categories, products } from '#app/domain/catalog/catalog.schema.ts';
import type { CatalogFacts } from '#app/domain/catalog/catalog.view.ts';
import { reviews } from './reviews.schema.ts';
import { shownProducts } from '#app/domain/catalog/publication.server.ts';

/**
 * The shop in numbers for the home page: published products (variations are part of their
 * product), categories and approved reviews with a rating. Counted by the database, kept for
 * a few seconds like the other reference data.
 */
export function catalogFacts(db: Tx): Promise<CatalogFacts> {
  return shortLived(db, 'catalog-facts', REFERENCE_TTL_MS, async () => {
    const [[productRow], [categoryRow], [reviewRow]] = await Promise.all([
      db
        .select({ n: count() })
        .from(products)
        .where(and(isNull(products.parentId), shownProducts())),
      db.select({ n: count() }).from(categories),
      db
        .select({ n: count(reviews.rating) })
        .from(reviews)
        .where(eq(reviews.status, 'approved')),
    ]);
    return {
      products: Number(productRow?.n ?? 0),
      categories: Number(categoryRow?.n ?? 0),
      reviews: Number(reviewRow?.n ?? 0),
    };
  });
}
