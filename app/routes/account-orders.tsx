import { useActionData } from 'react-router';
import type { Route } from './+types/account-orders';
import { OrdersTable } from '#app/components/account/orders-table.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  accountOrdersData,
  handleAccountOrdersPost,
} from '#app/http/pages/account-orders.server.ts';
import { shop } from '#app/http/request.server.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['account', 'order', 'cart', 'coupon'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  return {
    ...(await accountOrdersData(args)),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleAccountOrdersPost(args);
}

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  return (
    <div className="container account-page">
      <h1>{t('account.orders.title')}</h1>
      {result && <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>}
      <OrdersTable
        rows={loaderData.orders}
        total={loaderData.total}
        query={loaderData.query}
        security={loaderData.security}
      />
    </div>
  );
}
