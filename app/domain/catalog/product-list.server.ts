// A page of the catalog: products by category, flags, ids and filters, sorted and counted.
import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { categories, productTags, products } from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';
import {
  type ListingFacets,
  type ListingFilters,
  type ListingOrder,
  type ListingSort,
  sortOf,
} from './listing.ts';
import {
  type ResolvedFilters,
  catalogCounted,
  filterConditions,
  listingFacets,
  resolveAttributeFilters,
} from './listing.server.ts';
import { summarise } from './catalog.server.ts';
import type { Listing } from './catalog.view.ts';
import { publishDueProducts } from './publication.server.ts';

export type CatalogQuery = {
  locale: Locale;
  page: number;
  perPage: number;
  categorySlug?: string;
  featured?: boolean;
  orderby?: ListingOrder;
  /** Column and direction; wins over `orderby` (the Store API's `orderby` and `order`). */
  sort?: ListingSort;
  ids?: number[];
  /** Ids a search found, best first: only these are listed, in this order unless sorted. */
  matches?: number[];
  /** Narrowing by price, attributes, stock, sale and rating; unknown attributes are ignored. */
  filters?: ListingFilters;
  /** Also count products per attribute term and category for the filter panel. */
  facets?: boolean;
  /** Only products with this tag (the tag pages). */
  tagId?: number;
};

const listed = productListing;

async function categoryIdOf(db: Tx, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row?.id ?? null;
}

function orderFor({ key, direction }: ListingSort, locale: Locale) {
  const by = direction === 'asc' ? asc : desc;
  // Ties keep the order of creation, except where the order is by date itself.
  switch (key) {
    case 'price':
      // Products without a price come last either way.
      return [sql`${listed.price} ${sql.raw(direction)} nulls last`, asc(listed.productId)];
    case 'date':
      return [by(listed.createdAt), by(listed.productId)];
    case 'rating':
      return [by(listed.rating), asc(listed.productId)];
    case 'popularity':
      return [by(listed.reviewCount), asc(listed.productId)];
    case 'title':
      return [by(sql`${products.name} ->> ${locale}`), asc(products.id)];
    default:
      return [by(listed.menuOrder), by(listed.productId)];
  }
}

/** A stable text for the parts of a query the counts depend on. */
function countKey(q: CatalogQuery, categoryId: number | null, search: number[] | null) {
  return JSON.stringify([
    q.locale,
    categoryId,
    q.featured ?? false,
    q.ids ?? null,
    search,
    q.filters ?? null,
    q.facets ?? false,
    q.tagId ?? null,
  ]);
}

export async function listCatalog(
  db: Tx,
  q: CatalogQuery,
): Promise<(Listing & { facets?: ListingFacets }) | null> {
  // A scheduled product whose date has come is listed from this query on.
  await publishDueProducts(db);
  const conditions: SQL[] = [eq(listed.published, true)];
  let categoryCondition: SQL | undefined;
  let categoryId: number | null = null;
  if (q.categorySlug !== undefined) {
    categoryId = await categoryIdOf(db, q.categorySlug);
    if (categoryId === null) return null;
    // The row lists every ancestor of its categories: one id finds the whole subtree.
    categoryCondition = sql`${listed.categoryIds} && array[${categoryId}]::int[]`;
    conditions.push(categoryCondition);
  }
  if (q.featured) conditions.push(eq(listed.featured, true));
  if (q.tagId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${productTags} where ${productTags.productId} = ${listed.productId} and ${productTags.tagId} = ${q.tagId})`,
    );
  }
  // Search results, best first; without an explicit sort order they stay in that order.
  const relevance = q.matches ?? null;
  if (relevance) {
    conditions.push(
      sql`${listed.productId} = any(string_to_array(${relevance.join(',') || '-1'}, ',')::int[])`,
    );
  }
  if (q.ids) conditions.push(inArray(listed.productId, q.ids.length ? q.ids : [-1]));
  const { attributes: attributeFilters = [], ...otherFilters } = q.filters ?? {};
  const filters: ResolvedFilters = {
    ...otherFilters,
    attributes: (await resolveAttributeFilters(db, attributeFilters)).resolved,
  };
  const where = and(...conditions, ...filterConditions(filters));
  const [counted, rows] = await Promise.all([
    catalogCounted(db, countKey(q, categoryId, relevance), async () => {
      const [[totalRow], facets] = await Promise.all([
        db.select({ total: count() }).from(listed).where(where),
        q.facets
          ? listingFacets(db, {
              base: conditions,
              baseWithoutCategory: conditions.filter((c) => c !== categoryCondition),
              filters,
              locale: q.locale,
            })
          : undefined,
      ]);
      return { total: Number(totalRow?.total ?? 0), facets };
    }),
    db
      .select({ product: products })
      .from(listed)
      .innerJoin(products, eq(products.id, listed.productId))
      .where(where)
      .orderBy(
        ...(relevance && (q.orderby ?? 'relevance') === 'relevance' && !q.sort
          ? [
              sql`array_position(string_to_array(${relevance.join(',') || '-1'}, ',')::int[], ${listed.productId})`,
            ]
          : orderFor(q.sort ?? sortOf(q.orderby ?? 'menu_order'), q.locale)),
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
  ]);
  const { total, facets } = counted;
  const items = await summarise(
    db,
    rows.map((r) => r.product),
    q.locale,
  );
  return {
    items,
    total,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.perPage)),
    ...(facets ? { facets } : {}),
  };
}
