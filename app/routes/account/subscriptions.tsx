import { Link } from 'react-router';
import type { Route } from './+types/subscriptions';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { useMoney } from '#app/components/ui/price.tsx';
import { loadSubscriptions } from '#app/http/pages/account-subscriptions.server.ts';
import { recurringText } from '#app/domain/subscriptions/subscriptions.view.ts';
import { SUBSCRIPTION_MESSAGE_AREAS } from '#app/domain/subscriptions/account-subscriptions.view.ts';
import { type MessagesHandle, formatDate, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: SUBSCRIPTION_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadSubscriptions(args);
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const { subscriptions, security } = loaderData;
  return (
    <AccountLayout title={t('subscription.list_title')} security={security}>
      {subscriptions.length === 0 ? (
        <p className="subscriptions-empty">{t('subscription.none')}</p>
      ) : (
        <table className="shop_table subscriptions-table">
          <thead>
            <tr>
              <th scope="col">{t('subscription.col_number')}</th>
              <th scope="col">{t('subscription.col_status')}</th>
              <th scope="col">{t('subscription.col_next')}</th>
              <th scope="col">{t('subscription.col_total')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('subscription.col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.id} data-subscription-id={s.id}>
                <th scope="row">
                  #{s.id} {s.name}
                </th>
                <td>{t(`subscription.status.${s.status}`)}</td>
                <td>
                  {s.nextPaymentAt
                    ? formatDate(s.nextPaymentAt, locale)
                    : t('subscription.no_next')}
                </td>
                <td>{recurringText(t, money(s.recurringTotal), s.terms)}</td>
                <td>
                  <Link
                    to={`/my-account/view-subscription/${s.id}`}
                    className="button button-secondary"
                    aria-label={t('subscription.view_label', { id: s.id })}
                  >
                    {t('subscription.view')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}
