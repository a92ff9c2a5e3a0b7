import { Form, Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import {
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderSort,
  adminOrdersHref,
} from '#app/domain/orders/admin-orders.view.ts';
import type { OrderStatus } from '#app/domain/orders/orders.schema.ts';
import { type TextKey, formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';

export type StatusTab = { status: OrderStatus | null; count: number };

const statusKey = (status: OrderStatus) => `order.status.${status}` as TextKey;

/** One link per status with its count; the chosen one is the current page. */
export function StatusTabs({ tabs, query }: { tabs: StatusTab[]; query: AdminOrderQuery }) {
  const { t, locale } = useI18n();
  return (
    <nav aria-label={t('admin.status_tabs')} className="admin-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.status ?? 'all'}>
            <Link
              to={adminOrdersHref({ ...query, status: tab.status, after: null, before: null })}
              aria-current={tab.status === query.status ? 'page' : undefined}
            >
              {tab.status ? t(statusKey(tab.status)) : t('admin.all')}{' '}
              <span className="admin-count">{formatNumber(tab.count, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A plain GET form: searching works before the script loads, and the URL keeps the state. */
export function OrderSearch({ query }: { query: AdminOrderQuery }) {
  const { t } = useI18n();
  return (
    <Form method="get" action="/admin/orders" role="search" className="admin-search">
      {query.status && <input type="hidden" name="status" value={query.status} />}
      {query.sort !== 'date' && <input type="hidden" name="sort" value={query.sort} />}
      {query.dir === 'asc' && <input type="hidden" name="dir" value="asc" />}
      <label htmlFor="admin-order-search">{t('admin.search_label')}</label>
      <input
        id="admin-order-search"
        type="search"
        name="q"
        defaultValue={query.search}
        maxLength={100}
        aria-describedby="admin-order-search-hint"
      />
      <button type="submit" className="button">
        {t('admin.search_submit')}
      </button>
      {query.search && (
        <Link to={adminOrdersHref({ ...query, search: '', after: null, before: null })}>
          {t('admin.search_clear')}
        </Link>
      )}
      <p id="admin-order-search-hint" className="admin-hint">
        {t('admin.search_hint')}
      </p>
    </Form>
  );
}

function SortHeader({
  column,
  label,
  query,
  numeric,
}: {
  column: AdminOrderSort;
  label: string;
  query: AdminOrderQuery;
  numeric?: boolean;
}) {
  const { t } = useI18n();
  const active = query.sort === column;
  // A second click turns the order round; a new column starts with the largest or newest.
  const dir = active && query.dir === 'desc' ? 'asc' : 'desc';
  return (
    <th
      scope="col"
      className={numeric ? 'num' : undefined}
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={adminOrdersHref({ ...query, sort: column, dir, after: null, before: null })}>
        {label}
        {active && (
          <>
            <span aria-hidden="true">{query.dir === 'asc' ? ' ▲' : ' ▼'}</span>
            <span className="visually-hidden">
              {' '}
              ({t(query.dir === 'asc' ? 'admin.sorted_asc' : 'admin.sorted_desc')})
            </span>
          </>
        )}
      </Link>
    </th>
  );
}

export function OrderTable({ page, query }: { page: AdminOrderPage; query: AdminOrderQuery }) {
  const { t, locale } = useI18n();
  if (page.rows.length === 0) {
    return (
      <p className="admin-empty">
        {query.search ? t('admin.empty_search', { query: query.search }) : t('admin.empty')}
      </p>
    );
  }
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby="admin-orders">
      <table className="admin-table">
        <caption id="admin-orders" className="visually-hidden">
          {t('admin.orders')}
        </caption>
        <thead>
          <tr>
            <SortHeader column="number" label={t('admin.col.number')} query={query} />
            <SortHeader column="date" label={t('admin.col.date')} query={query} />
            <th scope="col">{t('admin.col.customer')}</th>
            <SortHeader column="status" label={t('admin.col.status')} query={query} />
            <SortHeader column="total" label={t('admin.col.total')} query={query} numeric />
            <th scope="col">{t('admin.col.payment')}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/orders/${row.id}`}>#{row.number}</Link>
              </th>
              <td>
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
              </td>
              <td>
                <span className="admin-name">{row.name}</span>
                <span className="admin-sub">{row.email}</span>
              </td>
              <td>
                <span className={`admin-status is-${row.status}`}>{t(statusKey(row.status))}</span>
              </td>
              <td className="num">
                <Money amount={row.total} />
              </td>
              <td>{row.paymentMethodTitle}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous and next page by keyset cursor; a missing neighbour is plain text, not a link. */
export function KeysetPager({ page, query }: { page: AdminOrderPage; query: AdminOrderQuery }) {
  const { t } = useI18n();
  if (page.previous === null && page.next === null) return null;
  return (
    <nav aria-label={t('admin.pages')} className="admin-pager">
      {page.previous !== null ? (
        <Link to={adminOrdersHref({ ...query, after: null, before: page.previous })} rel="prev">
          ← {t('admin.previous')}
        </Link>
      ) : (
        <span aria-disabled="true">← {t('admin.previous')}</span>
      )}
      {page.next !== null ? (
        <Link to={adminOrdersHref({ ...query, after: page.next, before: null })} rel="next">
          {t('admin.next')} →
        </Link>
      ) : (
        <span aria-disabled="true">{t('admin.next')} →</span>
      )}
    </nav>
  );
}
