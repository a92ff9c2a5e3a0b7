import { useState } from 'react';
import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { CountrySelect, StateSelect } from '#app/components/ui/address-selects.tsx';
import { AccountNotices } from '#app/components/account/account-notices.tsx';
import {
  type AddressField,
  addressFields,
  stateOptions,
} from '#app/domain/customers/address-locale.ts';
import type { AccountActionData } from '#app/domain/customers/account-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * A billing or shipping address under the chosen country's rules (labels, order, required and
 * hidden fields, states), the same rules the cart's shipping calculator and the server use.
 * Changing the country re-renders the fields at once; without scripts the server judges it.
 */
export function AddressForm({
  kind,
  title,
  address,
  security,
  result,
}: {
  kind: 'billing' | 'shipping';
  title: string;
  address: Record<AddressField, string>;
  security: string;
  result?: AccountActionData;
}) {
  const { t, locale } = useI18n();
  const failed = result && !result.ok ? result : undefined;
  const shown = (field: AddressField) => failed?.values?.[`${kind}_${field}`] ?? address[field];
  const [country, setCountry] = useState(shown('country'));
  const fields = addressFields(country, locale).filter((f) => !f.hidden);
  const states = stateOptions(country, locale);
  const headingId = `${kind}-address-title`;
  return (
    <section className="account-box address-box" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Form method="post" className="account-form address-form">
        <AccountNotices result={result} />
        <input type="hidden" name="address_type" value={kind} />
        <input type="hidden" name="security" value={security} />
        {fields.map((f) => {
          const id = `${kind}_${f.key}`;
          const autoComplete = `${kind === 'billing' ? 'billing' : 'shipping'} ${f.autocomplete}`;
          return (
            <Field
              key={`${country}-${f.key}`}
              id={id}
              label={f.labelHidden ? <span className="visually-hidden">{f.label}</span> : f.label}
              required={f.required}
              error={failed?.field === id ? failed.messages[0] : undefined}
              className={['form-row', ...f.class].join(' ')}
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
                    defaultValue={country === address.country ? shown('state') : ''}
                    emptyLabel={t('account.select_state')}
                  />
                ) : (
                  <input
                    {...control}
                    type={f.key === 'phone' ? 'tel' : 'text'}
                    name={id}
                    autoComplete={autoComplete}
                    placeholder={f.placeholder || undefined}
                    required={f.required}
                    maxLength={f.key === 'postcode' ? 20 : 200}
                    defaultValue={shown(f.key)}
                  />
                )
              }
            </Field>
          );
        })}
        <button type="submit" className="button">
          {t('account.save_address')}
        </button>
      </Form>
    </section>
  );
}
