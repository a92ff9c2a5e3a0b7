import { useActionData } from 'react-router';
import type { Route } from './+types/catalog-list';
import {
  CatalogEntryForm,
  CatalogListTable,
  CatalogNav,
} from '#app/components/admin/catalog-list.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { CatalogListAnswer } from '#app/domain/catalog/catalog-lists.view.ts';
import { handleCatalogList, loadCatalogList } from '#app/http/admin/catalog-lists.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-catalog.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogList(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCatalogList(args);
}

/** Tags, delivery times, deposit types, manufacturers, shipping classes, attributes, terms. */
export default function CatalogListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<CatalogListAnswer>();
  const { kind, base, heading, entries, editing, images, security, done } = loaderData;
  const crumbs = [{ label: t('admin.products.title'), to: '/admin/products' }];
  if (kind === 'terms')
    crumbs.push({
      label: t('admin.catalogLists.attributes.title'),
      to: '/admin/products/attributes',
    });
  return (
    <AdminPage title={heading} crumbs={crumbs} className="admin-catalog">
      <CatalogNav />
      {done && !answer && <Notice kind="success">{t(`admin.catalogLists.done.${done}`)}</Notice>}
      <div className="admin-catalog-columns">
        <CatalogListTable
          kind={kind}
          base={base}
          rows={entries}
          security={security}
          answer={answer}
        />
        <CatalogEntryForm
          key={editing?.id ?? 'new'}
          kind={kind}
          base={base}
          editing={editing}
          images={images}
          security={security}
          answer={answer}
        />
      </div>
    </AdminPage>
  );
}
