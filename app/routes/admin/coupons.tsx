import { Link } from 'react-router';
import type { Route } from './+types/coupons';
import { CouponSearch, CouponTable } from '#app/components/admin/coupon-list.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { loadCouponList } from '#app/http/admin/coupons.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-coupons.css?url';
import { KeysetPager } from '#app/components/admin/keyset-pager.tsx';
import { adminCouponsHref } from '#app/domain/coupons/admin-coupons.view.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCouponList(args, handle.messageAreas);
}

/** Every coupon: search by code, filters, sortable columns and keyset pages, all in the URL. */
export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page, done } = loaderData;
  return (
    <AdminPage title={t('admin.coupons.title')} crumbs={[]}>
      {done === 'deleted' && <Notice kind="success">{t('admin.coupons.done.deleted')}</Notice>}
      <p className="admin-coupon-new">
        <Link to="/admin/coupons/new" className="button">
          {t('admin.coupons.new')}
        </Link>
      </p>
      <CouponSearch query={query} />
      <CouponTable page={page} query={query} />
      <KeysetPager page={page} href={(cursor) => adminCouponsHref({ ...query, ...cursor })} />
    </AdminPage>
  );
}
