import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/customer-erase';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { handleErase, loadEraseConfirmation } from '#app/http/admin/customers.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-customers.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadEraseConfirmation(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleErase(args);
}

/** The confirmation step before a customer's data is erased. */
export default function CustomerErase({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { customer, orders, staff, security } = loaderData;
  const back = `/admin/customers/${customer.id}`;
  return (
    <AdminPage
      title={t('admin.customers.erase_title', { name: customer.name })}
      crumbs={[
        { label: t('admin.customers.title'), to: '/admin/customers' },
        { label: customer.name, to: back },
      ]}
    >
      <ErrorSummary answer={answer} />
      {staff ? (
        <Notice kind="info">{t('admin.customers.error.staff_erase')}</Notice>
      ) : (
        <section className="admin-card admin-customer-erase" aria-labelledby="erase-heading">
          <h2 id="erase-heading">{t('admin.customers.erase_heading')}</h2>
          <p>{t('admin.customers.erase_explain', { email: customer.email, count: orders })}</p>
          <Form method="post">
            <input type="hidden" name="security" value={security} />
            <p className="admin-customer-confirm">
              <input id="erase-confirm" type="checkbox" name="confirm" value="yes" required />
              <label htmlFor="erase-confirm">{t('admin.customers.erase_confirm')}</label>
            </p>
            <button type="submit" className="button admin-customer-danger">
              {t('admin.customers.erase_submit')}
            </button>
          </Form>
        </section>
      )}
      <p>
        <Link to={back}>{t('admin.customers.back_to_customer', { name: customer.name })}</Link>
      </p>
    </AdminPage>
  );
}
