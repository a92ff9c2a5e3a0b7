// What the back office's product list finds by its search field: names (German and English),
// SKUs and GTINs, drafts included.
import { type SQL, sql } from 'drizzle-orm';
import { productSearch } from './search.schema.ts';
import { parseQuery, tsQueries } from './search.rules.ts';

/**
 * Ids of top-level products whose name or code (their own or a variation's) starts each word
 * of the term, or whose code is the term exactly: the storefront's search rows and their GIN
 * indexes, limited to the weight-A part of the document (names and codes). A term with no
 * letter or digit matches nothing.
 */
export function adminProductMatches(term: string): SQL | null {
  if (term === '') return null;
  const terms = parseQuery(term);
  if (!terms) return sql`select null::int where false`;
  const names = tsQueries(terms.words).names;
  // The three spellings are often the same query (codes, most nouns): each copy makes the
  // index collect its prefix matches again, so a copy equal to one before it is left out.
  const query = sql`(select case
      when g = s and e = s then s
      when g = s or e = g then s || e
      when e = s then s || g
      else s || g || e end
    from (select to_tsquery('simple', ${names}) as s, to_tsquery('german', ${names}) as g,
                 to_tsquery('english', ${names}) as e) q)`;
  return sql`select ${productSearch.productId} from ${productSearch}
    where ${productSearch.document} @@ ${query}
       or ${productSearch.codes} @> array[${terms.text}]::text[]`;
}
