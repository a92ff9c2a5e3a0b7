import type { Tx } from '#app/domain/kernel/tx.ts';
import { type CatalogQuery, listCatalog } from '#app/domain/catalog/product-list.server.ts';
import { LISTING_RESULT_LIMIT, searchProductIds } from './search.server.ts';

export type ListingQuery = Omit<CatalogQuery, 'matches'> & {
  /** What the shopper typed: only products it finds, best first unless sorted. */
  search?: string;
};

/** A page of products as the shop lists them, narrowed by a search when one is given. */
export async function listProducts(db: Tx, q: ListingQuery) {
  const { search, ...query } = q;
  const matches = search
    ? await searchProductIds(db, { query: search, limit: LISTING_RESULT_LIMIT })
    : undefined;
  return listCatalog(db, { ...query, matches });
}
