import { useActionData } from 'react-router';
import type { Route } from './+types/product-stock';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductTabs } from '#app/components/admin/product-tabs.tsx';
import { QuickStockForm, StockHistoryTable } from '#app/components/admin/product-stock.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  type StockEditAnswer,
  handleStockEdit,
  loadProductStock,
} from '#app/http/admin/product-stock.server.ts';
import { type MessagesHandle, formatNumber, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-stock.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductStock(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleStockEdit(args);
}

/** A product's stock now, its quick edit, and every change of it, newest first. */
export default function ProductStockPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const answer = useActionData<StockEditAnswer>();
  const { product, variations, history, next, paged, saved, security } = loaderData;
  const rows = product.type === 'variable' ? variations : [product];
  return (
    <AdminPage
      title={t('admin.stock.title', { name: product.name })}
      crumbs={[{ label: t('admin.products.title'), to: '/admin/products' }]}
      className="admin-product-stock"
    >
      <ProductTabs productId={product.id} variable={product.type === 'variable'} />
      {answer ? (
        <Notice kind="error">{answer.message}</Notice>
      ) : (
        saved && <Notice kind="success">{t('admin.stock.saved')}</Notice>
      )}
      <section aria-labelledby="stock-now">
        <h2 id="stock-now">{t('admin.stock.now')}</h2>
        <ul className="admin-stock-rows">
          {rows.map((row) => (
            <li key={row.id} data-stock-row={row.id}>
              <h3>
                {row.name}
                {row.sku && <span className="admin-sub"> ({row.sku})</span>}
              </h3>
              {row.managed && row.quantity !== null ? (
                <>
                  <p>
                    {t('admin.stock.current')}{' '}
                    <strong data-quantity={row.id}>{formatNumber(row.quantity, locale)}</strong>
                  </p>
                  <QuickStockForm
                    // A refused edit starts afresh from the figure as it stands now.
                    key={`${row.id}:${row.quantity}`}
                    productId={product.id}
                    rowId={row.id}
                    name={row.name}
                    quantity={row.quantity}
                    security={security}
                    full
                  />
                </>
              ) : (
                <p className="admin-sub">{t('admin.stock.not_managed')}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="stock-history">
        <h2 id="stock-history">{t('admin.stock.history')}</h2>
        <StockHistoryTable entries={history} captionId="stock-history" />
        <nav aria-label={t('admin.stock.pages')} className="admin-pager">
          {paged && <a href={`/admin/products/${product.id}/stock`}>{t('admin.stock.newest')}</a>}
          {next !== null && (
            <a href={`/admin/products/${product.id}/stock?before=${next}`}>
              {t('admin.stock.older')}
            </a>
          )}
        </nav>
      </section>
    </AdminPage>
  );
}
