import { Field } from '#app/components/ui/field.tsx';
import type { AddressGroup, FieldFailure } from '#app/domain/checkout/checkout.rules.ts';
import { groupFields } from '#app/domain/checkout/checkout.rules.ts';
import { countryOptions, stateOptions } from '#app/domain/customers/address-locale.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** A field's validation state: WooCommerce's markers plus the message shown under it. */
export type FieldMark = {
  /** `server`: the server refused the field for a reason of its own (shown in its message). */
  failure: FieldFailure | 'server' | null;
  validated: boolean;
  message?: string;
};

export type Marks = Record<string, FieldMark | undefined>;

/** The classes WooCommerce puts on a form row: what it checks, and how the check came out. */
export function rowClasses(base: string[], mark: FieldMark | undefined, checks: string[]): string {
  const classes = ['form-row', ...base, ...checks];
  if (mark?.failure) {
    classes.push('woocommerce-invalid');
    if (mark.failure === 'required') classes.push('woocommerce-invalid-required-field');
    else if (mark.failure !== 'server') classes.push(`woocommerce-invalid-${mark.failure}`);
  } else if (mark?.validated) {
    classes.push('woocommerce-validated');
  }
  return classes.join(' ');
}

/**
 * One address group (billing or shipping) under its country's rules: labels, placeholders,
 * required star or "(optional)", order, hidden fields, a state list where the country has one.
 * Inputs are uncontrolled: the form is serialized as WooCommerce serializes it.
 */
export function AddressFields({
  group,
  country,
  values,
  marks,
  onCountry,
}: {
  group: AddressGroup;
  country: string;
  values: Record<string, string>;
  marks: Marks;
  onCountry: (country: string) => void;
}) {
  const { t, locale } = useI18n();
  const fields = groupFields(group, country, locale);
  const states = stateOptions(country, locale);
  const rows = [
    ...fields.map((f) => ({
      ...f,
      kind: f.key === 'phone' ? ('tel' as const) : ('text' as const),
    })),
    ...(group === 'billing'
      ? [
          {
            key: 'email' as const,
            label: t('checkout.email'),
            placeholder: '',
            required: true,
            hidden: false,
            priority: 110,
            class: ['form-row-wide'],
            autocomplete: 'email',
            labelHidden: false,
            kind: 'email' as const,
          },
          {
            key: 'vat_id' as const,
            label: t('checkout.vat_id'),
            placeholder: '',
            required: false,
            hidden: false,
            priority: 120,
            class: ['form-row-wide'],
            autocomplete: 'off',
            labelHidden: false,
            kind: 'text' as const,
            help: t('checkout.vat_id_help'),
          },
        ]
      : []),
  ];
  return (
    <div className={`woocommerce-${group}-fields__field-wrapper address-fields`}>
      {rows.map((f) => {
        const name = `${group}_${f.key}`;
        const mark = marks[name];
        const checks = [
          f.required ? 'validate-required' : '',
          f.kind === 'email' ? 'validate-email' : '',
          f.kind === 'tel' ? 'validate-phone' : '',
          ['country', 'state', 'postcode', 'city', 'address_1', 'address_2'].includes(f.key)
            ? 'address-field'
            : '',
        ].filter(Boolean);
        const autocomplete =
          f.autocomplete === 'off'
            ? 'off'
            : `${group === 'billing' ? 'billing' : 'shipping'} ${f.autocomplete}`;
        const common = {
          name,
          autoComplete: autocomplete,
          'data-kind': f.kind,
          'data-group': group,
          'data-required': f.required ? 'true' : undefined,
          'data-label': f.label,
        };
        return (
          <Field
            // Per field, not per country: a new country keeps what the shopper typed (only a
            // state list is built afresh for the new country's states).
            key={f.key === 'state' && states ? `${group}-state-${country}` : `${group}-${f.key}`}
            id={name}
            label={f.labelHidden ? <span className="visually-hidden">{f.label}</span> : f.label}
            required={f.required}
            error={mark?.failure ? mark.message : undefined}
            className={rowClasses(f.class, mark, checks)}
            marks="star"
            help={'help' in f ? f.help : undefined}
          >
            {(control) =>
              f.key === 'country' ? (
                <select
                  {...control}
                  {...common}
                  className="country_to_state"
                  value={country}
                  onChange={(e) => onCountry(e.currentTarget.value)}
                >
                  <option value="">{t('checkout.select_country')}</option>
                  {countryOptions(locale).map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              ) : f.key === 'state' && states ? (
                <select {...control} {...common} defaultValue={values[name] ?? ''}>
                  <option value="">{t('shipping.select_state')}</option>
                  {states.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control}
                  {...common}
                  className="input-text"
                  type={f.kind === 'email' ? 'email' : f.kind === 'tel' ? 'tel' : 'text'}
                  placeholder={f.placeholder || undefined}
                  maxLength={
                    f.key === 'postcode' || f.key === 'vat_id' ? 20 : f.kind === 'email' ? 254 : 200
                  }
                  defaultValue={values[name] ?? ''}
                />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}
