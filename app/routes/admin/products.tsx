import { Fragment, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/products';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  PRODUCT_SEARCH_ID,
  ProductBulkBar,
  ProductFilters,
  ProductSearch,
} from '#app/components/admin/product-filters.tsx';
import { ProductTable } from '#app/components/admin/product-list.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { handleBulkProducts, loadProductList } from '#app/http/admin/product-list.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stockStylesheet from '#app/styles/admin-stock.css?url';
import importStylesheet from '#app/styles/admin-import.css?url';
import { KeysetPager } from '#app/components/admin/keyset-pager.tsx';
import { adminProductsHref } from '#app/domain/catalog/product-admin.view.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stockStylesheet },
  { rel: 'stylesheet', href: importStylesheet },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductList(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleBulkProducts(args);
}

function BulkNotice({ notice }: { notice: Route.ComponentProps['loaderData']['notice'] }) {
  const { t } = useI18n();
  if (!notice) return null;
  if (notice.kind === 'error')
    return <Notice kind="error">{t(`admin.products.error.${notice.code}` as TextKey)}</Notice>;
  const text = [t('admin.products.done', { count: notice.count })];
  if (notice.skipped > 0) text.push(t('admin.products.skipped', { count: notice.skipped }));
  return <Notice kind={notice.skipped > 0 ? 'info' : 'success'}>{text.join(' ')}</Notice>;
}

/** "/" jumps to the search field, as on the order list. */
function useSlashToSearch() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable]')) return;
      const search = document.getElementById(PRODUCT_SEARCH_ID);
      if (!(search instanceof HTMLInputElement)) return;
      event.preventDefault();
      search.focus();
      search.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** All products: search, filters, sortable columns, bulk edit and keyset pages, all in the URL. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page, options, notice, security } = loaderData;
  const location = useLocation();
  useSlashToSearch();
  return (
    <AdminPage
      title={t('admin.products.title')}
      crumbs={[]}
      actions={
        <div className="admin-heading-actions">
          <Link to="/admin/products/new" className="button">
            {t('admin.productEditor.add')}
          </Link>
          <Link to="/admin/products/import">{t('admin.importPage.nav')}</Link>
          <Link to="/admin/products/export">{t('admin.importPage.exportNav')}</Link>
        </div>
      }
    >
      <BulkNotice notice={notice} />
      <ProductSearch query={query} />
      <ProductFilters query={query} options={options} />
      {/* Keyed by the visit: after a bulk change the ticks and the form start afresh. */}
      <Fragment key={location.key}>
        {page.rows.length > 0 && (
          <ProductBulkBar query={query} security={security} options={options} />
        )}
        <ProductTable
          page={page}
          query={query}
          quickEdit={{ security, back: `${location.pathname}${location.search}` }}
        />
      </Fragment>
      <KeysetPager page={page} href={(cursor) => adminProductsHref({ ...query, ...cursor })} />
    </AdminPage>
  );
}
