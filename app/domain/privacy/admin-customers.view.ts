// The back office's customer list and customer page as pages show them; safe in the browser.

export const ADMIN_CUSTOMER_SORTS = ['registered', 'name', 'email'] as const;
export type AdminCustomerSort = (typeof ADMIN_CUSTOMER_SORTS)[number];

export type AdminCustomerQuery = {
  search: string;
  /** 'yes': customers with at least one order; 'no': without; null: all. */
  orders: 'yes' | 'no' | null;
  /** Registration days in the shop's calendar (Berlin), `YYYY-MM-DD`, both included. */
  from: string | null;
  to: string | null;
  /** Billing country, ISO 3166-1 alpha-2. */
  country: string | null;
  sort: AdminCustomerSort;
  dir: 'asc' | 'desc';
  /** Keyset cursor: the id of the row the page continues after (or ends before). */
  after: number | null;
  before: number | null;
};

/** The query's parameters as the list's URL spells them; defaults are left out. */
export function adminCustomersHref(query: Partial<AdminCustomerQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.orders) params.set('orders', query.orders);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.country) params.set('country', query.country);
  if (query.sort && query.sort !== 'registered') params.set('sort', query.sort);
  if (query.dir === 'asc') params.set('dir', 'asc');
  if (query.after) params.set('after', String(query.after));
  else if (query.before) params.set('before', String(query.before));
  const search = params.toString();
  return `/admin/customers${search ? `?${search}` : ''}`;
}

export type AdminCustomerRow = {
  id: number;
  name: string;
  email: string;
  company: string;
  registeredAt: string;
  orders: number;
  /** Gross minor units of the orders that count as sales. */
  spent: number;
  lastOrderAt: string | null;
  country: string;
};

export type AdminCustomerPage = {
  rows: AdminCustomerRow[];
  next: number | null;
  previous: number | null;
};

/** The customer page's read-only sections. */
export type CustomerSectionsData = {
  customer: { id: number; name: string };
  figures: { orders: number; spent: number; last: string | null };
  orders: {
    id: number;
    number: number;
    status: string;
    total: number;
    currency: string;
    createdAt: string;
    paymentMethodTitle: string;
    consent: { terms: boolean; digital: boolean | null; at: string } | null;
    /** Where the order came from, field by field (only when the shopper allowed tracking). */
    attribution: Record<string, string>;
  }[];
  subscriptions: { id: number; name: string; status: string; nextPaymentAt: string | null }[];
  /** Cards and accounts the customer paid with, by brand (or type) and last four digits. */
  paymentMethods: { type: string; brand: string | null; last4: string }[];
  reviews: {
    id: number;
    productId: number;
    rating: number | null;
    content: string;
    status: string;
    createdAt: string;
  }[];
  changes: {
    id: number;
    at: string;
    actor: string;
    channel: string;
    action: string;
    fields: string[];
  }[];
};
