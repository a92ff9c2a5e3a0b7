import type { ControlProps } from '#app/components/ui/field.tsx';
import { countryOptions } from '#app/domain/customers/address-locale.ts';
import type { Locale } from '#app/lib/locale.ts';

/** The country of an address form, listed in the shopper's language; changing it re-lays the form. */
export function CountrySelect({
  control,
  name,
  autoComplete,
  locale,
  value,
  onChange,
}: {
  control: ControlProps;
  name: string;
  autoComplete: string;
  locale: Locale;
  value: string;
  onChange: (country: string) => void;
}) {
  return (
    <select
      {...control}
      name={name}
      autoComplete={autoComplete}
      value={value}
      required
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      {countryOptions(locale).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** The state of a country that has states, with an empty first choice. */
export function StateSelect({
  control,
  name,
  autoComplete,
  required,
  states,
  defaultValue,
  emptyLabel,
}: {
  control: ControlProps;
  name: string;
  autoComplete: string;
  required: boolean;
  states: { code: string; name: string }[];
  defaultValue: string;
  emptyLabel: string;
}) {
  return (
    <select
      {...control}
      name={name}
      autoComplete={autoComplete}
      required={required}
      defaultValue={defaultValue}
    >
      <option value="">{emptyLabel}</option>
      {states.map((s) => (
        <option key={s.code} value={s.code}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
