import { Link } from 'react-router';
import type { Route } from './+types/add-payment-method';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { AddPaymentMethodForm } from '#app/components/account/add-payment-method-form.tsx';
import { loadAddPaymentMethod } from '#app/http/pages/payment-methods.server.ts';
import { METHODS_MESSAGE_AREAS, METHODS_PATH } from '#app/domain/payments/payment-methods.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [...METHODS_MESSAGE_AREAS, 'stripe'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadAddPaymentMethod(args);
}

export default function AddPaymentMethod({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AccountLayout title={t('methods.add_title')} security={loaderData.security}>
      <p>{t('methods.add_intro')}</p>
      <AddPaymentMethodForm data={loaderData.stripe} security={loaderData.security} />
      <p>
        <Link to={METHODS_PATH}>{t('methods.back')}</Link>
      </p>
    </AccountLayout>
  );
}
