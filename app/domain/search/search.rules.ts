// Pure parts of product search: what a shopper typed, made safe to hand to PostgreSQL.

/** Suggestions start at this many characters (spec: "starts only after at least 3 characters"). */
export const MIN_SUGGEST_LENGTH = 3;
/** Longer input is no product name or code: it finds nothing instead of costing work. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_WORDS = 8;
export const MAX_WORD_LENGTH = 40;

export type SearchTerms = {
  /** The input, cleaned and lower-cased: compared with trigrams against names and codes. */
  text: string;
  /** Letters and digits only: the words of the full-text query. */
  words: string[];
};

// NUL and other control characters: PostgreSQL refuses NUL in text, the rest is noise.
const CONTROL = /\p{Cc}/gu;
// A lone half of a surrogate pair cannot be encoded as UTF-8 for the database.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NOT_A_WORD = /[^\p{L}\p{N}]+/u;

/** Cleans what a shopper typed; null when nothing searchable is left. */
export function parseQuery(raw: unknown): SearchTerms | null {
  if (typeof raw !== 'string') return null;
  const text = raw
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(CONTROL, ' ')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('de');
  if (text === '' || text.length > MAX_QUERY_LENGTH) return null;
  const words = [
    ...new Set(
      text
        .split(NOT_A_WORD)
        .filter(Boolean)
        .map((w) => w.slice(0, MAX_WORD_LENGTH)),
    ),
  ].slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return { text, words };
}

/** Whether the input is long enough for live suggestions (counted after trimming). */
export function longEnoughToSuggest(raw: string): boolean {
  return [...raw.trim()].length >= MIN_SUGGEST_LENGTH;
}

export type TsQueries = { find: string; names: string; rank: string };

/**
 * tsquery strings in PostgreSQL's syntax: every word as a prefix to find ("turnsch" finds
 * "Turnschuhe"), the same only in names and codes (weight A), and as whole words to rank
 * ("espresso" puts the espresso before the "espressobraun" hoodie). A word may come with
 * spellings the catalog knows for it (a typo's corrections), any of which matches. The words
 * hold only letters and digits, so no operator can slip in; the strings still travel as bound
 * parameters.
 */
export function tsQueries(
  words: readonly string[],
  alternatives?: ReadonlyMap<string, readonly string[]>,
): TsQueries {
  const anyOf = (word: string, suffix: string) => {
    const spellings = [word, ...(alternatives?.get(word) ?? [])].map((w) => `${w}${suffix}`);
    return spellings.length > 1 ? `(${spellings.join(' | ')})` : spellings[0]!;
  };
  const all = (suffix: string) => words.map((w) => anyOf(w, suffix)).join(' & ');
  return { find: all(':*'), names: all(':*A'), rank: all('') };
}

/** Rebuilds the query with each word replaced by its correction, if any. */
export function correctedQuery(
  words: readonly string[],
  corrections: ReadonlyMap<string, string>,
): string | null {
  let changed = false;
  const fixed = words.map((w) => {
    const c = corrections.get(w);
    if (c && c !== w) {
      changed = true;
      return c;
    }
    return w;
  });
  return changed ? fixed.join(' ') : null;
}
