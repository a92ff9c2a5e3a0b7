// The back office's order list and dashboard as pages show them; safe in the browser.
import type { OrderStatus } from './orders.schema.ts';

export const ADMIN_ORDER_SORTS = ['date', 'number', 'status', 'total'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export type AdminOrderQuery = {
  status: OrderStatus | null;
  search: string;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  /** Keyset cursor: the id of the row the page continues after (or ends before). */
  after: number | null;
  before: number | null;
};

/** The list's URL for a query; defaults are left out so links stay short. */
export function adminOrdersHref(query: Partial<AdminOrderQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('q', query.search);
  if (query.sort && query.sort !== 'date') params.set('sort', query.sort);
  if (query.dir === 'asc') params.set('dir', 'asc');
  if (query.after) params.set('after', String(query.after));
  else if (query.before) params.set('before', String(query.before));
  const search = params.toString();
  return `/admin/orders${search ? `?${search}` : ''}`;
}

/** One row of the back office's order list. */
export type AdminOrderRow = {
  id: number;
  number: number;
  createdAt: string;
  status: OrderStatus;
  name: string;
  email: string;
  total: number;
  currency: string;
  paymentMethodTitle: string;
};

export type AdminOrderPage = {
  rows: AdminOrderRow[];
  /** Cursors of the neighbouring pages; null where there is none. */
  next: number | null;
  previous: number | null;
};

export type SalesFigures = { orders: number; gross: number; net: number; average: number };
export type SalesDay = SalesFigures & { day: string };
