import { useRef } from 'react';
import { Link } from 'react-router';
import { useMoney } from '#app/components/ui/price.tsx';
import {
  type AdminProductPage,
  type AdminProductQuery,
  type AdminProductRow,
  type AdminProductSort,
  adminProductsHref,
} from '#app/domain/catalog/product-admin.view.ts';
import { type TextKey, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { BULK_FORM } from './product-filters.tsx';
import { QuickStockForm } from './product-stock.tsx';

/** "All on this page" sends every id of the page, so it selects them without the script too. */
function SelectPage({ ids }: { ids: number[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={box}
        id="admin-product-select-page"
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
      <label htmlFor="admin-product-select-page" className="visually-hidden">
        {t('admin.list.select_page')}
      </label>
    </>
  );
}

function SortHeader({
  column,
  label,
  query,
  numeric,
}: {
  column: AdminProductSort;
  label: string;
  query: AdminProductQuery;
  numeric?: boolean;
}) {
  const { t } = useI18n();
  const active = query.sort === column;
  const natural = column === 'name' || column === 'sku' ? 'asc' : 'desc';
  const dir = active ? (query.dir === 'asc' ? 'desc' : 'asc') : natural;
  return (
    <th
      scope="col"
      className={numeric ? 'num' : undefined}
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={adminProductsHref({ ...query, sort: column, dir, after: null, before: null })}>
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

function StockCell({
  row,
  quickEdit,
}: {
  row: AdminProductRow;
  quickEdit?: { security: string; back: string };
}) {
  const { t, locale } = useI18n();
  const own = row.items.filter((i) => i.id !== row.id);
  return (
    <td className="num">
      {row.type === 'variable' ? (
        <>
          {row.stock === null ? '–' : formatNumber(row.stock, locale)}{' '}
          <span className="admin-sub">{t('admin.products.variable_stock')}</span>
        </>
      ) : row.stock !== null && quickEdit && row.type === 'simple' ? (
        // Simple products with counted stock: edited right here, as on the stock page.
        <QuickStockForm
          key={`${row.id}:${row.stock}`}
          productId={row.id}
          rowId={row.id}
          name={row.name}
          quantity={row.stock}
          security={quickEdit.security}
          back={quickEdit.back}
        />
      ) : row.stock !== null ? (
        <span className={row.stock <= 0 ? 'is-out' : undefined}>
          {formatNumber(row.stock, locale)}
        </span>
      ) : (
        <span className="admin-sub">
          {t(
            `admin.products.stock.${['instock', 'onbackorder', 'out'][row.stockRank] ?? 'instock'}` as TextKey,
          )}
        </span>
      )}
      {own.length > 0 && (
        <ul className="admin-stock-items">
          {own.map((item) => (
            <li key={item.id} data-product={item.id}>
              {item.label}: {formatNumber(item.quantity, locale)}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

function PriceCell({ row }: { row: AdminProductRow }) {
  const { t } = useI18n();
  const money = useMoney();
  if (row.price === null) return <td className="num">–</td>;
  if (row.type === 'variable')
    return <td className="num">{t('admin.products.from', { price: money(row.price) })}</td>;
  return (
    <td className="num">
      {row.onSale && row.regularPrice !== null && (
        <>
          <del aria-hidden="true">{money(row.regularPrice)}</del>
          <span className="visually-hidden">
            {t('admin.products.regular', { price: money(row.regularPrice) })},{' '}
          </span>{' '}
        </>
      )}
      {money(row.price)}
    </td>
  );
}

/** No filter, search or page cursor: an empty list means the shop has no products at all. */
function unfiltered(query: AdminProductQuery): boolean {
  return (
    !query.search &&
    query.category === null &&
    query.type === null &&
    query.stock === null &&
    !query.onSale &&
    query.status === null &&
    query.after === null &&
    query.before === null
  );
}

export function ProductTable({
  page,
  query,
  quickEdit,
}: {
  page: AdminProductPage;
  query: AdminProductQuery;
  /** The per-row stock field: the form's security token and the list to come back to. */
  quickEdit?: { security: string; back: string };
}) {
  const { t } = useI18n();
  if (page.rows.length === 0) {
    return (
      <p className="admin-empty">
        {query.search
          ? t('admin.products.empty_search', { query: query.search })
          : unfiltered(query)
            ? t('admin.products.none_yet')
            : t('admin.products.empty')}
      </p>
    );
  }
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby="admin-products">
      <table className="admin-table admin-products">
        {/* Names the stock filter too: the dashboard's to-do leads to the "Low stock" table. */}
        <caption id="admin-products" className="visually-hidden">
          {query.stock
            ? `${t('admin.products.title')}: ${t(`admin.products.stock.${query.stock}` as TextKey)}`
            : t('admin.products.title')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="admin-select">
              <SelectPage ids={page.rows.map((row) => row.id)} />
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.products.col.picture')}</span>
            </th>
            <SortHeader column="name" label={t('admin.products.col.name')} query={query} />
            <SortHeader column="sku" label={t('admin.products.col.sku')} query={query} />
            <SortHeader
              column="stock"
              label={t('admin.products.col.stock')}
              query={query}
              numeric
            />
            <SortHeader
              column="price"
              label={t('admin.products.col.price')}
              query={query}
              numeric
            />
            <th scope="col">{t('admin.products.col.categories')}</th>
            <th scope="col">{t('admin.products.col.type')}</th>
            <th scope="col">{t('admin.products.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr
              key={row.id}
              data-row-id={row.id}
              data-product={row.items.some((i) => i.id === row.id) ? row.id : undefined}
            >
              <td className="admin-select">
                <input
                  type="checkbox"
                  name="ids"
                  value={row.id}
                  form={BULK_FORM}
                  data-row=""
                  aria-label={t('admin.products.select', { name: row.name })}
                />
              </td>
              <td className="admin-thumb">
                {row.thumb ? <img src={row.thumb} alt="" width={40} height={40} /> : null}
              </td>
              <th scope="row">
                <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                {row.href ? (
                  <>
                    {' '}
                    <a
                      href={row.href}
                      className="admin-product-view"
                      aria-label={t('admin.products.view', { name: row.name })}
                    >
                      {t('admin.productEditor.view_short')}
                    </a>
                  </>
                ) : null}
              </th>
              <td>{row.sku ?? '–'}</td>
              <StockCell row={row} quickEdit={quickEdit} />
              <PriceCell row={row} />
              <td>{row.categories.join(', ') || '–'}</td>
              <td>{t(`admin.products.type.${row.type}` as TextKey)}</td>
              <td>
                <span className={`admin-status is-${row.status}`}>
                  {t(`admin.products.status.${row.status}` as TextKey)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
