// The back office's order list query read from its URL, and what the dashboard counts as sales.
import {
  ADMIN_ORDER_SORTS,
  type AdminOrderQuery,
  type AdminOrderSort,
  BULK_ACTIONS,
  type BulkAction,
} from './admin-orders.view.ts';
import { ORDER_STATUSES, type OrderStatus } from './orders.schema.ts';

export type {
  AdminOrderPage,
  AdminOrderQuery,
  SalesDay,
  SalesFigures,
} from './admin-orders.view.ts';

export const ADMIN_ORDERS_PER_PAGE = 25;
const SEARCH_MAX = 100;

/** Orders one bulk action or one export by ids may name. */
export const BULK_MAX = 500;

const one = (params: URLSearchParams, name: string) => params.get(name) ?? '';
const cursor = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
const methodId = (value: string) => (/^[a-z0-9_:-]{1,64}$/i.test(value) ? value : null);

/** A real calendar day `YYYY-MM-DD` (2000 to 2999), else null. */
export function calendarDay(value: string): string | null {
  const m = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value ? value : null;
}

/**
 * A comma-separated list of order ids: entries that are no positive whole number are left
 * out, repeats count once, at most BULK_MAX.
 */
export function parseOrderIds(value: string): number[] {
  const ids = new Set<number>();
  for (const part of value.split(',')) {
    const id = cursor(part.trim());
    if (id !== null) ids.add(id);
    if (ids.size >= BULK_MAX) break;
  }
  return [...ids];
}

/**
 * Reads the list's URL. Anything unknown, repeated, too long or malformed falls back to the
 * default instead of failing: a shared link with a stale parameter still shows a list.
 */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const status = one(params, 'status');
  const sort = one(params, 'sort');
  const dir = one(params, 'dir');
  const after = cursor(one(params, 'after'));
  let from = calendarDay(one(params, 'from'));
  let to = calendarDay(one(params, 'to'));
  // A range given the wrong way round means the days between.
  if (from && to && from > to) [from, to] = [to, from];
  const country = one(params, 'country').toUpperCase();
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null,
    // Control characters (NUL among them) cannot be stored or searched for.
    search: one(params, 'q')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, SEARCH_MAX),
    sort: (ADMIN_ORDER_SORTS as readonly string[]).includes(sort)
      ? (sort as AdminOrderSort)
      : 'date',
    dir: dir === 'asc' ? 'asc' : 'desc',
    after,
    before: after === null ? cursor(one(params, 'before')) : null,
    from,
    to,
    payment: methodId(one(params, 'payment')),
    shipping: methodId(one(params, 'shipping')),
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    customer: cursor(one(params, 'customer')),
  };
}

export type BulkRequest = { action: BulkAction; ids: number[] };

/**
 * The bulk form: one action and the ticked orders. Null when the action is unknown or
 * repeated; an empty id list is the caller's "nothing selected".
 */
export function parseBulkForm(form: FormData): BulkRequest | null {
  const actions = form.getAll('bulk_action');
  const action = actions.length === 1 ? actions[0] : null;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action))
    return null;
  const ids = form
    .getAll('ids')
    .map((value) => (typeof value === 'string' ? value : ''))
    .join(',');
  return { action: action as BulkAction, ids: parseOrderIds(ids) };
}

/** Statuses whose orders count as sales on the dashboard: placed and not undone. */
export const SALES_STATUSES: readonly OrderStatus[] = ['processing', 'completed', 'on-hold'];
