// Listing parameters: pure parsing and URL building, shared by the server and the browser.
import type { StockStatus } from './catalog.schema.ts';

export const LISTING_ORDERS = [
  'relevance',
  'menu_order',
  'popularity',
  'rating',
  'date',
  'price',
  'price-desc',
] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

export function isListingOrder(value: unknown): value is ListingOrder {
  return typeof value === 'string' && (LISTING_ORDERS as readonly string[]).includes(value);
}

/** The orders a listing offers: relevance only for search results, where it comes first. */
export function listingOrders(search: boolean): ListingOrder[] {
  return LISTING_ORDERS.filter((o) => search || o !== 'relevance');
}

/** The order without an `orderby` parameter: best match for a search, else the shop's own. */
export function defaultOrder(search: boolean): ListingOrder {
  return search ? 'relevance' : 'menu_order';
}

/** A sort column and direction, as the Store API names them. */
export const SORT_KEYS = ['menu_order', 'popularity', 'rating', 'date', 'price', 'title'] as const;
export type ListingSort = { key: (typeof SORT_KEYS)[number]; direction: 'asc' | 'desc' };

/** The page's sort choices as column and direction. */
export function sortOf(order: ListingOrder): ListingSort {
  switch (order) {
    case 'price':
      return { key: 'price', direction: 'asc' };
    case 'price-desc':
      return { key: 'price', direction: 'desc' };
    // Relevance needs the search's ranking; without one the shop's order stands in.
    case 'relevance':
    case 'menu_order':
      return { key: 'menu_order', direction: 'asc' };
    default:
      return { key: order, direction: 'desc' };
  }
}

/** Attribute filter: one attribute (by slug) and the terms (by slug or id) any of which match. */
export type AttributeFilter = { attribute: string; terms: string[]; termIds?: number[] };

/** What narrows a listing; every part is optional and the parts combine with AND. */
export type ListingFilters = {
  /** Inclusive bounds on the price a shopper pays now, in minor units. */
  minPrice?: number;
  maxPrice?: number;
  attributes?: AttributeFilter[];
  stockStatus?: StockStatus[];
  onSale?: boolean;
  /** Average approved rating at least this (1-5). */
  minRating?: number;
};

export const MAX_TERMS_PER_FILTER = 20;
export const MAX_ATTRIBUTE_FILTERS = 10;
/** Slugs as the shop writes them: lower case letters, digits and dashes. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_PRICE_MINOR = 100_000_000_00;

/**
 * A price as a shopper types it in euros ("12", "12,5", "1.299,00", "12.50") in minor units;
 * null when it is not a price.
 */
export function parseEuroAmount(raw: string): number | null {
  const text = raw.trim().replace(/\s|€/g, '');
  if (text === '' || text.length > 20) return null;
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) {
    normalized = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) {
    normalized = text.replace(/,/g, '');
  } else if (/^\d+([.,]\d{1,2})?$/.test(text)) {
    normalized = text.replace(',', '.');
  } else {
    return null;
  }
  const minor = Math.round(Number(normalized) * 100);
  return Number.isSafeInteger(minor) && minor <= MAX_PRICE_MINOR ? minor : null;
}

/** Minor units back into the plain form the price fields show ("12.5" -> "12,50" in German). */
export function formatEuroInput(minor: number, locale: 'de' | 'en'): string {
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  if (cents === 0) return String(whole);
  return `${whole}${locale === 'de' ? ',' : '.'}${String(cents).padStart(2, '0')}`;
}

function termList(raw: string): string[] | null {
  const terms = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (terms.length === 0 || terms.length > MAX_TERMS_PER_FILTER) return null;
  return terms.every((s) => SLUG_PATTERN.test(s)) ? terms : null;
}

export const FILTER_PREFIX = 'filter_';
export type ListingParams = {
  orderby: ListingOrder;
  filters: ListingFilters;
};

/**
 * The sort order and filters of a listing page's URL. Pages forgive: a value that is
 * unknown or malformed is left out, never an error.
 */
export function parseListingParams(params: URLSearchParams): ListingParams {
  const orderParam = params.get('orderby');
  const search = (params.get('s') ?? '').trim() !== '';
  const orderby: ListingOrder =
    isListingOrder(orderParam) && listingOrders(search).includes(orderParam)
      ? orderParam
      : defaultOrder(search);
  const filters: ListingFilters = {};
  let minPrice = params.has('min_price') ? parseEuroAmount(params.get('min_price')!) : null;
  let maxPrice = params.has('max_price') ? parseEuroAmount(params.get('max_price')!) : null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  if (minPrice !== null && minPrice > 0) filters.minPrice = minPrice;
  if (maxPrice !== null) filters.maxPrice = maxPrice;
  const attributes: AttributeFilter[] = [];
  for (const key of new Set(params.keys())) {
    if (!key.startsWith(FILTER_PREFIX)) continue;
    const attribute = key.slice(FILTER_PREFIX.length);
    if (!SLUG_PATTERN.test(attribute)) continue;
    // Checkboxes send one parameter per term; links send WooCommerce's comma list.
    const terms = termList(params.getAll(key).join(','));
    if (terms && attributes.length < MAX_ATTRIBUTE_FILTERS) attributes.push({ attribute, terms });
  }
  if (attributes.length) filters.attributes = attributes;
  if (params.get('stock_status') === 'instock') filters.stockStatus = ['instock'];
  if (params.get('on_sale') === '1') filters.onSale = true;
  const rating = params.get('rating_filter');
  if (rating && /^[1-5]$/.test(rating)) filters.minRating = Number(rating);
  return { orderby, filters };
}

