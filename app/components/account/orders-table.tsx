import { useEffect } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { statusText } from '#app/components/checkout/order-details.tsx';
import { useMoney } from '#app/components/ui/price.tsx';
import { type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';

export type OrdersTableQuery = {
  page: number;
  perPage: number;
  sort: 'number' | 'date' | 'status' | 'total';
  dir: 'asc' | 'desc';
  search: string;
};

export type OrdersTableRow = {
  id: number;
  number: number;
  createdAt: string;
  status: string;
  total: number;
  itemCount: number;
  payPath: string | null;
  mayCancel: boolean;
  mayWithdraw: boolean;
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** How long the table's state is kept in the browser (the table library's 7200 s). */
export const STATE_SECONDS = 7200;
export const STATE_KEY = 'orders-table-state';
/** Paging buttons shown at most, ellipses included. */
export const PAGING_BUTTONS = 7;

/** The page numbers to show, with null for an ellipsis: at most seven buttons. */
export function pageButtons(page: number, pages: number): (number | null)[] {
  if (pages <= PAGING_BUTTONS) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(PAGING_BUTTONS / 2);
  if (page <= half + 1) return [1, 2, 3, 4, 5, null, pages];
  if (page >= pages - half) return [1, null, pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, null, page - 1, page, page + 1, null, pages];
}

export function queryString(q: OrdersTableQuery, change: Partial<OrdersTableQuery> = {}): string {
  const next = { ...q, ...change };
  const params = new URLSearchParams();
  if (next.page > 1) params.set('paged', String(next.page));
  if (next.perPage !== 10) params.set('per_page', String(next.perPage));
  if (next.sort !== 'date') params.set('orderby', next.sort);
  if (next.dir !== 'desc') params.set('order', next.dir);
  if (next.search) params.set('search', next.search);
  const text = params.toString();
  return text ? `?${text}` : '?';
}

const COLUMNS: { key: OrdersTableQuery['sort']; label: TextKey }[] = [
  { key: 'number', label: 'account.orders.number' },
  { key: 'date', label: 'account.orders.date' },
  { key: 'status', label: 'account.orders.status' },
  { key: 'total', label: 'account.orders.total' },
];

/**
 * The account's orders: sortable columns, a search, page sizes and paging, all as links and
 * GET forms so they work without JavaScript; with it, the state is kept for two hours and a
 * return to the bare address restores it.
 */
export function OrdersTable({
  rows,
  total,
  query,
  security,
}: {
  rows: OrdersTableRow[];
  total: number;
  query: OrdersTableQuery;
  security: string;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / query.perPage));

  useEffect(() => {
    const bare = window.location.search === '';
    if (bare) {
      try {
        const saved = JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null') as {
          time: number;
          search: string;
        } | null;
        if (saved && Date.now() - saved.time < STATE_SECONDS * 1000 && saved.search !== '?') {
          void navigate(saved.search, { replace: true });
          return;
        }
      } catch {
        // No storage or a broken entry: the defaults stand.
      }
    }
    try {
      localStorage.setItem(
        STATE_KEY,
        JSON.stringify({ time: Date.now(), search: queryString(query) }),
      );
    } catch {
      // Storage full or refused: the state is simply not kept.
    }
  }, [query, navigate]);

  const from = total === 0 ? 0 : (query.page - 1) * query.perPage + 1;
  const to = Math.min(total, query.page * query.perPage);
  return (
    <div className="orders-table">
      <div className="orders-table-controls">
        <Form method="get" className="orders-table-length">
          <label htmlFor="orders-per-page">
            <select
              id="orders-per-page"
              name="per_page"
              defaultValue={String(query.perPage)}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>{' '}
            {t('account.orders.per_page')}
          </label>
          {query.search && <input type="hidden" name="search" value={query.search} />}
          {query.sort !== 'date' && <input type="hidden" name="orderby" value={query.sort} />}
          {query.dir !== 'desc' && <input type="hidden" name="order" value={query.dir} />}
          <noscript>
            <button type="submit" className="button button-secondary">
              {t('account.orders.search_button')}
            </button>
          </noscript>
        </Form>
        <Form method="get" role="search" className="orders-table-search">
          <label htmlFor="orders-search">{t('account.orders.search')}</label>
          <input
            id="orders-search"
            type="search"
            name="search"
            maxLength={100}
            defaultValue={query.search}
          />
          <input type="hidden" name="per_page" value={query.perPage} />
          <button type="submit" className="button button-secondary">
            {t('account.orders.search_button')}
          </button>
        </Form>
      </div>
      <table className="shop_table shop_table_responsive my_account_orders">
        <caption className="visually-hidden">{t('account.orders.caption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((col) => {
              const active = query.sort === col.key;
              const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={
                    active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  <Link
                    to={queryString(query, { sort: col.key, dir: nextDir, page: 1 })}
                    className="sort-link"
                  >
                    {t(col.label)}
                    <span className="visually-hidden">
                      {active
                        ? `, ${t(query.dir === 'asc' ? 'account.orders.sorted_asc' : 'account.orders.sorted_desc')}`
                        : ''}
                    </span>
                    <span aria-hidden="true" className="sort-arrow">
                      {active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </Link>
                </th>
              );
            })}
            <th scope="col">{t('account.orders.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>
                {query.search ? t('account.orders.no_match') : t('account.orders.none')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={`order status-${row.status}`}>
                <th scope="row" data-title={t('account.orders.number')}>
                  <Link to={`/my-account/view-order/${row.id}`}>#{row.number}</Link>
                </th>
                <td data-title={t('account.orders.date')}>
                  <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale)}</time>
                </td>
                <td data-title={t('account.orders.status')}>{statusText(row.status, t)}</td>
                <td data-title={t('account.orders.total')}>
                  {t('account.orders.items_for', { total: money(row.total), count: row.itemCount })}
                </td>
                <td data-title={t('account.orders.actions')} className="order-actions">
                  <Link
                    to={`/my-account/view-order/${row.id}`}
                    className="button button-secondary button-small"
                    aria-label={t('account.orders.view_order', { number: row.number })}
                  >
                    {t('account.orders.view')}
                  </Link>
                  {row.payPath && (
                    <a
                      href={row.payPath}
                      className="button button-small"
                      aria-label={t('account.orders.pay_order', { number: row.number })}
                    >
                      {t('account.orders.pay')}
                    </a>
                  )}
                  {row.mayWithdraw && (
                    <Link
                      to={`/vertrag-widerrufen?order=${row.id}`}
                      className="button button-secondary button-small"
                      aria-label={t('account.orders.withdraw_order', { number: row.number })}
                    >
                      {t('account.orders.withdraw')}
                    </Link>
                  )}
                  {row.mayCancel && (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="security" value={security} />
                      <input type="hidden" name="order_id" value={row.id} />
                      <button
                        type="submit"
                        className="button button-secondary button-small"
                        aria-label={t('account.orders.cancel_order', { number: row.number })}
                      >
                        {t('account.orders.cancel')}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="orders-table-footer">
        <p className="orders-table-info" role="status">
          {t('account.orders.info', { from, to, total })}
        </p>
        {pages > 1 && (
          <nav aria-label={t('account.orders.pages')} className="orders-table-paging">
            <ul>
              <li>
                {query.page > 1 ? (
                  <Link to={queryString(query, { page: query.page - 1 })}>
                    {t('account.orders.previous')}
                  </Link>
                ) : (
                  <span className="disabled">{t('account.orders.previous')}</span>
                )}
              </li>
              {pageButtons(query.page, pages).map((n, i) => (
                <li key={i}>
                  {n === null ? (
                    <span aria-hidden="true">…</span>
                  ) : n === query.page ? (
                    <span aria-current="page" className="current">
                      <span className="visually-hidden">
                        {t('account.orders.page', { page: n })}
                      </span>
                      <span aria-hidden="true">{n}</span>
                    </span>
                  ) : (
                    <Link
                      to={queryString(query, { page: n })}
                      aria-label={t('account.orders.page', { page: n })}
                    >
                      {n}
                    </Link>
                  )}
                </li>
              ))}
              <li>
                {query.page < pages ? (
                  <Link to={queryString(query, { page: query.page + 1 })}>
                    {t('account.orders.next')}
                  </Link>
                ) : (
                  <span className="disabled">{t('account.orders.next')}</span>
                )}
              </li>
            </ul>
          </nav>
        )}
      </div>
    </div>
  );
}
