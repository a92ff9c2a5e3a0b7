// What the header search receives: types and constants only, so the browser may import them.

/** One entry of `/wc-ajax/product_search` (spec: value, id, url, img, price). */
export type SearchSuggestion = {
  /** The product name in the shopper's language. */
  value: string;
  id: number;
  /** The product page. */
  url: string;
  /** A small picture; '' when the product has none. */
  img: string;
  /** The formatted price as the product card shows it; '' when there is none. */
  price: string;
};

export type SearchSuggestions = { suggestions: SearchSuggestion[] };

export { MIN_SUGGEST_LENGTH, longEnoughToSuggest } from './search.rules.ts';
