import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { NoticeList } from '#app/components/ui/notice.tsx';
import type { AccountActionData } from '#app/domain/customers/account-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { accountNotices } from './account-notices.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * The login form of `/my-account` and of the header's popup. It posts to `/my-account` as a
 * plain form, so it works before scripts load; a failed login comes back with its notices
 * (in the popup, which then opens by itself).
 */
export function LoginForm({
  source,
  redirectTo,
  result,
  autoFocus = false,
}: {
  source: 'page' | 'popup';
  redirectTo: string;
  /** The last login's answer, when it came from this form. */
  result?: AccountActionData;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const prefix = useId().replace(/[^\w-]/g, '');
  const id = (name: string) => (source === 'page' ? name : `${prefix}-${name}`);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'login';
  const failed = result && !result.ok ? result : undefined;
  const notices = accountNotices(failed).map((n) => ({
    ...n,
    field: n.field ? id(n.field) : undefined,
  }));
  return (
    <Form method="post" action="/my-account" className="login-form" aria-busy={busy || undefined}>
      <div className="login-notices">
        <NoticeList notices={notices} />
      </div>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirect_to" value={redirectTo} />
      <Field id={id('username')} label={t('login.email')} required>
        {(control) => (
          <input
            {...control}
            type="email"
            name="username"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={failed?.values?.username ?? ''}
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field
        id={id('password')}
        label={t('login.password')}
        required
        error={failed?.field === 'password' ? failed.messages[0] : undefined}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            required
            maxLength={1000}
          />
        )}
      </Field>
      <div className="login-row">
        <label className="choice">
          <input type="checkbox" name="rememberme" value="forever" />
          <span>{t('login.remember')}</span>
        </label>
        <Link to="/my-account/lost-password">{t('login.lost_password')}</Link>
      </div>
      <button type="submit" className="button button-block" disabled={busy}>
        {t('login.submit')}
      </button>
    </Form>
  );
}
