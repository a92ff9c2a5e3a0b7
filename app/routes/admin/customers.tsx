import type { Route } from './+types/customers';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { CustomerSearch, CustomerTable } from '#app/components/admin/customer-list.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { loadCustomerList } from '#app/http/admin/customers.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-customers.css?url';
import { KeysetPager } from '#app/components/admin/keyset-pager.tsx';
import { adminCustomersHref } from '#app/domain/privacy/admin-customers.view.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCustomerList(args, handle.messageAreas);
}

/** All customer accounts: search, filters, sortable columns and keyset pages, all in the URL. */
export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page, countries, erased } = loaderData;
  return (
    <AdminPage title={t('admin.customers.title')} crumbs={[]}>
      {erased && <Notice kind="success">{t('admin.customers.done.erased')}</Notice>}
      <CustomerSearch query={query} countries={countries} />
      <CustomerTable page={page} query={query} />
      <KeysetPager page={page} href={(cursor) => adminCustomersHref({ ...query, ...cursor })} />
    </AdminPage>
  );
}
