import { useEffect } from 'react';
import { Form, Link } from 'react-router';
import {
  type AdminOrderQuery,
  type FilterOption,
  NO_FILTERS,
  adminOrdersExportHref,
  adminOrdersHref,
  hasFilters,
} from '#app/domain/orders/admin-orders.view.ts';
import { formatDate, useI18n } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';

export type FilterOptions = {
  payment: FilterOption[];
  shipping: FilterOption[];
  country: FilterOption[];
};

const SEARCH_ID = 'admin-order-search';

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Hidden fields that keep the rest of the list's state when one of its GET forms is sent. */
function Keep({ query, names }: { query: AdminOrderQuery; names: (keyof AdminOrderQuery)[] }) {
  const params = new URLSearchParams(adminOrdersHref(query).split('?')[1] ?? '');
  const keys: Record<string, keyof AdminOrderQuery> = { q: 'search' };
  return (
    <>
      {[...params]
        .filter(([name]) => names.includes(keys[name] ?? (name as keyof AdminOrderQuery)))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** A plain GET form: searching works before the script loads, and the URL keeps the state. */
export function OrderSearch({ query }: { query: AdminOrderQuery }) {
  const { t } = useI18n();
  return (
    <Form method="get" action="/admin/orders" role="search" className="admin-search">
      <Keep
        query={query}
        names={[
          'status',
          'sort',
          'dir',
          'from',
          'to',
          'payment',
          'shipping',
          'country',
          'customer',
        ]}
      />
      <label htmlFor={SEARCH_ID}>{t('admin.search_label')}</label>
      <input
        id={SEARCH_ID}
        type="search"
        name="q"
        defaultValue={query.search}
        maxLength={100}
        aria-describedby="admin-order-search-hint"
        aria-keyshortcuts="/"
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
        {t('admin.list.search_hint')}
      </p>
    </Form>
  );
}

/** `/` anywhere on the list, except while typing in a field, moves to the search. */
export function useSlashToSearch() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable]')) return;
      const search = document.getElementById(SEARCH_ID);
      if (!(search instanceof HTMLInputElement)) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: 'payment' | 'shipping' | 'country';
  label: string;
  value: string | null;
  options: FilterOption[];
}) {
  const { t } = useI18n();
  // A value chosen in a link that no order uses any more still shows as chosen.
  const all =
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <div className="admin-filter">
      <label htmlFor={`admin-filter-${name}`}>{label}</label>
      {/* `selected` on the option: the server's markup shows the choice before the script runs. */}
      <select id={`admin-filter-${name}`} name={name}>
        <option value="" selected={!value}>
          {t('admin.list.any')}
        </option>
        {all.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Date range, payment and shipping method, billing country: a GET form, so links keep them. */
export function OrderFilters({
  query,
  options,
}: {
  query: AdminOrderQuery;
  options: FilterOptions;
}) {
  const { t, locale } = useI18n();
  const countries = options.country.map((o) => ({
    value: o.value,
    label: countryName(o.value, locale),
  }));
  return (
    <Form
      method="get"
      action="/admin/orders"
      className="admin-filters"
      aria-labelledby="admin-filters-title"
    >
      <h2 id="admin-filters-title" className="visually-hidden">
        {t('admin.list.filters')}
      </h2>
      <Keep query={query} names={['status', 'search', 'sort', 'dir', 'customer']} />
      <div className="admin-filter">
        <label htmlFor="admin-filter-from">{t('admin.list.from')}</label>
        <input id="admin-filter-from" type="date" name="from" defaultValue={query.from ?? ''} />
      </div>
      <div className="admin-filter">
        <label htmlFor="admin-filter-to">{t('admin.list.to')}</label>
        <input id="admin-filter-to" type="date" name="to" defaultValue={query.to ?? ''} />
      </div>
      <Select
        name="payment"
        label={t('admin.list.payment')}
        value={query.payment}
        options={options.payment}
      />
      <Select
        name="shipping"
        label={t('admin.list.shipping')}
        value={query.shipping}
        options={options.shipping}
      />
      <Select
        name="country"
        label={t('admin.list.country')}
        value={query.country}
        options={countries}
      />
      <div className="admin-filter-actions">
        <button type="submit" className="button">
          {t('admin.list.apply_filters')}
        </button>
        <nav aria-label={t('admin.list.export_label')} className="admin-export">
          <a href={adminOrdersExportHref(query)} download>
            {t('admin.list.export')}
          </a>
          <a
            href={`${adminOrdersExportHref(query)}${adminOrdersExportHref(query).includes('?') ? '&' : '?'}sep=comma`}
            download
          >
            {t('admin.list.export_comma')}
          </a>
        </nav>
      </div>
    </Form>
  );
}

/** The chosen filters in words, above the table, with the way back to the whole list. */
export function ActiveFilters({
  query,
  options,
  customerName,
}: {
  query: AdminOrderQuery;
  options: FilterOptions;
  customerName: string | null;
}) {
  const { t, locale } = useI18n();
  if (!hasFilters(query) && !query.search) return null;
  const label = (list: FilterOption[], value: string) =>
    list.find((o) => o.value === value)?.label ?? value;
  const chips = [
    query.search && t('admin.list.chip.search', { value: query.search }),
    query.from &&
      t('admin.list.chip.from', { date: formatDate(`${query.from}T12:00:00Z`, locale) }),
    query.to && t('admin.list.chip.to', { date: formatDate(`${query.to}T12:00:00Z`, locale) }),
    query.payment && t('admin.list.chip.payment', { value: label(options.payment, query.payment) }),
    query.shipping &&
      t('admin.list.chip.shipping', { value: label(options.shipping, query.shipping) }),
    query.country && t('admin.list.chip.country', { value: countryName(query.country, locale) }),
    query.customer &&
      t('admin.list.chip.customer', { value: customerName ?? `#${query.customer}` }),
  ].filter((chip): chip is string => Boolean(chip));
  return (
    <div className="admin-active-filters">
      <h2 className="visually-hidden">{t('admin.list.active')}</h2>
      <ul aria-label={t('admin.list.active')}>
        {chips.map((chip) => (
          <li key={chip} className="admin-chip">
            {chip}
          </li>
        ))}
      </ul>
      <Link
        to={adminOrdersHref({
          ...NO_FILTERS,
          status: query.status,
          sort: query.sort,
          dir: query.dir,
        })}
      >
        {t('admin.list.reset')}
      </Link>
    </div>
  );
}
