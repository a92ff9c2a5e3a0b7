// SQL for listing filters and their counts. Conditions apply to top-level `products` rows;
// a variable product matches through its published variations (price, stock, attributes).
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { attributeTerms, attributes, type StockStatus } from './catalog.schema.ts';
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

/** A variation's column, falling back to its parent's (`v` the variation, `p` the parent). */
const col = (v: string, p: string, name: string) =>
  v === p ? `${v}.${name}` : `coalesce(${v}.${name}, ${p}.${name})`;

/**
 * Stock of one row as a rank (0 instock, 1 onbackorder, 2 outofstock), the SQL twin of
 * `effectiveStockStatus` in catalog.rules.ts.
 */
const stockRankSql = (v: string, p: string) => `
  case when ${col(v, p, 'manage_stock')} and ${col(v, p, 'stock_quantity')} is not null
       then case when ${col(v, p, 'stock_quantity')} > 0 then 0
                 when ${col(v, p, 'backorders')} in ('notify', 'yes') then 1 else 2 end
       else case coalesce(${col(v, p, 'stock_status')}, 'instock')
                 when 'instock' then 0 when 'onbackorder' then 1 else 2 end end`;

/** Whether a sale price applies now: inside its schedule and below the regular price. */
const onSaleSql = (v: string, p: string) => `
  (${col(v, p, 'sale_price')} < ${col(v, p, 'regular_price')}
   and coalesce(${col(v, p, 'sale_from')}, '-infinity') <= now()
   and coalesce(${col(v, p, 'sale_to')}, 'infinity') > now())`;

const activePriceSql = (v: string, p: string) => `
  case when ${onSaleSql(v, p)} then ${col(v, p, 'sale_price')} else ${col(v, p, 'regular_price')} end`;

const STOCK_RANK: Record<StockStatus, number> = { instock: 0, onbackorder: 1, outofstock: 2 };

/** Published variations of the product row `p` that satisfy `extra` (SQL on `v`). */
const variationExists = (p: string, extra: SQL) =>
  sql`exists (select 1 from products v where v.parent_id = ${sql.raw(p)}.id and v.status = 'publish' and ${extra})`;

/** A variable product's combined stock rank: its best published variation, else its own. */
const productStockRank = sql.raw(`coalesce(
  case when products.type = 'variable'
       then (select min(${stockRankSql('v', 'products')}) from products v
             where v.parent_id = products.id and v.status = 'publish') end,
  ${stockRankSql('products', 'products')})`);

function stockRanks(statuses: readonly StockStatus[]) {
  return [...new Set(statuses.map((s) => STOCK_RANK[s]))];
}

/**
 * A product offers one of the terms: its attribute row lists the term, and when the attribute
 * makes its variations, one published variation (in stock as asked) has the term or "any".
 */
