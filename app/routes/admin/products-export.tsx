import type { Route } from './+types/products-export';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductExportForm } from '#app/components/admin/product-export.tsx';
import { loadProductExport } from '#app/http/admin/product-export.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductExport(args, handle.messageAreas);
}

/** Downloads the catalogue, or part of it, as WooCommerce's product CSV. */
export default function ProductExport({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminPage
      title={t('admin.productExport.title')}
      crumbs={[{ label: t('admin.stock.nav'), to: '/admin/products' }]}
    >
      <ProductExportForm categories={loaderData.categories} />
    </AdminPage>
  );
}
