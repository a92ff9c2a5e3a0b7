import { Form, Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import { countryName } from '#app/domain/customers/address-locale.ts';
import {
  type AdminCustomerPage,
  type AdminCustomerQuery,
  type AdminCustomerSort,
  adminCustomersHref,
} from '#app/domain/privacy/admin-customers.view.ts';
import { formatDate, useI18n } from '#app/lib/i18n.ts';

/** Hidden fields that keep the rest of the list's state when one of its GET forms is sent. */
function Keep({ query, names }: { query: AdminCustomerQuery; names: string[] }) {
  const params = new URLSearchParams(adminCustomersHref(query).split('?')[1] ?? '');
  return (
    <>
      {[...params]
        .filter(([name]) => names.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** Search and filters: plain GET forms, so the URL keeps the state and no script is needed. */
export function CustomerSearch({
  query,
  countries,
}: {
  query: AdminCustomerQuery;
  countries: string[];
}) {
  const { t, locale } = useI18n();
  const unchanged = { ...query, after: null, before: null };
  return (
    <>
      <Form method="get" action="/admin/customers" role="search" className="admin-search">
        <Keep query={query} names={['orders', 'from', 'to', 'country', 'sort', 'dir']} />
        <label htmlFor="admin-customer-search">{t('admin.customers.search_label')}</label>
        <input
          id="admin-customer-search"
          type="search"
          name="q"
          defaultValue={query.search}
          maxLength={100}
          aria-describedby="admin-customer-search-hint"
        />
        <button type="submit" className="button">
          {t('admin.customers.search_submit')}
        </button>
        {query.search && (
          <Link to={adminCustomersHref({ ...unchanged, search: '' })}>
            {t('admin.customers.search_clear')}
          </Link>
        )}
        <p id="admin-customer-search-hint" className="admin-hint">
          {t('admin.customers.search_hint')}
        </p>
      </Form>
      <Form
        method="get"
        action="/admin/customers"
        className="admin-filters"
        aria-labelledby="admin-customer-filters"
      >
        <h2 id="admin-customer-filters" className="visually-hidden">
          {t('admin.customers.filters')}
        </h2>
        <Keep query={query} names={['q', 'sort', 'dir']} />
        <div className="admin-filter">
          <label htmlFor="admin-customer-orders">{t('admin.customers.has_orders')}</label>
          <select id="admin-customer-orders" name="orders" defaultValue={query.orders ?? ''}>
            <option value="">{t('admin.customers.any')}</option>
            <option value="yes">{t('admin.customers.yes')}</option>
            <option value="no">{t('admin.customers.no')}</option>
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="admin-customer-from">{t('admin.customers.registered_from')}</label>
          <input id="admin-customer-from" type="date" name="from" defaultValue={query.from ?? ''} />
        </div>
        <div className="admin-filter">
          <label htmlFor="admin-customer-to">{t('admin.customers.registered_to')}</label>
          <input id="admin-customer-to" type="date" name="to" defaultValue={query.to ?? ''} />
        </div>
        <div className="admin-filter">
          <label htmlFor="admin-customer-country">{t('admin.customers.country')}</label>
          <select id="admin-customer-country" name="country" defaultValue={query.country ?? ''}>
            <option value="">{t('admin.customers.any')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="button">
            {t('admin.customers.apply_filters')}
          </button>
          {(query.orders || query.from || query.to || query.country) && (
            <Link
              to={adminCustomersHref({ search: query.search, sort: query.sort, dir: query.dir })}
            >
              {t('admin.customers.clear_filters')}
            </Link>
          )}
        </div>
      </Form>
    </>
  );
}

function SortHeader({
  column,
  label,
  query,
}: {
  column: AdminCustomerSort;
  label: string;
  query: AdminCustomerQuery;
}) {
  const { t } = useI18n();
  const active = query.sort === column;
  const dir = active
    ? query.dir === 'desc'
      ? 'asc'
      : 'desc'
    : column === 'registered'
      ? 'desc'
      : 'asc';
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={adminCustomersHref({ ...query, sort: column, dir, after: null, before: null })}>
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

export function CustomerTable({
  page,
  query,
}: {
  page: AdminCustomerPage;
  query: AdminCustomerQuery;
}) {
  const { t, locale } = useI18n();
  if (page.rows.length === 0) {
    return (
      <p className="admin-empty">
        {query.search
          ? t('admin.customers.empty_search', { query: query.search })
          : t('admin.customers.empty')}
      </p>
    );
  }
  return (
    <div
      className="admin-table-wrap"
      role="region"
      tabIndex={0}
      aria-labelledby="admin-customers-caption"
    >
      <table className="admin-table admin-customers">
        <caption id="admin-customers-caption" className="visually-hidden">
          {t('admin.customers.title')}
        </caption>
        <thead>
          <tr>
            <SortHeader column="name" label={t('admin.customers.col.name')} query={query} />
            <SortHeader column="email" label={t('admin.customers.col.email')} query={query} />
            <SortHeader
              column="registered"
              label={t('admin.customers.col.registered')}
              query={query}
            />
            <th scope="col" className="num">
              {t('admin.customers.col.orders')}
            </th>
            <th scope="col" className="num">
              {t('admin.customers.col.spent')}
            </th>
            <th scope="col">{t('admin.customers.col.last_order')}</th>
            <th scope="col">{t('admin.customers.col.country')}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/customers/${row.id}`}>{row.name || row.email}</Link>
                {row.company && <span className="admin-sub">{row.company}</span>}
              </th>
              <td>{row.email}</td>
              <td>
                <time dateTime={row.registeredAt}>{formatDate(row.registeredAt, locale)}</time>
              </td>
              <td className="num">{row.orders}</td>
              <td className="num">
                <Money amount={row.spent} />
              </td>
              <td>
                {row.lastOrderAt ? (
                  <time dateTime={row.lastOrderAt}>{formatDate(row.lastOrderAt, locale)}</time>
                ) : (
                  '–'
                )}
              </td>
              <td>{row.country ? countryName(row.country, locale) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
