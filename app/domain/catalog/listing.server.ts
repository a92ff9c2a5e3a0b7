// SQL for listing filters and their counts, over the `product_listing` rows (one per top-level
// product, kept by triggers): a variable product matches through its published variations
// (price, stock, attributes), whose facts the row already holds.
import { type SQL, and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { attributeTerms, attributes, type StockStatus } from './catalog.schema.ts';
import { catalogVersion, productListing } from './listing.schema.ts';
import type { AttributeFilter, ListingFacets, ListingFilters } from './listing.ts';

/** An attribute filter whose attribute and terms exist. */
export type ResolvedAttributeFilter = {
  attributeId: number;
  slug: string;
  termIds: number[];
  termSlugs: string[];
};

export type ResolvedFilters = Omit<ListingFilters, 'attributes'> & {
  attributes: ResolvedAttributeFilter[];
};

/** The attribute slug as the Store API may name it (`pa_color`) or as the shop stores it. */
export function attributeSlug(name: string): string {
  return name.startsWith('pa_') ? name.slice(3) : name;
}

/**
 * Looks up the attributes and terms of filters. Unknown attributes and terms are listed in
 * `unknown` (the API refuses them) and left out of `resolved` (pages ignore them).
 */
export async function resolveAttributeFilters(
  db: Tx,
  filters: AttributeFilter[],
): Promise<{ resolved: ResolvedAttributeFilter[]; unknown: string[] }> {
  if (filters.length === 0) return { resolved: [], unknown: [] };
  const slugs = [...new Set(filters.map((f) => attributeSlug(f.attribute)))];
  const rows = await db
    .select({ attribute: attributes, term: attributeTerms })
    .from(attributes)
    .innerJoin(attributeTerms, eq(attributeTerms.attributeId, attributes.id))
    .where(inArray(attributes.slug, slugs));
  const resolved: ResolvedAttributeFilter[] = [];
  const unknown: string[] = [];
  for (const f of filters) {
    const slug = attributeSlug(f.attribute);
    const terms = rows.filter((r) => r.attribute.slug === slug);
    if (terms.length === 0) {
      unknown.push(f.attribute);
      continue;
    }
    const chosen = terms.filter(
      (r) => f.terms.includes(r.term.slug) || (f.termIds ?? []).includes(r.term.id),
    );
    const asked = f.terms.length + (f.termIds?.length ?? 0);
    const found = new Set([
      ...chosen.filter((r) => f.terms.includes(r.term.slug)).map((r) => `s:${r.term.slug}`),
      ...chosen.filter((r) => (f.termIds ?? []).includes(r.term.id)).map((r) => `i:${r.term.id}`),
    ]);
    if (found.size < asked) unknown.push(f.attribute);
    if (chosen.length === 0) continue;
    const existing = resolved.find((r) => r.slug === slug);
    const termIds = chosen.map((r) => r.term.id);
    const termSlugs = chosen.map((r) => r.term.slug);
    if (existing) {
      existing.termIds = [...new Set([...existing.termIds, ...termIds])];
      existing.termSlugs = [...new Set([...existing.termSlugs, ...termSlugs])];
    } else {
      resolved.push({ attributeId: terms[0]!.attribute.id, slug, termIds, termSlugs });
    }
  }
  return { resolved, unknown };
}

const intArray = (values: number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const STOCK_RANK: Record<StockStatus, number> = { instock: 0, onbackorder: 1, outofstock: 2 };

function stockRanks(statuses: readonly StockStatus[]) {
  return [...new Set(statuses.map((s) => STOCK_RANK[s]))];
}

/** SQL conditions on `product_listing` for the filters; one attribute's own filter may be left out. */
export function filterConditions(f: ResolvedFilters, skipAttributeId?: number): SQL[] {
  const l = productListing;
  const conditions: SQL[] = [];
  const ranks = f.stockStatus?.length ? stockRanks(f.stockStatus) : null;
  if (ranks) conditions.push(inArray(l.stockRank, ranks));
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    // Any price a shopper can pay: the product's or one published variation's.
    conditions.push(
      sql`exists (select 1 from unnest(${l.prices}) as offer(price) where ${and(
        f.minPrice !== undefined ? sql`offer.price >= ${f.minPrice}` : undefined,
        f.maxPrice !== undefined ? sql`offer.price <= ${f.maxPrice}` : undefined,
      )})`,
    );
  }
  if (f.onSale) conditions.push(eq(l.onSale, true));
  if (f.minRating !== undefined) conditions.push(gte(l.rating, f.minRating));
  for (const a of f.attributes) {
    if (a.attributeId === skipAttributeId) continue;
    // With a stock filter, the term must come with an offer in that stock.
    conditions.push(
      ranks
        ? sql`${l.termOffers} && ${textArray(a.termIds.flatMap((t) => ranks.map((r) => `${t}:${r}`)))}`
        : sql`${l.termIds} && ${intArray(a.termIds)}`,
    );
  }
  return conditions;
}

type CountRow = { id: number; n: number };

/**
 * A cache of answers that change only when the catalog does: kept per catalog version (one
 * sequence read per use, so every instance sees another's change), least recently used first
 * out beyond `maxEntries`, one database (or transaction) at a time. With `maxAgeMs`, an entry
 * is also loaded again once that old: for answers that read more than the version follows.
 */
export function catalogVersionCache(maxEntries: number, maxAgeMs = Infinity) {
  type Entry = { value: Promise<unknown>; at: number };
  const caches = new WeakMap<object, { version: number; entries: Map<string, Entry> }>();
  return async function cached<T>(db: Tx, key: string, load: () => Promise<T>): Promise<T> {
    const [row] = await rowsOf<{ version: string }>(
      db,
      sql`select last_value as version from ${sql.identifier(catalogVersion.seqName!)}`,
    );
    const version = Number(row?.version ?? 0);
    let cache = caches.get(db);
    if (!cache || cache.version !== version) {
      cache = { version, entries: new Map() };
      caches.set(db, cache);
    }
    const entries = cache.entries;
    const now = Date.now();
    const hit = entries.get(key);
    // Least recently used goes first: a hit moves to the end.
    entries.delete(key);
    if (hit && now - hit.at <= maxAgeMs) {
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    const entry = { value, at: now };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}

/**
 * Counts over many listing rows (totals, facets) change only when a listing row does, so they
 * are kept per catalog version: exact, shared by every shopper, and recomputed after a change.
 */
export const catalogCounted = catalogVersionCache(500);

/**
 * Product counts for the filter panel: per attribute term (under every other filter, so the
 * terms of one attribute stay choosable side by side) and per category with its descendants
 * (under every filter but the category itself).
 */
export async function listingFacets(
  db: Tx,
  input: {
    base: (SQL | undefined)[];
    /** Base conditions without the category, for the category counts. */
    baseWithoutCategory: (SQL | undefined)[];
    filters: ResolvedFilters;
    locale: Locale;
  },
): Promise<ListingFacets> {
  const { filters, locale } = input;
  const l = productListing;
  const ranks = filters.stockStatus?.length ? stockRanks(filters.stockStatus) : null;
  const termCounts = (skipAttributeId?: number) =>
    rowsOf<CountRow>(
      db,
      sql`select term_id as id, count(*)::int as n from (
          select distinct ${l.productId} as product_id, split_part(offer, ':', 1)::int as term_id
          from ${l} cross join unnest(${l.facetOffers}) as offer
          where ${and(
            ...input.base,
            ...filterConditions(filters, skipAttributeId),
            ranks
              ? sql`split_part(offer, ':', 2)::int in (${sql.join(
                  ranks.map((r) => sql`${r}`),
                  sql`, `,
                )})`
              : undefined,
          )}) offered group by term_id`,
    );
  const [attributeRows, termRows, categoryCounts, ...filteredCounts] = await Promise.all([
    db
      .select({ attribute: attributes, term: attributeTerms })
      .from(attributes)
      .innerJoin(attributeTerms, eq(attributeTerms.attributeId, attributes.id))
      .orderBy(asc(attributes.id), asc(attributeTerms.position), asc(attributeTerms.id)),
    termCounts(),
    rowsOf<CountRow>(
      db,
      sql`select category_id as id, count(*)::int as n
        from ${l} cross join unnest(${l.categoryIds}) as category_id
        where ${and(...input.baseWithoutCategory, ...filterConditions(filters))}
        group by category_id`,
    ),
    ...filters.attributes.map((a) => termCounts(a.attributeId)),
  ]);
  // An attribute's own terms are counted without its filter; the others under all filters.
  const attributeOfTerm = new Map(attributeRows.map((r) => [r.term.id, r.attribute.id]));
  const filtered = filters.attributes.map((a) => a.attributeId);
  const counts = new Map<number, number>();
  for (const row of termRows) {
    if (!filtered.includes(attributeOfTerm.get(Number(row.id)) ?? -1))
      counts.set(Number(row.id), Number(row.n));
  }
  filters.attributes.forEach((a, i) => {
    for (const row of filteredCounts[i]!) {
      if (attributeOfTerm.get(Number(row.id)) === a.attributeId)
        counts.set(Number(row.id), Number(row.n));
    }
  });
  const selected = new Set(filters.attributes.flatMap((a) => a.termIds));
  const byAttribute = new Map<number, ListingFacets['attributes'][number]>();
  for (const { attribute, term } of attributeRows) {
    const count = counts.get(term.id) ?? 0;
    if (count === 0 && !selected.has(term.id)) continue;
    let facet = byAttribute.get(attribute.id);
    if (!facet) {
      facet = { slug: attribute.slug, name: localize(attribute.name, locale), terms: [] };
      byAttribute.set(attribute.id, facet);
    }
    facet.terms.push({
      slug: term.slug,
      name: localize(term.name, locale),
      count,
      selected: selected.has(term.id),
    });
  }
  return {
    attributes: [...byAttribute.values()],
    categoryCounts: Object.fromEntries(categoryCounts.map((r) => [Number(r.id), Number(r.n)])),
  };
}

/**
 * Rebuilds the listing rows whose sale began or ended since they were written, so sorting and
 * filtering by price follow sale schedules. Returns how many products were refreshed.
 */
export async function refreshScheduledPrices(db: Tx): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with due as (select array_agg(${productListing.productId}) as ids from ${productListing}
          where ${productListing.priceValidUntil} <= now())
        select coalesce(cardinality(ids), 0) as n, product_listing_refresh(coalesce(ids, '{}'))::text
        from due`,
  );
  return Number(rows[0]?.n ?? 0);
}
