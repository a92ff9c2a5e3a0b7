import { inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { summarise } from '#app/domain/catalog/catalog.server.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { longEnoughToSuggest } from './search.rules.ts';
import { SUGGESTION_LIMIT, searchProductIds } from './search.server.ts';

/** The products to suggest for what a shopper is typing, best first, as cards show them. */
export async function suggestProducts(
  db: Tx,
  input: { query: string; categorySlug?: string; locale: Locale },
): Promise<ProductSummary[]> {
  if (!longEnoughToSuggest(input.query)) return [];
  const ids = await searchProductIds(db, {
    query: input.query,
    categorySlug: input.categorySlug,
    limit: SUGGESTION_LIMIT,
  });
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  return summarise(db, ordered, input.locale);
}
