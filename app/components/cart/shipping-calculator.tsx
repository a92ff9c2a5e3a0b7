import { useState } from 'react';
import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { CountrySelect, StateSelect } from '#app/components/ui/address-selects.tsx';
import {
  type AddressField,
  addressFields,
  stateOptions,
} from '#app/domain/customers/address-locale.ts';
import type { CustomerAddress } from '#app/domain/shipping/shipping.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

const CALCULATOR_FIELDS: readonly AddressField[] = ['country', 'state', 'postcode', 'city'];

/**
 * "Calculate shipping": country, state, postcode and city under the chosen country's rules.
 * Changing the country re-renders the fields at once; the form posts to the cart page, so it
 * works the same before the page's script has loaded.
 */
export function ShippingCalculator({
  address,
  calculated,
  error,
}: {
  address: CustomerAddress;
  calculated: boolean;
  /** A refused field from the last post, what was wrong with it, and what was sent. */
  error?: { field?: string; message: string; values?: Record<string, string> };
}) {
  const { t, locale } = useI18n();
  const shown = error?.values ? { ...address, ...error.values } : address;
  const [country, setCountry] = useState(shown.country);
  const fields = addressFields(country, locale).filter(
    (f) => CALCULATOR_FIELDS.includes(f.key) && !f.hidden,
  );
  const states = stateOptions(country, locale);
  const errorFor = (key: AddressField) =>
    error && error.field === key ? error.message : undefined;
  return (
    <details className="shipping-calculator" open={Boolean(error) || undefined}>
      <summary className="shipping-calculator-button">
        {t(calculated ? 'shipping.change_address' : 'shipping.calculate')}
      </summary>
      <Form method="post" action="/cart" className="shipping-calculator-form" replace>
        <input type="hidden" name="intent" value="calc_shipping" />
        {fields.map((f) => {
          const id = `calc_shipping_${f.key}`;
          const classes = ['form-row', ...f.class].join(' ');
          return (
            <Field
              key={`${country}-${f.key}`}
              id={id}
              label={f.label}
              required={f.required}
              error={errorFor(f.key)}
              className={classes}
              marks="star"
            >
              {(control) =>
                f.key === 'country' ? (
                  <CountrySelect
                    control={control}
                    name={id}
                    autoComplete="country"
                    locale={locale}
                    value={country}
                    onChange={setCountry}
                  />
                ) : f.key === 'state' && states ? (
                  <StateSelect
                    control={control}
                    name={id}
                    autoComplete={f.autocomplete}
                    required={f.required}
                    states={states}
                    defaultValue={country === shown.country ? shown.state : ''}
                    emptyLabel={t('shipping.select_state')}
                  />
                ) : (
                  <input
                    {...control}
                    type="text"
                    name={id}
                    autoComplete={f.autocomplete}
                    placeholder={f.placeholder || undefined}
                    required={f.required}
                    maxLength={f.key === 'postcode' ? 20 : 100}
                    defaultValue={country === shown.country ? shown[f.key] : ''}
                  />
                )
              }
            </Field>
          );
        })}
        <button type="submit" className="button button-secondary" name="calc_shipping" value="x">
          {t('shipping.update')}
        </button>
      </Form>
    </details>
  );
}
