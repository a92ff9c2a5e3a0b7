import { useActionData } from 'react-router';
import type { Route } from './+types/edit-address';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { AddressForm } from '#app/components/account/address-form.tsx';
import { handleEditAddress } from '#app/http/pages/account-address.server.ts';
import { loadEditAddress } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadEditAddress(args);
}

export async function action(args: Route.ActionArgs) {
  return handleEditAddress(args);
}

export default function EditAddress({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  return (
    <AccountLayout title={t('account.addresses_title')} security={loaderData.security}>
      <p>{t('account.addresses_text')}</p>
      <div className="account-columns">
        <AddressForm
          kind="billing"
          title={t('account.billing_address')}
          address={loaderData.billing}
          security={loaderData.security}
          result={result?.intent === 'save_billing' ? result : undefined}
        />
        <AddressForm
          kind="shipping"
          title={t('account.shipping_address')}
          address={loaderData.shipping}
          security={loaderData.security}
          result={result?.intent === 'save_shipping' ? result : undefined}
        />
      </div>
    </AccountLayout>
  );
}
