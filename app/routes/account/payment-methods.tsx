import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/payment-methods';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  handlePaymentMethods,
  loadPaymentMethods,
} from '#app/http/pages/payment-methods.server.ts';
import { METHODS_MESSAGE_AREAS, METHODS_PATH } from '#app/domain/payments/payment-methods.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: METHODS_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPaymentMethods(args);
}

export async function action(args: Route.ActionArgs) {
  return handlePaymentMethods(args);
}

export default function PaymentMethods({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const refused = useActionData<typeof action>();
  const { methods, confirmDelete, security, notice } = loaderData;
  return (
    <AccountLayout title={t('methods.title')} security={security}>
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {loaderData.loadFailed && <Notice kind="error">{t('methods.load_failed')}</Notice>}
      {confirmDelete ? (
        <section className="account-box method-delete" aria-labelledby="method-delete-title">
          <h2 id="method-delete-title">{t('methods.delete_confirm_title')}</h2>
          <p>{t('methods.delete_confirm_text', { method: confirmDelete.label })}</p>
          <div className="method-actions">
            <Form method="post" action={METHODS_PATH} reloadDocument>
              <input type="hidden" name="security" value={security} />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="payment_method" value={confirmDelete.id} />
              <button type="submit" className="button button-danger">
                {t('methods.delete_confirm')}
              </button>
            </Form>
            <Link to={METHODS_PATH} className="button button-secondary">
              {t('methods.cancel')}
            </Link>
          </div>
        </section>
      ) : null}
      <p>{t('methods.intro')}</p>
      {methods.length === 0 && !loaderData.loadFailed ? (
        <p className="methods-empty">{t('methods.empty')}</p>
      ) : null}
      {methods.length > 0 ? (
        <table className="shop_table methods-table">
          <thead>
            <tr>
              <th scope="col">{t('methods.col_method')}</th>
              <th scope="col">{t('methods.col_expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('methods.col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m) => (
              <tr key={m.id} data-method-id={m.id}>
                <th scope="row">
                  {m.label}
                  {m.isDefault ? (
                    <span className="method-default">{t('methods.default')}</span>
                  ) : null}
                </th>
                <td>{m.expires ?? '–'}</td>
                <td>
                  <div className="method-actions">
                    {m.isDefault ? null : (
                      <Form method="post" action={METHODS_PATH} reloadDocument>
                        <input type="hidden" name="security" value={security} />
                        <input type="hidden" name="intent" value="set_default" />
                        <input type="hidden" name="payment_method" value={m.id} />
                        <button type="submit" className="button button-secondary button-small">
                          {t('methods.make_default')}
                          <span className="visually-hidden">: {m.label}</span>
                        </button>
                      </Form>
                    )}
                    <Form method="get" action={METHODS_PATH} reloadDocument>
                      <input type="hidden" name="delete" value={m.id} />
                      <button type="submit" className="button button-secondary button-small">
                        {t('methods.delete')}
                        <span className="visually-hidden">: {m.label}</span>
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p>
        <Link to="/my-account/add-payment-method" className="button">
          {t('methods.add')}
        </Link>
      </p>
    </AccountLayout>
  );
}
