import { useState } from 'react';
import { Form } from 'react-router';
import { CountrySelect, StateSelect } from '#app/components/ui/address-selects.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { addressGroupFields, stateOptions } from '#app/domain/customers/address-locale.ts';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { ErrorSummary, refusalFor } from './form-errors.tsx';

/**
 * An order's billing or shipping address with the checkout's fields for the chosen country
 * (the same rules judge it on the server). Changing the country re-lays the fields at once;
 * without scripts the server's answer shows the new country's fields.
 */
export function OrderAddressForm({
  kind,
  address,
  security,
  answer,
  email = kind === 'billing',
}: {
  kind: 'billing' | 'shipping';
  /** The order's billing address carries its e-mail; an account's addresses do not. */
  email?: boolean;
  address: Record<string, string>;
  security: string;
  answer: OrderActionData | undefined;
}) {
  const { t, locale } = useI18n();
  const refused = refusalFor(answer, `address_${kind}`);
  const shown = (key: string) => refused?.values?.[`${kind}_${key}`] ?? address[key] ?? '';
  const [country, setCountry] = useState(shown('country') || 'DE');
  const fields = addressGroupFields(kind, country, locale);
  const states = stateOptions(country, locale);
  const errorOf = (id: string) => refused?.errors?.find((e) => e.field === id)?.message;
  const headingId = `admin-${kind}-form`;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(kind === 'billing' ? 'admin.billing' : 'admin.shipping')}</h2>
      <ErrorSummary answer={refused} />
      <Form method="post" noValidate className="admin-address-form">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="security" value={security} />
        {fields.map((f) => {
          const id = `${kind}_${f.key}`;
          const autoComplete = `${kind} ${f.autocomplete}`;
          return (
            <Field
              key={`${country}-${f.key}`}
              id={id}
              label={f.label}
              required={f.required}
              error={errorOf(id)}
              marks="star"
            >
              {(control) =>
                f.key === 'country' ? (
                  <CountrySelect
                    control={control}
                    name={id}
                    autoComplete={autoComplete}
                    locale={locale}
                    value={country}
                    onChange={setCountry}
                  />
                ) : f.key === 'state' && states ? (
                  <StateSelect
                    control={control}
                    name={id}
                    autoComplete={autoComplete}
                    required={f.required}
                    states={states}
                    defaultValue={shown('state')}
                    emptyLabel={t('admin.action.select_state')}
                  />
                ) : (
                  <input
                    {...control}
                    type={f.key === 'phone' ? 'tel' : 'text'}
                    name={id}
                    autoComplete={autoComplete}
                    maxLength={f.key === 'postcode' ? 20 : 200}
                    defaultValue={shown(f.key)}
                  />
                )
              }
            </Field>
          );
        })}
        {email && (
          <Field
            id="billing_email"
            label={t('admin.action.email')}
            required
            error={errorOf('billing_email')}
            marks="star"
          >
            {(control) => (
              <input
                {...control}
                type="email"
                name="billing_email"
                autoComplete="billing email"
                maxLength={200}
                defaultValue={shown('email')}
              />
            )}
          </Field>
        )}
        <button type="submit" className="button">
          {t(kind === 'billing' ? 'admin.action.save_billing' : 'admin.action.save_shipping')}
        </button>
      </Form>
    </section>
  );
}
