import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import {
  type PaymentSettingsFields,
  type ScalarField,
  controlId,
} from '#app/domain/payments/payment-settings.rules.ts';
import type {
  PaymentMethodRow,
  PaymentSettingsAnswer,
  StripeStatus,
} from '#app/domain/payments/payment-settings.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { intlLocale } from '#app/lib/locale.ts';
import { type SettingChange, SettingChanges } from './setting-changes.tsx';

type Defaults = {
  invoiceLimit: string;
  codFee: string;
  codCountries: string[];
  enabled: string[];
};

/** One method's line: on/off, what limits it, and the buttons that move it a place. */
function MethodItem({
  method,
  on,
  first,
  last,
  index,
  hint,
  missing,
}: {
  method: PaymentMethodRow;
  on: boolean;
  first: boolean;
  last: boolean;
  index: number;
  hint: string;
  /** Switched on but lacking what it needs to work: said beside it. */
  missing: string | null;
}) {
  const { t } = useI18n();
  const id = index === 0 ? controlId('enabled') : `payments-method-${method.id}`;
  return (
    <li className="admin-payments-method">
      <input type="hidden" name="order" value={method.id} />
      <span className="choice">
        <input
          type="checkbox"
          name="enabled"
          value={method.id}
          id={id}
          defaultChecked={on}
          aria-describedby={missing ? `${id}-missing ${id}-hint` : `${id}-hint`}
        />
        <label htmlFor={id}>{method.title}</label>
      </span>
      {missing ? (
        <span className="admin-payments-missing" id={`${id}-missing`}>
          {missing}
        </span>
      ) : null}
      <span className="hint" id={`${id}-hint`}>
        {hint}
      </span>
      <span className="admin-payments-move">
        <button
          type="submit"
          name="move"
          value={`up:${method.id}`}
          className="button button-secondary button-small"
          disabled={first}
          aria-label={`${t('admin.payments.up')}: ${method.title}`}
        >
          {t('admin.payments.up')}
        </button>
        <button
          type="submit"
          name="move"
          value={`down:${method.id}`}
          className="button button-secondary button-small"
          disabled={last}
          aria-label={`${t('admin.payments.down')}: ${method.title}`}
        >
          {t('admin.payments.down')}
        </button>
      </span>
    </li>
  );
}

