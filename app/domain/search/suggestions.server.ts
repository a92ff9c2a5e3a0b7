import { inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { summarise } from '#app/domain/catalog/catalog.server.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { catalogVersionCache } from '#app/domain/catalog/listing.server.ts';
import { longEnoughToSuggest, parseQuery } from './search.rules.ts';
import { SUGGESTION_LIMIT, searchProductIds } from './search.server.ts';

/**
 * The cards of a suggestion, kept per catalog version and for a few seconds: a price, a
 * picture or a sale starting moves no catalog version, and shows after at most that long,
 * as on the pages the render cache keeps (decision 40).
 */
const SUGGESTION_SECONDS = 5;
const keptCards = catalogVersionCache(2_000, SUGGESTION_SECONDS * 1000);

/** The products to suggest for what a shopper is typing, best first, as cards show them. */
export async function suggestProducts(
  db: Tx,
  input: { query: string; categorySlug?: string; locale: Locale },
): Promise<ProductSummary[]> {
  if (!longEnoughToSuggest(input.query)) return [];
  const terms = parseQuery(input.query);
  if (!terms) return [];
  const key = JSON.stringify([terms.text, input.categorySlug ?? null, input.locale]);
  return keptCards(db, key, () => cards(db, input));
}

async function cards(
  db: Tx,
  input: { query: string; categorySlug?: string; locale: Locale },
): Promise<ProductSummary[]> {
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
