import { Form, Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import {
  type AdminCouponPage,
  type AdminCouponQuery,
  type AdminCouponRow,
  type AdminCouponSort,
  COUPON_KINDS,
  adminCouponsHref,
} from '#app/domain/coupons/admin-coupons.view.ts';
import { type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';

/** A coupon's amount as the list shows it: "10 %" or a price. */
export function CouponAmount({ row }: { row: Pick<AdminCouponRow, 'kind' | 'amount'> }) {
  const { locale } = useI18n();
  if (row.kind === 'percent') {
    return (
      <>
        {new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
          row.amount / 10_000,
        )}
      </>
    );
  }
  return <Money amount={row.amount} />;
}

/** Search and filters: plain GET forms, so the URL keeps the state and no script is needed. */
export function CouponSearch({ query }: { query: AdminCouponQuery }) {
  const { t } = useI18n();
  const keep = (names: string[]) =>
    [...new URLSearchParams(adminCouponsHref(query).split('?')[1] ?? '')]
      .filter(([name]) => names.includes(name))
      .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <>
      <Form method="get" action="/admin/coupons" role="search" className="admin-search">
        {keep(['type', 'status', 'sort', 'dir'])}
        <label htmlFor="admin-coupon-search">{t('admin.coupons.search_label')}</label>
        <input
          id="admin-coupon-search"
          type="search"
          name="q"
          defaultValue={query.search}
          maxLength={100}
        />
        <button type="submit" className="button">
          {t('admin.coupons.search_submit')}
        </button>
        {query.search && (
          <Link to={adminCouponsHref({ ...query, search: '', after: null, before: null })}>
            {t('admin.coupons.search_clear')}
          </Link>
        )}
      </Form>
      <Form
        method="get"
        action="/admin/coupons"
        className="admin-filters"
        aria-labelledby="admin-coupon-filters"
      >
        <h2 id="admin-coupon-filters" className="visually-hidden">
          {t('admin.coupons.filters')}
        </h2>
        {keep(['q', 'sort', 'dir'])}
        <div className="admin-filter">
          <label htmlFor="admin-coupon-type">{t('admin.coupons.f.discount_type')}</label>
          <select id="admin-coupon-type" name="type" defaultValue={query.kind ?? ''}>
            <option value="">{t('admin.coupons.any')}</option>
            {COUPON_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.coupons.kind.${kind}` as TextKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="admin-coupon-status">{t('admin.coupons.status')}</label>
          <select id="admin-coupon-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">{t('admin.coupons.any')}</option>
            <option value="active">{t('admin.coupons.active')}</option>
            <option value="expired">{t('admin.coupons.expired')}</option>
          </select>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="button">
            {t('admin.coupons.apply_filters')}
          </button>
          {(query.kind || query.status) && (
            <Link to={adminCouponsHref({ search: query.search, sort: query.sort, dir: query.dir })}>
              {t('admin.coupons.clear_filters')}
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
  className,
}: {
  column: AdminCouponSort;
  label: string;
  query: AdminCouponQuery;
  className?: string;
}) {
  const { t } = useI18n();
  const active = query.sort === column;
  const dir = active ? (query.dir === 'desc' ? 'asc' : 'desc') : column === 'code' ? 'asc' : 'desc';
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={adminCouponsHref({ ...query, sort: column, dir, after: null, before: null })}>
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

export function CouponTable({ page, query }: { page: AdminCouponPage; query: AdminCouponQuery }) {
  const { t, locale } = useI18n();
  if (page.rows.length === 0) {
    return (
      <p className="admin-empty">
        {query.search
          ? t('admin.coupons.empty_search', { query: query.search })
          : t('admin.coupons.empty')}
      </p>
    );
  }
  return (
    <div
      className="admin-table-wrap"
      role="region"
      tabIndex={0}
      aria-labelledby="admin-coupons-caption"
    >
      <table className="admin-table admin-coupons">
        <caption id="admin-coupons-caption" className="visually-hidden">
          {t('admin.coupons.title')}
        </caption>
        <thead>
          <tr>
            <SortHeader column="code" label={t('admin.coupons.f.code')} query={query} />
            <th scope="col">{t('admin.coupons.f.discount_type')}</th>
            <th scope="col" className="num">
              {t('admin.coupons.f.coupon_amount')}
            </th>
            <SortHeader
              column="usage"
              label={t('admin.coupons.col.usage')}
              query={query}
              className="num"
            />
            <SortHeader column="expires" label={t('admin.coupons.f.expiry_date')} query={query} />
            <SortHeader column="created" label={t('admin.coupons.col.created')} query={query} />
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/coupons/${row.id}`}>{row.code}</Link>
                {row.description && <span className="admin-sub">{row.description}</span>}
              </th>
              <td>
                {t(`admin.coupons.kind.${row.kind}` as TextKey)}
                {row.freeShipping && (
                  <span className="admin-sub">{t('admin.coupons.f.free_shipping')}</span>
                )}
              </td>
              <td className="num">
                <CouponAmount row={row} />
              </td>
              <td className="num">
                {row.usageLimit === null
                  ? row.usageCount
                  : t('admin.coupons.usage_of', { count: row.usageCount, limit: row.usageLimit })}
              </td>
              <td>
                {row.lastDay ? (
                  <time dateTime={row.lastDay}>{formatDate(row.lastDay, locale)}</time>
                ) : (
                  '–'
                )}
                {row.expired && <span className="admin-sub">{t('admin.coupons.expired')}</span>}
              </td>
              <td>
                <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
