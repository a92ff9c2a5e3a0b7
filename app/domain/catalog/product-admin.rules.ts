// The back office's product list query and bulk edit form read from the request, and the
// price arithmetic of a bulk change.
import { TAX_CLASSES, type TaxClass } from '#app/domain/pricing/tax.ts';
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_PRODUCT_TYPES,
  ADMIN_STOCK_FILTERS,
  type AdminProductQuery,
  BULK_PRODUCT_ACTIONS,
  type BulkProductAction,
  type BulkProductEdit,
  PRICE_CHANGES,
  type PriceChange,
} from './product-admin.view.ts';

export const ADMIN_PRODUCTS_PER_PAGE = 50;
/** Products one bulk change may name. */
export const BULK_PRODUCTS_MAX = 500;
const SEARCH_MAX = 100;
/** The highest price or stock a bulk change may set: far beyond any real shop. */
const PRICE_MAX = 100_000_000_00;
const STOCK_MAX = 1_000_000_000;

const id = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
const oneOf = <T extends string>(list: readonly T[], value: string): T | null =>
  (list as readonly string[]).includes(value) ? (value as T) : null;

/**
 * Reads the list's URL. Anything unknown, repeated, too long or malformed falls back to the
 * default: a stale or hostile link still shows a list.
 */
export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const one = (name: string) => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0]! : '';
  };
  const after = id(one('after'));
  // The filter form's one select sends both as `name_asc`; links send `sort` and `dir`.
  const combined = /^([a-z]{1,10})_(asc|desc)$/.exec(one('sort'));
  const sort = oneOf(ADMIN_PRODUCT_SORTS, combined ? combined[1]! : one('sort')) ?? 'date';
  const dir = combined ? combined[2]! : one('dir');
  return {
    search: one('q')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, SEARCH_MAX),
    category: id(one('category')),
    type: oneOf(ADMIN_PRODUCT_TYPES, one('type')),
    stock: oneOf(ADMIN_STOCK_FILTERS, one('stock')),
    onSale: one('on_sale') === '1',
    status: oneOf(ADMIN_PRODUCT_STATUSES, one('status')),
    sort,
    // Names and SKUs read A to Z unless asked otherwise; dates, prices and stock largest first.
    dir: dir === 'asc' || dir === 'desc' ? dir : sort === 'name' || sort === 'sku' ? 'asc' : 'desc',
    after,
    before: after === null ? id(one('before')) : null,
  };
}

/** Ticked ids: whole positive numbers (a comma list counts too), each once, at most the limit. */
export function parseProductIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const part of value.split(',')) {
      const n = id(part.trim());
      if (n !== null) ids.add(n);
      if (ids.size >= BULK_PRODUCTS_MAX) return [...ids];
    }
  }
  return [...ids];
}

/**
 * A decimal as a German or English shop manager types it ("12,5", "12.50", "1.234,56" is
 * refused as ambiguous), in hundredths; null when it is no such number or has more than two
 * decimals.
 */
export function parseHundredths(raw: string): number | null {
  const text = raw.trim().replace(/\s|%|€/g, '');
  const m = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export type BulkProductForm =
  | { ok: true; edit: BulkProductEdit; ids: number[] }
  | { ok: false; error: 'invalid_action' | 'invalid_value' };

/**
 * The bulk form: one action, its value fields and the ticked products. Only the fields of the
 * chosen action are read; each must be given once and well formed.
 */
export function parseBulkProductForm(form: FormData): BulkProductForm {
  const one = (name: string) => {
    const values = form.getAll(name);
    return values.length === 1 && typeof values[0] === 'string' ? values[0] : null;
  };
  const action = oneOf<BulkProductAction>(BULK_PRODUCT_ACTIONS, one('bulk_action') ?? '');
  if (!action) return { ok: false, error: 'invalid_action' };
  const ids = parseProductIds(form.getAll('ids'));
  const edit = bulkEdit(action, one);
  return edit ? { ok: true, edit, ids } : { ok: false, error: 'invalid_value' };
}

function bulkEdit(
  action: BulkProductAction,
  one: (name: string) => string | null,
): BulkProductEdit | null {
  switch (action) {
    case 'regular_price':
    case 'sale_price': {
      const change = oneOf<PriceChange>(PRICE_CHANGES, one('price_change') ?? '');
      const percent = one('price_unit') === 'percent';
      const amount = parseHundredths(one('price_value') ?? '');
      if (!change || amount === null) return null;
      // A price set is an amount; a cut of 100 % or more would leave nothing.
      if (change === 'set' && percent) return null;
      if (change === 'set' && amount > PRICE_MAX) return null;
      if (change === 'lower' && percent && amount >= 100_00) return null;
      if (change !== 'set' && amount === 0) return null;
      if (percent && amount > 1_000_00) return null;
      if (!percent && amount > PRICE_MAX) return null;
      return { action, change, amount, percent };
    }
    case 'stock': {
      const raw = (one('stock_quantity') ?? '').trim();
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > STOCK_MAX) return null;
      return { action, quantity: Number(raw) };
    }
    case 'category_add':
    case 'category_remove': {
      const categoryId = id(one('category_id') ?? '');
      return categoryId === null ? null : { action, categoryId };
    }
    case 'publish':
    case 'draft':
      return { action };
    case 'delivery_time': {
      const raw = one('delivery_time_id');
      if (raw === 'none') return { action, deliveryTimeId: null };
      const deliveryTimeId = id(raw ?? '');
      return deliveryTimeId === null ? null : { action, deliveryTimeId };
    }
    case 'tax_class': {
      const taxClass = oneOf<TaxClass>(TAX_CLASSES, one('tax_class') ?? '');
      return taxClass ? { action, taxClass } : null;
    }
  }
}

/**
 * A price after a bulk change, in cents: a percentage rounds half up to the cent, nothing goes
 * below 0. A raise or cut of a price that is not set leaves it unset.
 */
export function changedPrice(
  price: number | null,
  change: PriceChange,
  amount: number,
  percent: boolean,
): number | null {
  if (change === 'set') return amount;
  if (price === null) return null;
  const delta = percent ? Math.round((price * amount) / 10_000) : amount;
  return Math.max(0, change === 'raise' ? price + delta : price - delta);
}

/** The sale price must stay below the regular price (a sale at or above it is no sale). */
export function saleBelowRegular(regular: number | null, sale: number | null): boolean {
  return sale === null || (regular !== null && sale < regular);
}
