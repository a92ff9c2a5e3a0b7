// The back office's customer list query read from its URL.
import { calendarDay } from '#app/domain/orders/admin-orders.rules.ts';
import {
  ADMIN_CUSTOMER_SORTS,
  type AdminCustomerQuery,
  type AdminCustomerSort,
} from './admin-customers.view.ts';

export const ADMIN_CUSTOMERS_PER_PAGE = 25;
const SEARCH_MAX = 100;

const one = (params: URLSearchParams, name: string) => {
  const all = params.getAll(name);
  return all.length === 1 ? all[0]! : '';
};
const cursor = (value: string) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** Control characters (NUL among them) cannot be stored or searched for. */
export function cleanSearch(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, SEARCH_MAX)
  );
}

/**
 * Reads the list's URL. Anything unknown, repeated, too long or malformed falls back to the
 * default instead of failing: a shared link with a stale parameter still shows a list.
 */
export function parseAdminCustomerQuery(params: URLSearchParams): AdminCustomerQuery {
  const sort = one(params, 'sort');
  const orders = one(params, 'orders');
  const after = cursor(one(params, 'after'));
  let from = calendarDay(one(params, 'from'));
  let to = calendarDay(one(params, 'to'));
  if (from && to && from > to) [from, to] = [to, from];
  const country = one(params, 'country').toUpperCase();
  return {
    search: cleanSearch(one(params, 'q')),
    orders: orders === 'yes' || orders === 'no' ? orders : null,
    from,
    to,
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    sort: (ADMIN_CUSTOMER_SORTS as readonly string[]).includes(sort)
      ? (sort as AdminCustomerSort)
      : 'registered',
    dir: one(params, 'dir') === 'asc' ? 'asc' : 'desc',
    after,
    before: after === null ? cursor(one(params, 'before')) : null,
  };
}
