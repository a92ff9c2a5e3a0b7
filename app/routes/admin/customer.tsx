import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/customer';
import { CustomerSections } from '#app/components/admin/customer-sections.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ErrorSummary, refusalFor } from '#app/components/admin/form-errors.tsx';
import { OrderAddressForm } from '#app/components/admin/order-address-form.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { handleCustomerAction, loadCustomer } from '#app/http/admin/customers.server.ts';
import { type MessagesHandle, type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-customers.css?url';
import orderActions from '#app/styles/admin-order-actions.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: orderActions },
  { rel: 'stylesheet', href: stylesheet },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'order', 'subscription', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadCustomer(args, handle.messageAreas);
}

/** The page's forms: details, an address, the reset mail, the export. */
export async function action(args: Route.ActionArgs) {
  return handleCustomerAction(args);
}

type Loaded = Route.ComponentProps['loaderData'];

function DetailsForm({ customer, security }: Pick<Loaded, 'customer' | 'security'>) {
  const { t } = useI18n();
  const answer = refusalFor(useActionData<OrderActionData>(), 'details');
  const shown = (name: string, stored: string) => answer?.values?.[name] ?? stored;
  const errorOf = (name: string) => (answer?.field === name ? answer.message : undefined);
  const fields = [
    { name: 'first_name', label: 'admin.customers.first_name', value: customer.firstName },
    { name: 'last_name', label: 'admin.customers.last_name', value: customer.lastName },
    { name: 'display_name', label: 'admin.customers.display_name', value: customer.displayName },
    { name: 'email', label: 'admin.customers.email', value: customer.email },
  ] as const;
  return (
    <section className="admin-card" aria-labelledby="customer-details">
      <h2 id="customer-details">{t('admin.customers.details')}</h2>
      <ErrorSummary answer={answer} />
      <Form method="post" noValidate className="admin-customer-form">
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="security" value={security} />
        {fields.map((f) => (
          <Field
            key={f.name}
            id={`customer_${f.name}`}
            label={t(f.label)}
            required={f.name === 'email'}
            error={errorOf(f.name)}
            marks="star"
          >
            {(control) => (
              <input
                {...control}
                type={f.name === 'email' ? 'email' : 'text'}
                name={f.name}
                maxLength={f.name === 'email' ? 254 : 100}
                autoComplete="off"
                defaultValue={shown(f.name, f.value)}
              />
            )}
          </Field>
        ))}
        <button type="submit" className="button">
          {t('admin.customers.save_details')}
        </button>
      </Form>
    </section>
  );
}

function Actions({ customer, security }: Pick<Loaded, 'customer' | 'security'>) {
  const { t } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="customer-actions">
      <h2 id="customer-actions">{t('admin.customers.actions')}</h2>
      <div className="admin-customer-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="security" value={security} />
          <button type="submit" className="button">
            {t('admin.customers.send_reset')}
          </button>
        </Form>
        {/* A download: the browser saves the answer, the page stays. */}
        <Form method="post" action={`/admin/customers/${customer.id}/export`} reloadDocument>
          <input type="hidden" name="security" value={security} />
          <button type="submit" className="button">
            {t('admin.customers.export')}
          </button>
        </Form>
        {customer.role === 'customer' && (
          <Link className="admin-customer-danger-link" to={`/admin/customers/${customer.id}/erase`}>
            {t('admin.customers.erase')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** One customer: account, addresses, orders and everything else the shop holds about them. */
export default function Customer({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const answer = useActionData<OrderActionData>();
  const { customer, security, done } = loaderData;
  return (
    <AdminPage
      title={customer.name}
      crumbs={[{ label: t('admin.customers.title'), to: '/admin/customers' }]}
    >
      {done && <Notice kind="success">{t(`admin.customers.done.${done}` as TextKey)}</Notice>}
      {answer && !['details', 'address_billing', 'address_shipping'].includes(answer.intent) && (
        <ErrorSummary answer={answer} />
      )}
      <dl className="admin-customer-facts">
        <dt>{t('admin.customers.email')}</dt>
        <dd>{customer.email}</dd>
        <dt>{t('admin.customers.col.registered')}</dt>
        <dd>
          <time dateTime={customer.registeredAt}>{formatDate(customer.registeredAt, locale)}</time>
        </dd>
        <dt>{t('admin.customers.role')}</dt>
        <dd>{t(`admin.customers.role.${customer.role}` as TextKey)}</dd>
        <dt>{t('admin.customers.status')}</dt>
        <dd>{t(`admin.customers.status.${customer.status}` as TextKey)}</dd>
      </dl>
      <Actions customer={customer} security={security} />
      <DetailsForm customer={customer} security={security} />
      <div className="admin-address-forms">
        <OrderAddressForm
          kind="billing"
          address={customer.billing}
          security={security}
          answer={answer}
          email={false}
        />
        <OrderAddressForm
          kind="shipping"
          address={customer.shipping}
          security={security}
          answer={answer}
          email={false}
        />
      </div>
      <CustomerSections data={loaderData} />
    </AdminPage>
  );
}
