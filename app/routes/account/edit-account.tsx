import { useCallback, useState } from 'react';
import { Form, useActionData } from 'react-router';
import type { Route } from './+types/edit-account';
import { AccountLayout } from '#app/components/account/account-nav.tsx';
import { AccountNotices } from '#app/components/account/account-notices.tsx';
import { NewPassword } from '#app/components/account/new-password.tsx';
import { PasswordInput } from '#app/components/account/password-input.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { handleEditAccount } from '#app/http/pages/account-details.server.ts';
import { loadEditAccount } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadEditAccount(args);
}

export async function action(args: Route.ActionArgs) {
  return handleEditAccount(args);
}

export default function EditAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [acceptable, setAcceptable] = useState(true);
  const report = useCallback((value: boolean) => setAcceptable(value), []);
  const { details, security } = loaderData;
  const saveResult = result?.intent === 'save_account' ? result : undefined;
  const failed = saveResult && !saveResult.ok ? saveResult : undefined;
  const deleteResult = result?.intent === 'delete_account' ? result : undefined;
  const errorFor = (field: string) => (failed?.field === field ? failed.messages[0] : undefined);
  const value = (field: string, fallback: string) => failed?.values?.[field] ?? fallback;
  return (
    <AccountLayout title={t('account.details_title')} security={security}>
      {loaderData.notice && <Notice kind="success">{loaderData.notice}</Notice>}
      {result && result.intent !== 'save_account' && result.intent !== 'delete_account' && (
        <AccountNotices result={result} />
      )}
      <Form method="post" className="account-form edit-account">
        <AccountNotices result={saveResult} />
        <input type="hidden" name="intent" value="save_account" />
        <input type="hidden" name="security" value={security} />
        <div className="form-row-pair">
          {(
            [
              ['account_first_name', 'account.first_name', details.firstName, 'given-name'],
              ['account_last_name', 'account.last_name', details.lastName, 'family-name'],
            ] as const
          ).map(([name, label, current, autoComplete]) => (
            <Field key={name} id={name} label={t(label)} required error={errorFor(name)}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  name={name}
                  autoComplete={autoComplete}
                  required
                  maxLength={100}
                  defaultValue={value(name, current)}
                />
              )}
            </Field>
          ))}
        </div>
        <Field
          id="account_display_name"
          label={t('account.display_name')}
          required
          help={t('account.display_name_help')}
          error={errorFor('account_display_name')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="account_display_name"
              autoComplete="nickname"
              required
              maxLength={100}
              defaultValue={value('account_display_name', details.displayName)}
            />
          )}
        </Field>
        <Field
          id="account_email"
          label={t('account.email')}
          required
          help={t('account.email_help')}
          error={errorFor('account_email')}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              name="account_email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={value('account_email', details.email)}
            />
          )}
        </Field>
        <fieldset className="password-change">
          <legend>{t('account.password_change')}</legend>
          <Field
            id="password_current"
            label={t('account.current_password')}
            error={errorFor('password_current')}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="password_current"
                autoComplete="current-password"
                maxLength={1000}
              />
            )}
          </Field>
          <NewPassword
            name="password_1"
            confirmName="password_2"
            label={t('account.new_password_optional')}
            confirmLabel={t('account.confirm_new_password')}
            required={false}
            minimum={loaderData.minStrength}
            blacklist={loaderData.blacklist}
            errorField={failed?.field}
            error={failed?.messages[0]}
            onAcceptable={report}
          />
        </fieldset>
        <button type="submit" className="button" disabled={hydrated && !acceptable}>
          {t('account.save')}
        </button>
      </Form>

      <section className="account-section" aria-labelledby="data-title">
        <h2 id="data-title">{t('account.data_title')}</h2>
        <p>{t('account.export_text')}</p>
        <Form method="post" action="/my-account/export" reloadDocument>
          <input type="hidden" name="security" value={security} />
          <button type="submit" className="button button-secondary">
            {t('account.export_submit')}
          </button>
        </Form>
      </section>

      <section className="account-section account-danger" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('account.delete_title')}</h2>
        <p>{t('account.delete_text')}</p>
        <Form method="post" className="account-form">
          <AccountNotices result={deleteResult} />
          <input type="hidden" name="intent" value="delete_account" />
          <input type="hidden" name="security" value={security} />
          <Field
            id="delete_password"
            label={t('account.delete_password')}
            required
            error={deleteResult && !deleteResult.ok ? deleteResult.messages[0] : undefined}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="delete_password"
                autoComplete="current-password"
                required
                maxLength={1000}
              />
            )}
          </Field>
          <button type="submit" className="button button-danger">
            {t('account.delete_submit')}
          </button>
        </Form>
      </section>
    </AccountLayout>
  );
}
