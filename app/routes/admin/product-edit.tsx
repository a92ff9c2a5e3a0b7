import { useActionData } from 'react-router';
import type { Route } from './+types/product-edit';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ProductEditorForm } from '#app/components/admin/product-editor.tsx';
import { ProductTabs } from '#app/components/admin/product-tabs.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { controlId } from '#app/domain/catalog/product-editor.rules.ts';
import type { SafetyGaps } from '#app/domain/catalog/product-editor.view.ts';
import type { ProductEditorAnswer } from '#app/domain/catalog/product-editor.view.ts';
import {
  handleProductEditorForm,
  loadProductEditor,
} from '#app/http/admin/product-editor.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-product-editor.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [
    'admin',
    'forms.required_mark',
    'forms.optional_mark',
    'compliance',
    'product.gallery_play_video',
    'product.gallery_video_invalid',
    'product.gallery_video_title',
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadProductEditor(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleProductEditorForm(args);
}

/** A product's own fields (the "Product" tab), or the empty form of a new product. */
export default function ProductEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<ProductEditorAnswer>();
  const {
    id,
    values,
    lists,
    choices,
    version,
    security,
    saved,
    heading,
    variations,
    variable,
    linked,
    safetyGaps,
  } = loaderData;
  const refused = answer && !answer.preview ? answer : undefined;
  return (
    <AdminPage
      title={heading}
      crumbs={[{ label: t('admin.products.title'), to: '/admin/products' }]}
      className="admin-product-editor"
    >
      {id !== null && <ProductTabs productId={id} variable={variable} />}
      {saved && !answer && <Notice kind="success">{t('admin.productEditor.saved')}</Notice>}
      <ErrorSummary answer={refused} />
      {safetyGaps.length > 0 && !answer && <SafetyWarning gaps={safetyGaps} />}
      <ProductEditorForm
        // A refused post shows what was typed: the form starts afresh from the answer.
        key={
          answer
            ? JSON.stringify([answer.values, answer.lists, answer.linked, answer.version])
            : version
        }
        values={values}
        lists={lists}
        choices={choices}
        version={version}
        security={security}
        answer={answer}
        variations={variations}
        linked={linked}
      />
    </AdminPage>
  );
}

/** A published or scheduled product without manufacturer or EU responsible person (GPSR). */
function SafetyWarning({ gaps }: { gaps: SafetyGaps }) {
  const { t } = useI18n();
  return (
    <Notice kind="info">
      <p>{t('admin.productEditor.safety_warning')}</p>
      <ul>
        {gaps.map((field) => (
          <li key={field}>
            <a href={`#${controlId(field)}`}>{t(`admin.productEditor.f.${field}`)}</a>
          </li>
        ))}
      </ul>
      <p>{t('admin.productEditor.safety_warning_after')}</p>
    </Notice>
  );
}
