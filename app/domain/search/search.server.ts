import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { categories, productCategories, products } from '#app/domain/catalog/catalog.schema.ts';
import { productSearch } from './search.schema.ts';
import { type SearchTerms, correctedQuery, parseQuery, prefixTsQuery } from './search.rules.ts';

/** Suggestions under the header search field. */
export const SUGGESTION_LIMIT = 10;
/** Results a listing page can page through; beyond this the shopper refines the query. */
export const LISTING_RESULT_LIMIT = 480;
/** How close a word of a product name must be to be offered as "did you mean". */
const SPELLING_THRESHOLD = 0.3;

export type SearchInput = {
  query: unknown;
  /** Only products in this category or below it; an unknown slug finds nothing. */
  categorySlug?: string;
  limit: number;
};

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The tsquery of the words in German, English and without stemming (codes, names as typed);
 * as prefixes to find, as whole words to rank: "espresso" puts the espresso before
 * the "espressobraun" hoodie.
 */
function tsQuery(terms: SearchTerms, prefix = true): SQL {
  const q = prefix ? prefixTsQuery(terms.words) : terms.words.join(' & ');
  return sql`(to_tsquery('german', ${q}) || to_tsquery('english', ${q}) || to_tsquery('simple', ${q}))`;
}

/**
 * The planner prices full-text and trigram matching as cheap and reads every row (or walks
 * the primary key) instead of combining the GIN indexes: on 20 k products 0.6 s against
 * about 0.1 s. For the rest of the transaction only bitmap index scans are left to it.
 */
async function preferSearchIndexes(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
  );
}

async function categoryIds(db: Tx, slug: string): Promise<number[]> {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return [];
  const result = await db.execute(sql`
    with recursive tree as (
      select id from ${categories} where slug = ${slug}
      union all
      select c.id from ${categories} c join tree on c.parent_id = tree.id
    ) select id from tree`);
  return rows<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * Ids of published products matching the query, best first: an exact SKU or GTIN (also a
 * variation's), then full-text matches of all words (names, codes, categories, attributes,
 * short descriptions; words as prefixes), then names and codes within a typo of the input.
 */
export async function searchProductIds(db: Tx, input: SearchInput): Promise<number[]> {
  const terms = parseQuery(input.query);
  if (!terms || input.limit < 1) return [];
  let inCategory = sql``;
  if (input.categorySlug !== undefined) {
    const ids = await categoryIds(db, input.categorySlug);
    if (ids.length === 0) return [];
    inCategory = sql`and ${productSearch.productId} in (
      select ${productCategories.productId} from ${productCategories}
      where ${productCategories.categoryId} = any(string_to_array(${ids.join(',')}, ',')::int[]))`;
  }
  const query = tsQuery(terms);
  const exact = sql`${productSearch.codes} @> array[${terms.text}]::text[]`;
  const matched = sql`${productSearch.document} @@ ${query}`;
  const result = await db.transaction(async (tx) => {
    await preferSearchIndexes(tx);
    return tx.execute(sql`
    select ${productSearch.productId} as id
      from ${productSearch}
      join ${products} on ${products.id} = ${productSearch.productId}
     where ${products.status} = 'publish'
       and (${matched} or ${terms.text} <% ${productSearch.title} or ${exact})
       ${inCategory}
     order by ${exact} desc, ${matched} desc,
              ts_rank(${productSearch.document}, ${tsQuery(terms, false)})
                + word_similarity(${terms.text}, ${productSearch.title}) desc,
              ts_rank(${productSearch.document}, ${query}) desc,
              ${productSearch.productId}
     limit ${Math.min(input.limit, LISTING_RESULT_LIMIT)}`);
  });
  return rows<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * A spelling the catalog knows for a query that found nothing: each word replaced by the
 * closest word of a product name in the shopper's language, if one is close enough and
 * the corrected query finds something. Null otherwise.
 */
export async function spellingSuggestion(
  db: Tx,
  query: unknown,
  locale: Locale,
): Promise<string | null> {
  const terms = parseQuery(query);
  if (!terms) return null;
  const corrections = new Map<string, string>();
  await db.transaction(async (tx) => {
    // Looser than the search itself: a hint may be further off than a result.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SPELLING_THRESHOLD)}, true)`,
    );
    await preferSearchIndexes(tx);
    for (const word of terms.words) {
      if ([...word].length < 3) continue;
      const result = await tx.execute(sql`
        select w from (
          select regexp_split_to_table(lower(${products.name} ->> ${locale}), '[[:space:][:punct:]]+') as w
            from ${productSearch}
            join ${products} on ${products.id} = ${productSearch.productId}
           where ${products.status} = 'publish' and ${word} <% ${productSearch.title}
           order by word_similarity(${word}, ${productSearch.title}) desc
           limit 50
        ) candidates
        where length(w) >= 3 and similarity(w, ${word}) >= ${SPELLING_THRESHOLD}
        order by similarity(w, ${word}) desc, w
        limit 1`);
      const best = rows<{ w: string }>(result)[0]?.w;
      if (best) corrections.set(word, best);
    }
  });
  const corrected = correctedQuery(terms.words, corrections);
  if (!corrected) return null;
  const found = await searchProductIds(db, { query: corrected, limit: 1 });
  return found.length ? corrected : null;
}
