import { useRef } from 'react';
import { Form, Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import {
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderSort,
  BULK_ACTIONS,
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

const BULK_FORM = 'admin-bulk';

/**
 * The bulk form: an action for the ticked orders. The rows' checkboxes belong to it through
 * their `form` attribute, so it works without the script.
 */
export function BulkBar({ query, security }: { query: AdminOrderQuery; security: string }) {
  const { t } = useI18n();
  return (
    <Form
      method="post"
      action={adminOrdersHref(query)}
      id={BULK_FORM}
      className="admin-bulk"
      aria-label={t('admin.list.bulk')}
    >
      <input type="hidden" name="security" value={security} />
      <label htmlFor="admin-bulk-action">{t('admin.list.bulk_action')}</label>
      <select id="admin-bulk-action" name="bulk_action" required>
        <option value="" disabled selected>
          {t('admin.list.bulk_choose')}
        </option>
        {BULK_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {t(`admin.list.bulk.${action}` as TextKey)}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t('admin.list.bulk_apply')}
      </button>
    </Form>
  );
}

/**
 * "All on this page" sends every id of the page as its value, so it selects them without
 * the script too; with it, the rows' boxes follow it.
 */
function SelectPage({ ids }: { ids: number[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={box}
        id="admin-select-page"
        type="checkbox"
        name="ids"
        value={ids.join(',')}
        form={BULK_FORM}
        onChange={(event) => {
          const table = box.current?.closest('table');
          for (const row of table?.querySelectorAll<HTMLInputElement>('input[data-row]') ?? [])
            row.checked = event.currentTarget.checked;
        }}
      />
      {/* Text in the header cell: the rows' checkboxes have a column header to belong to. */}
      <label htmlFor="admin-select-page" className="visually-hidden">
        {t('admin.list.select_page')}
      </label>
    </>
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
            <th scope="col" className="admin-select">
              <SelectPage ids={page.rows.map((row) => row.id)} />
            </th>
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
              <td className="admin-select">
                <input
                  type="checkbox"
                  name="ids"
                  value={row.id}
                  form={BULK_FORM}
                  data-row=""
                  aria-label={t('admin.list.select_order', { number: row.number })}
                />
              </td>
              <th scope="row">
                <Link to={`/admin/orders/${row.id}`}>#{row.number}</Link>
              </th>
              <td>
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>
              </td>
              <td>
                {row.customerId ? (
                  <Link
                    className="admin-name"
                    to={adminOrdersHref({ customer: row.customerId })}
                    aria-label={t('admin.list.customer_orders', { name: row.name || row.email })}
                  >
                    {row.name || row.email}
                  </Link>
                ) : (
                  <span className="admin-name">{row.name}</span>
                )}
                {row.company && <span className="admin-sub">{row.company}</span>}
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