export function hasFilters(f: ListingFilters): boolean {
  return (
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    (f.attributes?.length ?? 0) > 0 ||
    (f.stockStatus?.length ?? 0) > 0 ||
    f.onSale === true ||
    f.minRating !== undefined
  );
}

/** The URL parameters of filters (without sort, page or search), in a stable order. */
export function filterSearchParams(f: ListingFilters, locale: 'de' | 'en'): URLSearchParams {
  const out = new URLSearchParams();
  if (f.minPrice !== undefined) out.set('min_price', formatEuroInput(f.minPrice, locale));
  if (f.maxPrice !== undefined) out.set('max_price', formatEuroInput(f.maxPrice, locale));
  for (const a of f.attributes ?? []) out.set(`${FILTER_PREFIX}${a.attribute}`, a.terms.join(','));
  if (f.stockStatus?.includes('instock')) out.set('stock_status', 'instock');
  if (f.onSale) out.set('on_sale', '1');
  if (f.minRating !== undefined) out.set('rating_filter', String(f.minRating));
  return out;
}

/** One removable part of the active filters. */
export type FilterChip =
  | { kind: 'min_price'; value: number }
  | { kind: 'max_price'; value: number }
  | { kind: 'attribute'; attribute: string; term: string }
  | { kind: 'stock_status' }
  | { kind: 'on_sale' }
  | { kind: 'rating'; value: number };

export function filterChips(f: ListingFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.minPrice !== undefined) chips.push({ kind: 'min_price', value: f.minPrice });
  if (f.maxPrice !== undefined) chips.push({ kind: 'max_price', value: f.maxPrice });
  for (const a of f.attributes ?? []) {
    for (const term of a.terms) chips.push({ kind: 'attribute', attribute: a.attribute, term });
  }
  if (f.stockStatus?.length) chips.push({ kind: 'stock_status' });
  if (f.onSale) chips.push({ kind: 'on_sale' });
  if (f.minRating !== undefined) chips.push({ kind: 'rating', value: f.minRating });
  return chips;
}

/** The filters without one chip. */
export function withoutChip(f: ListingFilters, chip: FilterChip): ListingFilters {
  const next: ListingFilters = { ...f };
  switch (chip.kind) {
    case 'min_price':
      delete next.minPrice;
      break;
    case 'max_price':
      delete next.maxPrice;
      break;
    case 'stock_status':
      delete next.stockStatus;
      break;
    case 'on_sale':
      delete next.onSale;
      break;
    case 'rating':
      delete next.minRating;
      break;
    case 'attribute': {
      const attributes = (f.attributes ?? [])
        .map((a) =>
          a.attribute === chip.attribute
            ? { ...a, terms: a.terms.filter((t) => t !== chip.term) }
            : a,
        )
        .filter((a) => a.terms.length > 0);
      if (attributes.length) next.attributes = attributes;
      else delete next.attributes;
    }
  }
  return next;
}

/**
 * The query string of a listing: search, filters and (unless default) sort; page only past 1.
 * `withOrder: false` leaves the sort out, as the canonical address does.
 */
export function listingQuery(
  state: {
    search: string;
    /** A search's category choice (`product_cat`) on /shop. */
    category?: string;
    orderby: ListingOrder;
    filters: ListingFilters;
    page?: number;
  },
  locale: 'de' | 'en',
  withOrder = true,
): string {
  const out = new URLSearchParams();
  if (state.search) out.set('s', state.search);
  if (state.search && state.category) out.set('product_cat', state.category);
  for (const [k, v] of filterSearchParams(state.filters, locale)) out.set(k, v);
  if (withOrder && state.orderby !== defaultOrder(Boolean(state.search)))
    out.set('orderby', state.orderby);
  if (state.page && state.page > 1) out.set('page', String(state.page));
  const qs = out.toString();
  return qs ? `?${qs}` : '';
}

/** Counts for the filter panel. */
export type ListingFacets = {
  /** Attributes with the terms that have products (or are chosen), in the shop's order. */
  attributes: {
    slug: string;
    name: string;
    terms: { slug: string; name: string; count: number; selected: boolean }[];
  }[];
  /** Products per category id, each counting its descendants' products too. */
  categoryCounts: Record<number, number>;
};
