import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/coupon-delete';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import type { CouponEditorAnswer } from '#app/domain/coupons/admin-coupons.view.ts';
import { handleCouponDelete, loadCouponDelete } from '#app/http/admin/coupons.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-coupons.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCouponDelete(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleCouponDelete(args);
}

/** The confirmation step before a coupon is deleted for good. */
export default function CouponDelete({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<CouponEditorAnswer>();
  const { coupon, security, heading } = loaderData;
  const back = `/admin/coupons/${coupon.id}`;
  return (
    <AdminPage
      title={heading}
      crumbs={[
        { label: t('admin.coupons.title'), to: '/admin/coupons' },
        { label: coupon.code, to: back },
      ]}
    >
      <ErrorSummary answer={answer} />
      <section className="admin-card" aria-labelledby="coupon-delete-heading">
        <h2 id="coupon-delete-heading">{t('admin.coupons.delete_heading')}</h2>
        <p>{t('admin.coupons.delete_explain', { code: coupon.code, count: coupon.usageCount })}</p>
        <Form method="post">
          <input type="hidden" name="security" value={security} />
          <p className="admin-coupon-confirm">
            <input id="confirm" type="checkbox" name="confirm" value="yes" required />
            <label htmlFor="confirm">
              {t('admin.coupons.delete_confirm', { code: coupon.code })}
            </label>
          </p>
          <button type="submit" className="button admin-coupon-danger">
            {t('admin.coupons.delete_submit')}
          </button>
        </Form>
      </section>
      <p>
        <Link to={back}>{t('admin.coupons.back', { code: coupon.code })}</Link>
      </p>
    </AdminPage>
  );
}
