import { AttributionFields } from '#app/components/site/attribution-fields.tsx';
import { useCallback, useState } from 'react';
import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/my-account';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { AccountNotices } from '#app/components/account/account-notices.tsx';
import { LoginForm } from '#app/components/account/login-form.tsx';
import { LoginPopup } from '#app/components/account/login-popup.tsx';
import { NewPassword } from '#app/components/account/new-password.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { handleLoginPage } from '#app/http/pages/account-login.server.ts';
import { loadMyAccount } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadMyAccount(args);
}

export async function action(args: Route.ActionArgs) {
  return handleLoginPage(args);
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  if (loaderData.view === 'dashboard') {
    return (
      <AccountLayout title={t('account.title')} security={loaderData.security}>
        {loaderData.notice && <Notice kind="success">{loaderData.notice}</Notice>}
        <p>
          <strong>{t('account.hello', { name: loaderData.name })}</strong>
        </p>
        <p>{t('account.dashboard_text')}</p>
        <ul className="account-tiles">
          <li>
            <Link to="/my-account/orders">{t('account.nav.orders')}</Link>
          </li>
          <li>
            <Link to="/my-account/edit-address">{t('account.nav.addresses')}</Link>
          </li>
          <li>
            <Link to="/my-account/edit-account">{t('account.nav.details')}</Link>
          </li>
        </ul>
      </AccountLayout>
    );
  }
  const fromPopup = result?.intent === 'login' && result.source === 'popup' && !result.ok;
  return (
    <div className="container account-page">
      <h1>{t('account.title')}</h1>
      {loaderData.notice && <Notice kind="success">{loaderData.notice}</Notice>}
      <div className="account-columns">
        <section aria-labelledby="login-title" className="account-box">
          <h2 id="login-title">{t('login.title')}</h2>
          <LoginForm
            source="page"
            redirectTo={loaderData.redirectTo}
            result={result?.intent === 'login' && result.source !== 'popup' ? result : undefined}
          />
        </section>
        <section aria-labelledby="register" className="account-box">
          <h2 id="register" tabIndex={-1}>
            {t('account.register_title')}
          </h2>
          <RegisterForm
            result={result?.intent === 'register' ? result : undefined}
            minimum={loaderData.minStrength}
            blacklist={loaderData.blacklist}
            doubleOptIn={loaderData.doubleOptIn}
          />
        </section>
      </div>
      {fromPopup && <PopupAgain result={result} />}
    </div>
  );
}

/** A failed login from the header's popup comes back here with the popup open. */
function PopupAgain({
  result,
}: {
  result: NonNullable<ReturnType<typeof useActionData<typeof action>>>;
}) {
  const [open, setOpen] = useState(true);
  return (
    <LoginPopup
      open={open}
      onClose={() => setOpen(false)}
      redirectTo={result.values?.redirect_to ?? '/my-account'}
      result={result}
    />
  );
}

function RegisterForm({
  result,
  minimum,
  blacklist,
  doubleOptIn,
}: {
  result: ReturnType<typeof useActionData<typeof action>>;
  minimum: number;
  blacklist: string[];
  doubleOptIn: boolean;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(result?.values?.email ?? '');
  const [acceptable, setAcceptable] = useState(true);
  const report = useCallback((value: boolean) => setAcceptable(value), []);
  const words = [...blacklist, email, ...email.split('@')];
  const failed = result && !result.ok ? result : undefined;
  const [before, after] = t('account.privacy_notice').split('{link}');
  return (
    <Form method="post" className="register-form">
      <AccountNotices result={result} />
      <input type="hidden" name="intent" value="register" />
      <AttributionFields />
      <Field
        id="reg_email"
        label={t('account.email')}
        required
        error={failed?.field === 'reg_email' ? failed.messages[0] : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        )}
      </Field>
      <NewPassword
        id="reg_password"
        name="password"
        label={t('login.password')}
        required
        minimum={minimum}
        blacklist={words}
        errorField={failed?.field}
        error={failed?.messages[0]}
        onAcceptable={report}
      />
      <p className="privacy-notice">
        {before}
        <Link to="/datenschutz">{t('account.privacy_link')}</Link>
        {after}
      </p>
      {doubleOptIn && <p className="hint">{t('account.double_opt_in_notice')}</p>}
      <button type="submit" className="button button-block" disabled={hydrated && !acceptable}>
        {t('account.register_submit')}
      </button>
    </Form>
  );
}
