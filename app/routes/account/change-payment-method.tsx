import { Link } from 'react-router';
import type { Route } from './+types/change-payment-method';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { ChangePaymentForm } from '#app/components/subscription/change-payment-form.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { loadChangePaymentMethod } from '#app/http/pages/account-subscriptions.server.ts';
import { SUBSCRIPTION_MESSAGE_AREAS } from '#app/domain/subscriptions/account-subscriptions.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [...SUBSCRIPTION_MESSAGE_AREAS, 'stripe', 'methods'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadChangePaymentMethod(args);
}

export default function ChangePaymentMethod({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { subscription, stripe, security } = loaderData;
  return (
    <AccountLayout
      title={t('subscription.change_method_title', { id: subscription.id })}
      security={security}
    >
      <p>{t('subscription.change_method_intro')}</p>
      {stripe ? (
        <ChangePaymentForm
          data={stripe}
          types={loaderData.types}
          subscriptionId={subscription.id}
        />
      ) : (
        <Notice kind="info">{t('methods.none_offered')}</Notice>
      )}
      <p>
        <Link to={loaderData.viewPath}>{t('subscription.title', { id: subscription.id })}</Link>
      </p>
    </AccountLayout>
  );
}
