import { Link } from 'react-router';
import type { Route } from './+types/products';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { STOCK_FILTERS, stockHref } from '#app/domain/catalog/stock-admin.view.ts';
import { loadStock } from '#app/http/admin/lists.server.ts';
import { type MessagesHandle, formatNumber, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadStock(args, handle.messageAreas);
}

/** Products whose stock is managed: low, out of stock, or all of them, fewest first. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { query, page } = loaderData;
  const n = (value: number) => formatNumber(value, locale);
  return (
    <AdminPage title={t('admin.stock.title')} crumbs={[]}>
      <nav aria-label={t('admin.stock.filters')} className="admin-tabs">
        <ul>
          {STOCK_FILTERS.map((stock) => (
            <li key={stock}>
              <Link
                to={stockHref({ stock })}
                aria-current={stock === query.stock ? 'page' : undefined}
              >
                {t(`admin.stock.filter.${stock}`)}{' '}
                {stock === query.stock && <span className="admin-count">{n(page.total)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="admin-hint">{t('admin.stock.note', { count: page.fallback })}</p>
      {page.rows.length === 0 ? (
        <p className="admin-empty">{t('admin.stock.empty')}</p>
      ) : (
        <div
          className="admin-table-wrap"
          role="region"
          tabIndex={0}
          aria-labelledby="stock-caption"
        >
          <table className="admin-table">
            <caption id="stock-caption" className="visually-hidden">
              {t(`admin.stock.filter.${query.stock}`)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.stock.col.product')}</th>
                <th scope="col">{t('admin.stock.col.sku')}</th>
                <th scope="col" className="num">
                  {t('admin.stock.col.stock')}
                </th>
                <th scope="col" className="num">
                  {t('admin.stock.col.threshold')}
                </th>
                <th scope="col">{t('admin.stock.col.shop')}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id} data-product={row.id}>
                  <th scope="row">{row.name}</th>
                  <td>{row.sku ?? '–'}</td>
                  <td className={`num${row.quantity <= 0 ? ' is-out' : ''}`}>{n(row.quantity)}</td>
                  <td className="num">{n(row.threshold)}</td>
                  <td>
                    {row.href ? (
                      <a href={row.href}>
                        {t('admin.stock.view')}
                        <span className="visually-hidden">: {row.name}</span>
                      </a>
                    ) : (
                      <span className="admin-sub">{t('admin.stock.draft')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.pages > 1 && (
        <nav aria-label={t('admin.pages')} className="admin-pager">
          {page.page > 1 ? (
            <Link to={stockHref({ ...query, page: page.page - 1 })} rel="prev">
              ← {t('admin.previous')}
            </Link>
          ) : (
            <span aria-disabled="true">← {t('admin.previous')}</span>
          )}
          <span>{t('admin.stock.page', { page: n(page.page), pages: n(page.pages) })}</span>
          {page.page < page.pages ? (
            <Link to={stockHref({ ...query, page: page.page + 1 })} rel="next">
              {t('admin.next')} →
            </Link>
          ) : (
            <span aria-disabled="true">{t('admin.next')} →</span>
          )}
        </nav>
      )}
    </AdminPage>
  );
}
