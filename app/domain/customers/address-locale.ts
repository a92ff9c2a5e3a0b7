import type { Locale } from '#app/lib/locale.ts';
import {
  ADDRESS_FIELDS,
  type AddressField,
  COUNTRIES,
  DEFAULT_FIELDS,
  type Text,
  t,
} from './address-countries.ts';

/**
 * Address fields and their rules per country, read from the tables in address-countries.ts.
 * Pure and free of server code: the cart's shipping calculator renders from it in the
 * browser, and the server validates with the same rules.
 */

export { ADDRESS_FIELDS, type AddressField };

export type FieldRule = {
  key: AddressField;
  label: string;
  placeholder: string;
  required: boolean;
  hidden: boolean;
  priority: number;
  class: string[];
  autocomplete: string;
  /** The label is read by screen readers only (the second address line). */
  labelHidden: boolean;
};

export const SHOP_COUNTRY = 'DE';
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRIES);

export function isKnownCountry(code: string): boolean {
  return Object.hasOwn(COUNTRIES, code);
}

const pick = (text: Text | string, locale: Locale) =>
  typeof text === 'string' ? text : text[locale];

/** Every country the shop knows, named in the shopper's language and sorted the same way. */
export function countryOptions(locale: Locale): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: COUNTRIES[code]!.name[locale] })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

export function countryName(code: string, locale: Locale): string {
  return isKnownCountry(code) ? COUNTRIES[code]!.name[locale] : code;
}

/** The country's states or provinces as a list, or null where the field is free text or absent. */
export function stateOptions(
  country: string,
  locale: Locale,
): { code: string; name: string }[] | null {
  const states = isKnownCountry(country) ? COUNTRIES[country]!.states : undefined;
  return states ? states.map((s) => ({ code: s.code, name: pick(s.name, locale) })) : null;
}

export function stateName(country: string, state: string, locale: Locale): string {
  return stateOptions(country, locale)?.find((s) => s.code === state)?.name ?? state;
}

/** The address fields of a country in display order, with that country's rules applied. */
export function addressFields(country: string, locale: Locale): FieldRule[] {
  const rule = isKnownCountry(country) ? COUNTRIES[country] : undefined;
  return ADDRESS_FIELDS.map((key): FieldRule => {
    const base = DEFAULT_FIELDS[key];
    const over = rule?.fields?.[key] ?? {};
    const label = over.label ?? base.label;
    const placeholder =
      over.placeholder ??
      base.placeholder ??
      (key === 'postcode' && rule?.postcodeExample
        ? t(`z. B. ${rule.postcodeExample}`, `e.g. ${rule.postcodeExample}`)
        : undefined);
    return {
      key,
      label: label[locale],
      placeholder: placeholder?.[locale] ?? '',
      required: over.required ?? base.required,
      hidden: over.hidden ?? false,
      priority: over.priority ?? base.priority,
      class: base.class,
      autocomplete: base.autocomplete,
      labelHidden: base.labelHidden ?? false,
    };
  }).sort((a, b) => a.priority - b.priority);
}

/**
 * The fields a billing or shipping address shows for its country, in order, with that
 * country's rules (an unknown country shows Germany's); a shipping address has no phone.
 */
export function addressGroupFields(
  group: 'billing' | 'shipping',
  country: string,
  locale: Locale,
): FieldRule[] {
  const fields = addressFields(isKnownCountry(country) ? country : 'DE', locale).filter(
    (f) => !f.hidden,
  );
  return group === 'shipping' ? fields.filter((f) => f.key !== 'phone') : fields;
}

/** One field's rule for a country. */
export function fieldRule(country: string, field: AddressField, locale: Locale): FieldRule {
  return addressFields(country, locale).find((f) => f.key === field)!;
}

/** The postcode as the country writes it: upper case, single spaces, separators where they belong. */
export function normalizePostcode(country: string, value: string): string {
  const upper = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const rule = isKnownCountry(country) ? COUNTRIES[country] : undefined;
  if (!rule?.normalize) return upper;
  if (rule.postcode?.test(upper)) return upper;
  const normalized = rule.normalize(upper.replace(/\s/g, ''));
  // Something that still does not fit stays as typed, so the shopper sees their own input.
  return rule.postcode?.test(normalized) ? normalized : upper;
}

/** Whether a (normalised) postcode has the country's format; an empty one is judged by `required`. */
export function isValidPostcode(country: string, value: string): boolean {
  const normalized = normalizePostcode(country, value);
  if (normalized.length === 0 || normalized.length > 20) return false;
  const pattern = isKnownCountry(country) ? COUNTRIES[country]!.postcode : undefined;
  return pattern ? pattern.test(normalized) : /^[A-Z0-9][A-Z0-9 -]*$/.test(normalized);
}

export type AddressInput = Partial<Record<AddressField, string>>;

export type AddressProblem = {
  field: AddressField;
  code: 'required' | 'invalid_country' | 'invalid_state' | 'invalid_postcode';
};

/**
 * Checks the given fields of an address against its country's rules. Only the listed fields
 * are judged (the cart's calculator asks for country, state, postcode and city only).
 */
export function checkAddress(
  address: AddressInput,
  fields: readonly AddressField[],
): AddressProblem[] {
  const country = address.country ?? '';
  if (!isKnownCountry(country)) return [{ field: 'country', code: 'invalid_country' }];
  const rules = new Map(addressFields(country, 'en').map((f) => [f.key, f]));
  const problems: AddressProblem[] = [];
  for (const field of fields) {
    if (field === 'country') continue;
    const rule = rules.get(field)!;
    const value = (address[field] ?? '').trim();
    if (rule.hidden) continue;
    if (value === '') {
      if (rule.required) problems.push({ field, code: 'required' });
      continue;
    }
    if (field === 'state') {
      const states = stateOptions(country, 'en');
      if (states && !states.some((s) => s.code === value)) {
        problems.push({ field, code: 'invalid_state' });
      }
    }
    if (field === 'postcode' && !isValidPostcode(country, value)) {
      problems.push({ field, code: 'invalid_postcode' });
    }
  }
  return problems;
}

/** The address as stored: trimmed, postcode in the country's spelling, hidden fields emptied. */
export function normalizeAddress<A extends AddressInput>(address: A): A {
  const country = address.country ?? '';
  const out: AddressInput = { ...address };
  for (const key of Object.keys(out) as AddressField[]) out[key] = (out[key] ?? '').trim();
  if (out.postcode) out.postcode = normalizePostcode(country, out.postcode);
  if (out.state !== undefined) {
    const rule = isKnownCountry(country) ? fieldRule(country, 'state', 'en') : null;
    if (rule?.hidden) out.state = '';
    else if (stateOptions(country, 'en')) out.state = out.state.toUpperCase();
  }
  return out as A;
}
