import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/view-subscription';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useMoney } from '#app/components/ui/price.tsx';
import {
  handleViewSubscription,
  loadViewSubscription,
} from '#app/http/pages/account-subscriptions.server.ts';
import { recurringText, termsDetails } from '#app/domain/subscriptions/subscriptions.view.ts';
import { SUBSCRIPTION_MESSAGE_AREAS } from '#app/domain/subscriptions/account-subscriptions.view.ts';
import { type MessagesHandle, type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: SUBSCRIPTION_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadViewSubscription(args);
}

export async function action(args: Route.ActionArgs) {
  return handleViewSubscription(args);
}

export default function ViewSubscription({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const refused = useActionData<typeof action>();
  const { subscription: s, orders, security, notice } = loaderData;
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : t('subscription.no_next'));
  return (
    <AccountLayout title={t('subscription.title', { id: s.id })} security={security}>
      {refused && <Notice kind="error">{refused.message}</Notice>}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <table className="shop_table subscription-details">
        <tbody>
          <tr>
            <th scope="row">{t('subscription.col_status')}</th>
            <td className="subscription-status">{t(`subscription.status.${s.status}`)}</td>
          </tr>
          <tr>
            <th scope="row">{t('cart.product')}</th>
            <td>
              {s.name} × {s.quantity}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('subscription.recurring')}</th>
            <td>
              {recurringText(t, money(s.recurringTotal), s.terms)}
              <span className="subscription-terms-details">
                {' '}
                ({termsDetails(t, money, s.terms).join(', ')})
              </span>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('subscription.start')}</th>
            <td>{date(s.startAt)}</td>
          </tr>
          {s.trialEndAt && (
            <tr>
              <th scope="row">{t('subscription.trial_end')}</th>
              <td>{date(s.trialEndAt)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('subscription.next_payment')}</th>
            <td className="subscription-next">{date(s.nextPaymentAt)}</td>
          </tr>
          {s.endAt && (
            <tr>
              <th scope="row">{t('subscription.end')}</th>
              <td>{date(s.endAt)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('subscription.payment_method')}</th>
            <td className="subscription-method">
              {s.manualRenewal
                ? t('subscription.payment_manual')
                : [s.paymentMethodTitle, s.paymentMethodLabel].filter(Boolean).join(' – ')}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="subscription-actions">
        {s.mayChangeMethod && (
          <Link to={loaderData.changePath} className="button button-secondary">
            {t('subscription.change_method')}
          </Link>
        )}
        {s.mayCancel && (
          <Form method="post" reloadDocument>
            <input type="hidden" name="security" value={security} />
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button-danger">
              {t('subscription.cancel')}
            </button>
          </Form>
        )}
      </div>
      <h2>{t('subscription.related_orders')}</h2>
      <table className="shop_table subscription-orders">
        <thead>
          <tr>
            <th scope="col">{t('order.number')}</th>
            <th scope="col">{t('order.date')}</th>
            <th scope="col">{t('subscription.col_status')}</th>
            <th scope="col">{t('subscription.col_total')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row">
                <Link to={`/my-account/view-order/${o.id}`}>#{o.number}</Link>{' '}
                <span className="subscription-order-kind">
                  (
                  {t(
                    o.kind === 'parent'
                      ? 'subscription.order_parent'
                      : 'subscription.order_renewal',
                  )}
                  )
                </span>
                {o.payPath && (
                  <>
                    {' '}
                    <a href={o.payPath} className="button">
                      {t('subscription.pay_now')}
                    </a>
                  </>
                )}
              </th>
              <td>{date(o.createdAt)}</td>
              <td>{t(`order.status.${o.status}` as TextKey)}</td>
              <td>{money(o.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Link to="/my-account/subscriptions">{t('subscription.list_title')}</Link>
      </p>
    </AccountLayout>
  );
}
