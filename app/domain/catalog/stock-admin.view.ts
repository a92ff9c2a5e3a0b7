// The back office's stock list as pages show it; safe in the browser.

/** low: at or below the threshold (out of stock included); out: none left; all: stock counted. */
export const STOCK_FILTERS = ['low', 'out', 'all'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

export type StockQuery = { stock: StockFilter; page: number };

export type StockRow = {
  id: number;
  name: string;
  sku: string | null;
  quantity: number;
  threshold: number;
  /** The product page in the shop, when the product is published. */
  href: string | null;
};

export type StockPage = {
  rows: StockRow[];
  total: number;
  page: number;
  pages: number;
  /** The shop's threshold for products without their own. */
  fallback: number;
};

/** Reads the list's URL; anything unknown, repeated or malformed means the default. */
export function parseStockQuery(params: URLSearchParams): StockQuery {
  const single = (name: string) => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0]! : '';
  };
  const stock = single('stock');
  const page = single('page');
  return {
    stock: (STOCK_FILTERS as readonly string[]).includes(stock) ? (stock as StockFilter) : 'low',
    page: /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  };
}

export function stockHref(query: Partial<StockQuery>): string {
  const params = new URLSearchParams({ stock: query.stock ?? 'low' });
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return `/admin/products?${params}`;
}
