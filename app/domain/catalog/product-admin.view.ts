// The back office's product list as pages show it; safe in the browser.
import type { TaxClass } from '#app/domain/pricing/tax.ts';

export const ADMIN_PRODUCT_SORTS = ['date', 'name', 'sku', 'price', 'stock'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** low and out also look at each variation; instock and onbackorder at what a shopper can buy. */
export const ADMIN_STOCK_FILTERS = ['instock', 'low', 'out', 'onbackorder', 'all'] as const;
export type AdminStockFilter = (typeof ADMIN_STOCK_FILTERS)[number];

export const ADMIN_PRODUCT_TYPES = ['simple', 'variable'] as const;
export const ADMIN_PRODUCT_STATUSES = ['publish', 'draft', 'pending', 'private', 'trash'] as const;

export type AdminProductQuery = {
  search: string;
  category: number | null;
  type: (typeof ADMIN_PRODUCT_TYPES)[number] | null;
  stock: AdminStockFilter | null;
  onSale: boolean;
  status: (typeof ADMIN_PRODUCT_STATUSES)[number] | null;
  sort: AdminProductSort;
  dir: 'asc' | 'desc';
  /** Keyset cursor: the id of the row the page continues after (or ends before). */
  after: number | null;
  before: number | null;
};

/** A variation (or the product itself) whose counted stock the stock filter picked out. */
export type StockItem = { id: number; label: string; quantity: number };

export type AdminProductRow = {
  id: number;
  name: string;
  sku: string | null;
  type: 'simple' | 'variable';
  status: (typeof ADMIN_PRODUCT_STATUSES)[number];
  /** The product's own counted stock; for a variable product the sum over its variations. */
  stock: number | null;
  /** Whether the product itself counts its stock (rows the stock filters name). */
  managed: boolean;
  stockRank: number;
  regularPrice: number | null;
  /** What a shopper pays now: the lowest price (of the variations), sale included. */
  price: number | null;
  onSale: boolean;
  categories: string[];
  thumb: string | null;
  /** The product page in the shop, when published. */
  href: string | null;
  /** The variations the stock filter matched, named under their product. */
  items: StockItem[];
};

export type AdminProductPage = {
  rows: AdminProductRow[];
  next: number | null;
  previous: number | null;
};

export const DEFAULT_PRODUCT_QUERY: AdminProductQuery = {
  search: '',
  category: null,
  type: null,
  stock: null,
  onSale: false,
  status: null,
  sort: 'date',
  dir: 'desc',
  after: null,
  before: null,
};

/** The query's parameters as the list's URL spells them; defaults are left out. */
export function adminProductParams(query: Partial<AdminProductQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.category) params.set('category', String(query.category));
  if (query.type) params.set('type', query.type);
  if (query.stock) params.set('stock', query.stock);
  if (query.onSale) params.set('on_sale', '1');
  if (query.status) params.set('status', query.status);
  const sort = query.sort ?? 'date';
  if (sort !== 'date') params.set('sort', sort);
  const natural = sort === 'name' || sort === 'sku' ? 'asc' : 'desc';
  if (query.dir && query.dir !== natural) params.set('dir', query.dir);
  if (query.after) params.set('after', String(query.after));
  else if (query.before) params.set('before', String(query.before));
  return params;
}

export function adminProductsHref(query: Partial<AdminProductQuery>): string {
  const search = adminProductParams(query).toString();
  return `/admin/products${search ? `?${search}` : ''}`;
}

export const BULK_PRODUCT_ACTIONS = [
  'regular_price',
  'sale_price',
  'stock',
  'category_add',
  'category_remove',
  'publish',
  'draft',
  'delivery_time',
  'tax_class',
] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];

export const PRICE_CHANGES = ['set', 'raise', 'lower'] as const;
export type PriceChange = (typeof PRICE_CHANGES)[number];

export type BulkProductEdit =
  | {
      action: 'regular_price' | 'sale_price';
      change: PriceChange;
      /** Cents when by amount, basis points (1 % = 100) when by percent. */
      amount: number;
      percent: boolean;
    }
  | { action: 'stock'; quantity: number }
  | { action: 'category_add' | 'category_remove'; categoryId: number }
  | { action: 'publish' | 'draft' }
  | { action: 'delivery_time'; deliveryTimeId: number | null }
  | { action: 'tax_class'; taxClass: TaxClass };

export const BULK_PRODUCT_ERRORS = [
  'none_selected',
  'invalid_action',
  'invalid_value',
  'unknown_category',
  'unknown_delivery_time',
  'expired',
] as const;
export type BulkProductError = (typeof BULK_PRODUCT_ERRORS)[number];

export type FilterChoice = { value: string; label: string };
