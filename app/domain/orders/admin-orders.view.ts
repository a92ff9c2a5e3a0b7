// The back office's order list and dashboard as pages show them; safe in the browser.
import type { OrderStatus } from './orders.schema.ts';

export const ADMIN_ORDER_SORTS = ['date', 'number', 'status', 'total'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** The list's narrowing filters; each is null (or '') when not chosen. */
export type AdminOrderFilters = {
  /** Berlin calendar days, `YYYY-MM-DD`, both included. */
  from: string | null;
  to: string | null;
  payment: string | null;
  shipping: string | null;
  /** Billing country, ISO 3166-1 alpha-2. */
  country: string | null;
  customer: number | null;
};

export type AdminOrderQuery = AdminOrderFilters & {
  status: OrderStatus | null;
  search: string;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  /** Keyset cursor: the id of the row the page continues after (or ends before). */
  after: number | null;
  before: number | null;
};

export const NO_FILTERS: AdminOrderFilters = {
  from: null,
  to: null,
  payment: null,
  shipping: null,
  country: null,
  customer: null,
};

/** The query's parameters as the list's URL spells them; defaults are left out. */
export function adminOrderParams(query: Partial<AdminOrderQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('q', query.search);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.payment) params.set('payment', query.payment);
  if (query.shipping) params.set('shipping', query.shipping);
  if (query.country) params.set('country', query.country);
  if (query.customer) params.set('customer', String(query.customer));
  if (query.sort && query.sort !== 'date') params.set('sort', query.sort);
  if (query.dir === 'asc') params.set('dir', 'asc');
  if (query.after) params.set('after', String(query.after));
  else if (query.before) params.set('before', String(query.before));
  return params;
}

/** The list's URL for a query; defaults are left out so links stay short. */
export function adminOrdersHref(query: Partial<AdminOrderQuery>): string {
  const search = adminOrderParams(query).toString();
  return `/admin/orders${search ? `?${search}` : ''}`;
}

/** The CSV export of what the list shows (all pages), or of chosen orders. */
export function adminOrdersExportHref(
  query: Partial<AdminOrderQuery>,
  ids: readonly number[] = [],
): string {
  const params = ids.length
    ? new URLSearchParams({ ids: ids.join(',') })
    : adminOrderParams({ ...query, sort: undefined, dir: undefined, after: null, before: null });
  const search = params.toString();
  return `/admin/orders/export.csv${search ? `?${search}` : ''}`;
}

/** True when any filter (not the status tab, not the search) narrows the list. */
export const hasFilters = (query: AdminOrderFilters) =>
  Boolean(
    query.from || query.to || query.payment || query.shipping || query.country || query.customer,
  );

/** One row of the back office's order list. */
export type AdminOrderRow = {
  id: number;
  number: number;
  createdAt: string;
  status: OrderStatus;
  name: string;
  email: string;
  company: string;
  customerId: number | null;
  total: number;
  currency: string;
  paymentMethod: string;
  paymentMethodTitle: string;
};

export type AdminOrderPage = {
  rows: AdminOrderRow[];
  /** Cursors of the neighbouring pages; null where there is none. */
  next: number | null;
  previous: number | null;
};

/** A value a filter select offers: what is stored and what the list shows for it. */
export type FilterOption = { value: string; label: string };

export const BULK_ACTIONS = ['processing', 'completed', 'on-hold', 'packing-slips', 'csv'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export type SalesFigures = { orders: number; gross: number; net: number; average: number };
export type SalesDay = SalesFigures & { day: string };