function attributeCondition(variationTerm: SQL, ranks: number[] | null): SQL {
  const stock = ranks
    ? sql` and (${sql.raw(stockRankSql('v', 'pp'))}) in (${sql.join(
        ranks.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  return sql`(pp.type <> 'variable' or not pa.used_for_variations or exists (
      select 1 from products v where v.parent_id = pa.product_id and v.status = 'publish'
      and coalesce(v.variation_attributes ->> a.slug, '') in ('', ${variationTerm})${stock}))`;
}

/** SQL conditions on `products` for the filters; one attribute's own filter may be left out. */
export function filterConditions(f: ResolvedFilters, skipAttributeId?: number): SQL[] {
  const conditions: SQL[] = [];
  const ranks = f.stockStatus?.length ? stockRanks(f.stockStatus) : null;
  if (ranks) {
    conditions.push(
      sql`(${productStockRank}) in (${sql.join(
        ranks.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  }
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const inRange = (v: string, p: string) => {
      const price = sql.raw(`(${activePriceSql(v, p)})`);
      return and(
        f.minPrice !== undefined ? sql`${price} >= ${f.minPrice}` : undefined,
        f.maxPrice !== undefined ? sql`${price} <= ${f.maxPrice}` : undefined,
      )!;
    };
    conditions.push(
      sql`(case when products.type = 'variable' then ${variationExists('products', inRange('v', 'products'))} else ${inRange('products', 'products')} end)`,
    );
  }
  if (f.onSale) {
    conditions.push(
      sql`(case when products.type = 'variable' then ${variationExists('products', sql.raw(onSaleSql('v', 'products')))} else ${sql.raw(onSaleSql('products', 'products'))} end)`,
    );
  }
  if (f.minRating !== undefined) {
    conditions.push(
      sql`products.id in (select r.product_id from reviews r where r.status = 'approved' and r.rating is not null group by r.product_id having avg(r.rating) >= ${f.minRating})`,
    );
  }
  for (const a of f.attributes) {
    if (a.attributeId === skipAttributeId) continue;
    const match = attributeCondition(
      sql.join(
        a.termSlugs.map((s) => sql`${s}`),
        sql`, `,
      ),
      ranks,
    );
    conditions.push(
      sql`products.id in (select pa.product_id from product_attributes pa
        join products pp on pp.id = pa.product_id join attributes a on a.id = pa.attribute_id
        where pa.attribute_id = ${a.attributeId} and pa.term_ids && ${intArray(a.termIds)} and ${match})`,
    );
  }
  return conditions;
}

type CountRow = { id: number; n: number };

async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

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
  const ranks = filters.stockStatus?.length ? stockRanks(filters.stockStatus) : null;
  const matching = (conditions: (SQL | undefined)[]) =>
    sql`select products.id from products where ${and(...conditions)}`;
  const termCounts = (attributeId: number | null) => {
    const conditions = [...input.base, ...filterConditions(filters, attributeId ?? undefined)];
    const only = attributeId === null ? sql`` : sql` and pa.attribute_id = ${attributeId}`;
    const skip = filters.attributes.map((a) => a.attributeId);
    const others =
      attributeId === null && skip.length
        ? sql` and pa.attribute_id not in (${sql.join(
            skip.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const stock = ranks
      ? sql` and (${sql.raw(stockRankSql('v', 'pp'))}) in (${sql.join(
          ranks.map((r) => sql`${r}`),
          sql`, `,
        )})`
      : sql``;
    // Joins rather than a correlated subquery per row: the products whose attribute decides
    // alone, plus variable products through their matching published variations.
    return rowsOf<CountRow>(
      db,
      sql`with matching as materialized (${matching(conditions)}),
        offered as (
          select t.id as term_id, t.slug as term_slug, a.slug as attribute_slug,
                 pa.product_id, pp.type = 'variable' and pa.used_for_variations as by_variation
          from product_attributes pa
          join matching m on m.id = pa.product_id
          join attributes a on a.id = pa.attribute_id
          join products pp on pp.id = pa.product_id
          join attribute_terms t on t.id = any(pa.term_ids)
          where pa.visible${only}${others})
        select term_id as id, count(distinct product_id)::int as n from (
          select term_id, product_id from offered where not by_variation
          union all
          select o.term_id, o.product_id from offered o
          ${ranks ? sql`join products pp on pp.id = o.product_id` : sql``}
          join products v on v.parent_id = o.product_id and v.status = 'publish'
          where o.by_variation
            and coalesce(v.variation_attributes ->> o.attribute_slug, '') in ('', o.term_slug)${stock}
        ) x group by term_id`,
    );
  };
  const [attributeRows, termRows, categoryCounts, ...filteredCounts] = await Promise.all([
    db
      .select({ attribute: attributes, term: attributeTerms })
      .from(attributes)
      .innerJoin(attributeTerms, eq(attributeTerms.attributeId, attributes.id))
      .orderBy(asc(attributes.id), asc(attributeTerms.position), asc(attributeTerms.id)),
    termCounts(null),
    rowsOf<CountRow>(
      db,
      sql`with recursive tree(id, root) as (
          select id, id from categories
          union all
          select c.id, tree.root from categories c join tree on c.parent_id = tree.id)
        select tree.root as id, count(distinct pc.product_id)::int as n
        from tree join product_categories pc on pc.category_id = tree.id
        where pc.product_id in (${matching([...input.baseWithoutCategory, ...filterConditions(filters)])})
        group by tree.root`,
    ),
    ...filters.attributes.map((a) => termCounts(a.attributeId)),
  ]);
  const counts = new Map<number, number>();
  for (const row of [...termRows, ...filteredCounts.flat()]) {
    counts.set(Number(row.id), Number(row.n));
  }
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
