// The back office's order list query read from its URL, and what the dashboard counts as sales.
import {
  ADMIN_ORDER_SORTS,
  type AdminOrderQuery,
  type AdminOrderSort,
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

const one = (params: URLSearchParams, name: string) => params.get(name) ?? '';
const cursor = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/**
 * Reads the list's URL. Anything unknown, repeated, too long or malformed falls back to the
 * default instead of failing: a shared link with a stale parameter still shows a list.
 */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const status = one(params, 'status');
  const sort = one(params, 'sort');
  const dir = one(params, 'dir');
  const after = cursor(one(params, 'after'));
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
  };
}

/** Statuses whose orders count as sales on the dashboard: placed and not undone. */
export const SALES_STATUSES: readonly OrderStatus[] = ['processing', 'completed', 'on-hold'];
