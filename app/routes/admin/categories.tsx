import { useActionData } from 'react-router';
import type { Route } from './+types/categories';
import { CatalogNav } from '#app/components/admin/catalog-list.tsx';
import { CategoryForm, CategoryTree } from '#app/components/admin/category-tree.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { CatalogListAnswer } from '#app/domain/catalog/catalog-lists.view.ts';
import { handleCategories, loadCategories } from '#app/http/admin/categories.server.ts';
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
  return loadCategories(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCategories(args);
}

/** The category tree: edit, move by buttons or by dragging, delete. */
export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<CatalogListAnswer>();
  const { categories, editing, images, security, done } = loaderData;
  return (
    <AdminPage
      title={t('admin.catalogLists.categories.title')}
      crumbs={[{ label: t('admin.products.title'), to: '/admin/products' }]}
      className="admin-catalog"
    >
      <CatalogNav />
      {done && !answer && (
        <Notice kind="success">
          {t(done === 'moved' ? 'admin.categories.done.moved' : `admin.catalogLists.done.${done}`)}
        </Notice>
      )}
      <div className="admin-catalog-columns">
        <CategoryTree categories={categories} security={security} answer={answer} />
        <CategoryForm
          key={editing?.id ?? 'new'}
          categories={categories}
          editing={editing}
          images={images}
          security={security}
          answer={answer}
        />
      </div>
    </AdminPage>
  );
}
