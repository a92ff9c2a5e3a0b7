// The back office's stock list as pages show it; safe in the browser.

/** low: at or below the threshold (out of stock included); out: none left; all: stock counted. */
export const STOCK_FILTERS = ['low', 'out', 'all'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
