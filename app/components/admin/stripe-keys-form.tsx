import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type {
  StripeKeysAnswer,
  StripeKeysPageView,
} from '#app/domain/payments/payment-settings.view.ts';
import { stripeKeyControlId } from '#app/domain/payments/stripe-keys.rules.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * Stripe's keys: the publishable key in clear, the secrets only masked (an empty field keeps
 * the stored one), a connection test with the keys as typed, and removal back to the sandbox.
 * Read-only while the environment's keys are in force.
 */
export function StripeKeysForm({
  keys,
  security,
  answer,
}: {
  keys: StripeKeysPageView;
  security: string;
  answer: StripeKeysAnswer | undefined;
}) {
  const { t } = useI18n();
  const errorOf = (field: string) => answer?.errors.find((e) => e.field === field)?.message;
  const fromEnvironment = keys.source === 'environment';
  const source =
    keys.source === 'settings'
      ? t('admin.stripeKeys.source.settings', {
          mode: t(
            keys.mode === 'live' ? 'admin.stripeKeys.mode.live' : 'admin.stripeKeys.mode.test',
          ),
        })
      : t(`admin.stripeKeys.source.${keys.source}`);
  const secret = (name: 'secret_key' | 'webhook_secret', masked: string | null, help: string) => {
    const id = stripeKeyControlId(name);
    return (
      <Field
        id={id}
        label={t(`admin.stripeKeys.${name}`)}
        help={masked ? `${help} ${t('admin.stripeKeys.stored', { masked })}` : help}
        error={errorOf(id)}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            name={name}
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
    );
  };
  const publishableId = stripeKeyControlId('publishable_key');
  if (fromEnvironment) {
    return (
      <section className="admin-card admin-stripe-keys" aria-labelledby="stripe-keys">
        <h2 id="stripe-keys" tabIndex={-1}>
          {t('admin.stripeKeys.heading')}
        </h2>
        <p className="admin-stripe-keys-source">{source}</p>
        <dl>
          <dt>{t('admin.stripeKeys.publishable_key')}</dt>
          <dd>{keys.publishableKey}</dd>
          <dt>{t('admin.stripeKeys.secret_key')}</dt>
          <dd>{keys.secretKey}</dd>
          <dt>{t('admin.stripeKeys.webhook_secret')}</dt>
          <dd>{keys.webhookSecret ?? t('admin.stripeKeys.audit.none')}</dd>
        </dl>
      </section>
    );
  }
  return (
    <Form
      method="post"
      className="admin-card admin-settings-form admin-stripe-keys"
      aria-labelledby="stripe-keys"
      noValidate
    >
      {/* Enter in a field saves: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="stripe-keys-save" hidden tabIndex={-1} />
      <h2 id="stripe-keys" tabIndex={-1}>
        {t('admin.stripeKeys.heading')}
      </h2>
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? keys.version} />
      <p className="hint">{t('admin.stripeKeys.help')}</p>
      <p className="admin-stripe-keys-source">{source}</p>
      {keys.unreadable ? <Notice kind="info">{t('admin.stripeKeys.unreadable')}</Notice> : null}
      <Field
        id={publishableId}
        label={t('admin.stripeKeys.publishable_key')}
        help={t('admin.stripeKeys.publishable_key_help')}
        error={errorOf(publishableId)}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="publishable_key"
            defaultValue={answer?.typed?.publishable_key ?? keys.publishableKey}
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      {secret('secret_key', keys.secretKey, t('admin.stripeKeys.secret_help'))}
      {secret('webhook_secret', keys.webhookSecret, t('admin.stripeKeys.webhook_help'))}
      {answer?.connection ? (
        <Notice kind={answer.connection.ok ? 'success' : 'error'}>{answer.connection.text}</Notice>
      ) : null}
      <span className="admin-stripe-keys-actions">
        <button type="submit" name="intent" value="stripe-keys-save" className="button">
          {t('admin.stripeKeys.save')}
        </button>
        <button
          type="submit"
          name="intent"
          value="stripe-keys-test"
          className="button button-secondary"
        >
          {t('admin.stripeKeys.test')}
        </button>
        {keys.removable ? (
          <button
            type="submit"
            name="intent"
            value="stripe-keys-remove"
            className="button button-secondary"
          >
            {t('admin.stripeKeys.remove')}
          </button>
        ) : null}
      </span>
    </Form>
  );
}
