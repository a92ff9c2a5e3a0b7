import { useCallback, useState } from 'react';
import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/lost-password';
import { AccountNotices } from '#app/components/account/account-notices.tsx';
import { NewPassword } from '#app/components/account/new-password.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { handleLostPassword } from '#app/http/pages/account-password.server.ts';
import { loadLostPassword } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

/** Reset links carry their secret in the address: never sent on to another site. */
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

export async function loader(args: Route.LoaderArgs) {
  return loadLostPassword(args);
}

export async function action(args: Route.ActionArgs) {
  return handleLostPassword(args);
}

export default function LostPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [acceptable, setAcceptable] = useState(true);
  const report = useCallback((value: boolean) => setAcceptable(value), []);
  if (loaderData.key) {
    const failed = result && !result.ok ? result : undefined;
    return (
      <div className="container account-page account-narrow">
        <h1>{t('account.reset_title')}</h1>
        <AccountNotices result={result} />
        <p>{t('account.reset_text')}</p>
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="reset_password" />
          <input type="hidden" name="key" value={loaderData.key} />
          <NewPassword
            name="password_1"
            confirmName="password_2"
            label={t('account.new_password')}
            confirmLabel={t('account.repeat_password')}
            required
            minimum={loaderData.minStrength}
            blacklist={loaderData.blacklist}
            errorField={failed?.field}
            error={failed?.messages[0]}
            onAcceptable={report}
          />
          <button type="submit" className="button" disabled={hydrated && !acceptable}>
            {t('account.reset_submit')}
          </button>
        </Form>
      </div>
    );
  }
  const sent = result?.intent === 'lost_password' && result.ok;
  const failed = result && !result.ok ? result : undefined;
  return (
    <div className="container account-page account-narrow">
      <h1>{t('account.lost_title')}</h1>
      {loaderData.linkRefused && <Notice kind="error">{loaderData.linkRefused}</Notice>}
      <AccountNotices result={result} />
      {!sent && (
        <Form method="post" className="account-form">
          <p>{t('account.lost_text')}</p>
          <input type="hidden" name="intent" value="lost_password" />
          <Field
            id="user_login"
            label={t('account.email')}
            required
            error={failed?.field === 'user_login' ? failed.messages[0] : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                name="user_login"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={failed?.values?.user_login ?? ''}
              />
            )}
          </Field>
          <button type="submit" className="button">
            {t('account.lost_submit')}
          </button>
        </Form>
      )}
      <p>
        <Link to="/my-account">{t('account.back_to_login')}</Link>
      </p>
    </div>
  );
}