/** The payment settings form: every field, with its error beside it after a refused post. */
export function PaymentSettingsForm({
  settings,
  invoiceLimit,
  codFee,
  defaults,
  methods,
  codCountries,
  stripe,
  stripeSource,
  security,
  version,
  answer,
}: {
  settings: PaymentSettingsFields;
  invoiceLimit: string;
  codFee: string;
  defaults: Defaults;
  methods: PaymentMethodRow[];
  codCountries: string[];
  stripe: StripeStatus;
  stripeSource: 'environment' | 'settings' | 'sandbox';
  security: string;
  version: string;
  answer: PaymentSettingsAnswer | undefined;
}) {
  const { t, locale } = useI18n();
  const errorOf = (field: string) => answer?.errors.find((e) => e.field === field)?.message;
  const typed = answer?.typed;
  const byId = new Map(methods.map((m) => [m.id, m]));
  const order = typed && typed.order.length === methods.length ? typed.order : settings.order;
  const listed = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const enabled = new Set(typed ? typed.enabled : settings.enabled);
  const cod = new Set(typed ? typed.codCountries : settings.codCountries);
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' });
  const countryName = (code: string) => names.of(code) ?? code;
  const text = (name: ScalarField, saved: string) => typed?.scalars[name] ?? saved;
  const hintOf = (method: PaymentMethodRow) => {
    if (method.kind === 'offline') return t(`admin.payments.hint.${method.id}` as TextKey);
    const parts = [t(`admin.payments.stripe.${stripe}` as TextKey)];
    if (method.countries.length > 0) {
      parts.push(t('admin.payments.only_for', { countries: method.countries.join(', ') }));
    }
    if (method.discontinued) parts.push(t('admin.payments.discontinued'));
    return parts.join(' · ');
  };
  /** What a method switched on in the saved settings still lacks to work for shoppers. */
  const missingOf = (method: PaymentMethodRow): string | null => {
    if (!settings.enabled.includes(method.id)) return null;
    if (method.id === 'bacs' && (settings.iban === '' || settings.accountHolder === '')) {
      return t('admin.payments.missing.bacs');
    }
    if (method.kind === 'stripe' && stripe === 'sandbox') return t('admin.payments.missing.stripe');
    return null;
  };
  const missing = listed.filter((method) => missingOf(method) !== null);
  const methodsError = errorOf(controlId('enabled')) ?? errorOf(controlId('order'));
  const input = (name: ScalarField, saved: string, extra: { maxLength: number; help?: string }) => (
    <Field
      id={controlId(name)}
      label={t(`admin.payments.${name}` as TextKey)}
      help={extra.help}
      error={errorOf(controlId(name))}
    >
      {(control) => (
        <input
          {...control}
          type="text"
          name={name}
          defaultValue={text(name, saved)}
          maxLength={extra.maxLength}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  );
  /** An amount in euros, typed as the owner writes it ("2,50"). */
  const amount = (
    name: 'invoice_limit' | 'cod_fee',
    saved: string,
    extra: { required?: boolean; help: string },
  ) => (
    <Field
      id={controlId(name)}
      label={t(`admin.payments.${name}`)}
      required={extra.required}
      help={extra.help}
      error={errorOf(controlId(name))}
    >
      {(control) => (
        <span className="admin-payments-amount">
          <input
            {...control}
            type="text"
            inputMode="decimal"
            name={name}
            defaultValue={text(name, saved)}
            maxLength={12}
            autoComplete="off"
          />
          <span aria-hidden="true">€</span>
        </span>
      )}
    </Field>
  );
  return (
    <Form method="post" className="admin-card admin-settings-form" noValidate>
      {/* Enter in a text field saves: the first submit button is the form's default. */}
      <button type="submit" hidden tabIndex={-1} />
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="version" value={answer?.version ?? version} />
      <section aria-labelledby="payments-order" className="admin-payments-methods">
        <h2 id="payments-order" tabIndex={-1}>
          {t('admin.payments.methods')}
        </h2>
        <p className="hint" id="payments-methods-help">
          {t('admin.payments.methods_help', { methods: defaults.enabled.join(', ') })}
        </p>
        <p className="hint">
          {stripeSource === 'settings' ? (
            <a href="#stripe-keys">
              {t('admin.stripeKeys.source.settings', {
                mode: t(
                  stripe === 'live' ? 'admin.stripeKeys.mode.live' : 'admin.stripeKeys.mode.test',
                ),
              })}
            </a>
          ) : (
            t(`admin.payments.stripe_status.${stripe}` as TextKey)
          )}
        </p>
        {missing.length > 0 ? (
          <p className="notice notice-info admin-payments-missing-summary">
            {t('admin.payments.missing.summary', {
              methods: missing.map((method) => method.title).join(', '),
            })}
          </p>
        ) : null}
        {methodsError ? (
          <p className="field-tip" id={`${controlId('enabled')}-tip`}>
            {methodsError}
          </p>
        ) : null}
        <ol>
          {listed.map((method, i) => (
            <MethodItem
              key={method.id}
              method={method}
              on={enabled.has(method.id)}
              first={i === 0}
              last={i === listed.length - 1}
              index={i}
              hint={hintOf(method)}
              missing={missingOf(method)}
            />
          ))}
        </ol>
      </section>
      <fieldset className="field admin-payments-bank" aria-describedby="payments-bank-help">
        <legend>{t('admin.payments.bank')}</legend>
        <p className="hint" id="payments-bank-help">
          {t('admin.payments.bank_help')}
        </p>
        {input('account_holder', settings.accountHolder, { maxLength: 100 })}
        {input('bank_name', settings.bankName, { maxLength: 100 })}
        {input('iban', settings.iban, { maxLength: 42, help: t('admin.payments.iban_help') })}
        {input('bic', settings.bic, { maxLength: 14, help: t('admin.payments.bic_help') })}
      </fieldset>
      {amount('invoice_limit', invoiceLimit, {
        required: true,
        help: t('admin.payments.invoice_limit_help', { default: defaults.invoiceLimit }),
      })}
      <Field
        id={controlId('cod_countries')}
        layout="group"
        label={t('admin.payments.cod_countries')}
        help={t('admin.payments.cod_countries_help', {
          default: defaults.codCountries.map(countryName).join(', '),
        })}
        error={errorOf(controlId('cod_countries'))}
      >
        {({ id }) =>
          codCountries.length === 0 ? (
            <p>{t('admin.payments.no_shipping_countries')}</p>
          ) : (
            <span className="admin-payments-countries">
              {codCountries.map((code, i) => (
                <label key={code} className="choice">
                  <input
                    type="checkbox"
                    name="cod_countries"
                    value={code}
                    id={i === 0 ? id : `${id}-${code}`}
                    defaultChecked={cod.has(code)}
                  />
                  <span>{countryName(code)}</span>
                </label>
              ))}
            </span>
          )
        }
      </Field>
      {amount('cod_fee', codFee, {
        help: t('admin.payments.cod_fee_help', { default: defaults.codFee }),
      })}
      <button type="submit" className="button">
        {t('admin.payments.save')}
      </button>
    </Form>
  );
}

export type PaymentSettingChange = SettingChange & { setting: string };

/** The latest changes of the payment settings, newest first. */
export function PaymentSettingChanges({ changes }: { changes: readonly PaymentSettingChange[] }) {
  const { t } = useI18n();
  return (
    <SettingChanges
      id="payment-settings-audit"
      heading={t('admin.payments.changes')}
      whatColumn={t('admin.invoiceSettings.col.setting')}
      changes={changes}
      what={(change) => t(`admin.payments.setting.${change.setting}` as TextKey)}
    />
  );
}
