import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { categories, productCategories, products } from '#app/domain/catalog/catalog.schema.ts';
import { catalogVersionCache } from '#app/domain/catalog/listing.server.ts';
import { productSearch, searchWords } from './search.schema.ts';
import {
  type SearchTerms,
  type TsQueries,
  correctedQuery,
  parseQuery,
  tsQueries,
} from './search.rules.ts';
import { shownProducts } from '#app/domain/catalog/publication.server.ts';

/** Suggestions under the header search field. */
export const SUGGESTION_LIMIT = 10;
/** Results a listing page can page through; beyond this the shopper refines the query. */
export const LISTING_RESULT_LIMIT = 480;
/** How close a word of a product name must be to be offered as "did you mean". */
const SPELLING_THRESHOLD = 0.3;
/** Spellings of the catalog tried for one mistyped word. */
const TYPO_ALTERNATIVES = 3;
/** Matches ranked per result asked for, and at most. */
const CANDIDATES_PER_RESULT = 10;
const MAX_CANDIDATES = 1_000;
/** How close (trigram similarity) a catalog word must be to stand in for a mistyped one. */
const TYPO_THRESHOLD = 0.5;
const WORD = /^[\p{L}\p{N}]+$/u;
/**
 * Found ids kept per catalog version: shoppers type the same few prefixes, and each costs a
 * full-text search over the whole catalog. Search rows and categories move the version too.
 */
const foundIds = catalogVersionCache(2_000);

export type SearchInput = {
  query: unknown;
  /** Only products in this category or below it; an unknown slug finds nothing. */
  categorySlug?: string;
  limit: number;
};

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A tsquery string in German, English and without stemming (codes, names as typed). */
function tsQuery(query: string): SQL {
  return sql`(to_tsquery('german', ${query}) || to_tsquery('english', ${query}) || to_tsquery('simple', ${query}))`;
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
 * For each query word the catalog does not know (no word of it starts so), the catalog's words
 * within a typo of it, closest first.
 */
async function knownSpellings(tx: Tx, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  await tx.execute(
    sql`select set_config('pg_trgm.similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
  );
  for (const word of words) {
    if ([...word].length < 3) continue;
    // Letters and digits only, so the word holds no LIKE wildcard.
    const result = await tx.execute(sql`
      select ${searchWords.word} as w from ${searchWords}
       where ${searchWords.word} % ${word}
         and not exists (select 1 from ${searchWords} where ${searchWords.word} like ${`${word}%`})
       order by similarity(${searchWords.word}, ${word}) desc, ${searchWords.word}
       limit ${TYPO_ALTERNATIVES}`);
    const spellings = rows<{ w: string }>(result)
      .map((r) => r.w)
      .filter((w) => WORD.test(w));
    if (spellings.length) found.set(word, spellings);
  }
  return found;
}

/**
 * Ids of published products matching the query, best first: an exact SKU or GTIN (also a
 * variation's), then full-text matches of all words (names, codes, categories, attributes,
 * short descriptions; words as prefixes). When that finds fewer than asked, words of the
 * catalog within a typo of the query's words find the rest.
 */
export async function searchProductIds(db: Tx, input: SearchInput): Promise<number[]> {
  const terms = parseQuery(input.query);
  if (!terms || input.limit < 1) return [];
  const key = JSON.stringify([terms.text, input.categorySlug ?? null, input.limit]);
  return foundIds(db, key, () => findProductIds(db, terms, input));
}

async function findProductIds(db: Tx, terms: SearchTerms, input: SearchInput): Promise<number[]> {
  let inCategory = sql``;
  if (input.categorySlug !== undefined) {
    const ids = await categoryIds(db, input.categorySlug);
    if (ids.length === 0) return [];
    inCategory = sql`and ${productSearch.productId} in (
      select ${productCategories.productId} from ${productCategories}
      where ${productCategories.categoryId} = any(string_to_array(${ids.join(',')}, ',')::int[]))`;
  }
  const limit = Math.min(input.limit, LISTING_RESULT_LIMIT);
  const exact = sql`${productSearch.codes} @> array[${terms.text}]::text[]`;
  const candidates = Math.min(limit * CANDIDATES_PER_RESULT, MAX_CANDIDATES);
  const ranked = async (tx: Tx, q: TsQueries, skip: number[], n: number) => {
    const inName = sql`${productSearch.document} @@ ${tsQuery(q.names)}`;
    const matched = sql`${productSearch.document} @@ ${tsQuery(q.find)}`;
    const pool = (condition: SQL) => sql`(
      select ${productSearch.productId} as id
        from ${productSearch}
        join ${products} on ${products.id} = ${productSearch.productId}
       where ${shownProducts()} and ${condition}
         and ${productSearch.productId} <> all(string_to_array(${skip.join(',')}, ',')::int[])
         ${inCategory}
       limit ${candidates})`;
    // Ranking reads every candidate's document, so a word in thousands of products ranks a
    // bounded pool: matches in names and codes first, then the others.
    const result = await tx.execute(sql`
    with pool as materialized (
      select distinct id from (
        ${pool(sql`(${inName} or ${exact})`)} union all ${pool(matched)}
        -- Enough matches in names: the other matches are not read at all.
        limit ${candidates}) found)
    select ${productSearch.productId} as id
      from pool join ${productSearch} on ${productSearch.productId} = pool.id
     order by ${exact} desc, ${inName} desc,
              ts_rank(${productSearch.document}, ${tsQuery(q.rank)})
                + word_similarity(${terms.text}, ${productSearch.title}) desc,
              ts_rank(${productSearch.document}, ${tsQuery(q.find)}) desc,
              ${productSearch.productId}
     limit ${n}`);
    return rows<{ id: number }>(result).map((r) => Number(r.id));
  };
  return db.transaction(async (tx) => {
    await preferSearchIndexes(tx);
    const found = await ranked(tx, tsQueries(terms.words), [], limit);
    if (found.length >= limit) return found;
    const spellings = await knownSpellings(tx, terms.words);
    if (spellings.size === 0) return found;
    return [
      ...found,
      ...(await ranked(tx, tsQueries(terms.words, spellings), found, limit - found.length)),
    ];
  });
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
           where ${shownProducts()} and ${word} <% ${productSearch.title}
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
