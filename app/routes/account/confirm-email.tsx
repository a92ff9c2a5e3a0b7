import { Link } from 'react-router';
import type { Route } from './+types/confirm-email';
import { Notice } from '#app/components/ui/notice.tsx';
import { loadEmailConfirmation } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/http/pages/account-form.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

/** The link's secret is in the address: never sent on to another site. */
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

export async function loader(args: Route.LoaderArgs) {
  return loadEmailConfirmation(args);
}

export default function LinkResult({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container account-page account-narrow">
      <h1>{t('account.confirm_email_title')}</h1>
      <Notice kind={loaderData.ok ? 'success' : 'error'}>{loaderData.message}</Notice>
      <p>
        <Link to="/my-account" className="button">
          {t('account.title')}
        </Link>
      </p>
    </div>
  );
}
