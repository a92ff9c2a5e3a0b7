import { useActionData } from 'react-router';
import type { Route } from './+types/coupon-edit';
import { CouponEditorForm, CouponUsage } from '#app/components/admin/coupon-editor.tsx';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { CouponEditorAnswer } from '#app/domain/coupons/admin-coupons.view.ts';
import { handleCouponEditor, loadCouponEditor } from '#app/http/admin/coupons.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-coupons.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCouponEditor(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCouponEditor(args);
}

/** A coupon's rules, or the empty form of a new coupon; below, the orders that used it. */
export default function CouponEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<CouponEditorAnswer>();
  const { id, values, lists, categories, products, usage, done, security, heading } = loaderData;
  return (
    <AdminPage
      title={heading}
      crumbs={[{ label: t('admin.coupons.title'), to: '/admin/coupons' }]}
      className="admin-coupon-editor"
    >
      {done && !answer && (
        <Notice kind="success">
          {t(done === 'created' ? 'admin.coupons.done.created' : 'admin.coupons.done.saved')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <CouponEditorForm
        // A refused post shows what was typed: the form starts afresh from the answer.
        key={answer ? JSON.stringify([answer.values, answer.lists]) : JSON.stringify(values)}
        values={values}
        lists={lists}
        categories={categories}
        products={products}
        security={security}
        answer={answer}
      />
      {id !== null && usage && <CouponUsage id={id} usage={usage} />}
    </AdminPage>
  );
}
