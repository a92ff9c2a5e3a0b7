/**
 * The classic checkout's field rules (spec section 5), pure so the browser validates each field
 * as the shopper types and the server judges the whole form with the very same code.
 */
import {
  type AddressField,
  addressGroupFields,
  isKnownCountry,
  isValidPostcode,
  stateOptions,
} from '#app/domain/customers/address-locale.ts';
import type { Locale } from '#app/lib/locale.ts';
import { normalizeVatId, vatIdFitsCountry } from '#app/domain/pricing/vat.rules.ts';

/** A standard e-mail pattern: something@domain.tld, no blanks. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Phone fields may hold digits, blanks and # _ - + / ( ) only. */
export const PHONE_PATTERN = /^[\d\s#_\-+/()]*$/;

/** The marker a field gets when it fails: which rule it broke. */
export type FieldFailure =
  'required' | 'email' | 'phone' | 'postcode' | 'state' | 'country' | 'vat_id';

export type FieldCheck = {
  value: string;
  required: boolean;
  /** `checkbox`: an unticked box counts as empty. */
  kind: 'text' | 'email' | 'tel' | 'checkbox' | 'select';
  checked?: boolean;
};

/** One field as the browser checks it on input, change and focusout: null when it passes. */
export function checkField(field: FieldCheck): FieldFailure | null {
  const value = field.value.trim();
  const empty = field.kind === 'checkbox' ? !field.checked : value === '';
  if (field.required && empty) return 'required';
  if (field.kind === 'email' && value !== '' && !EMAIL_PATTERN.test(value)) return 'email';
  if (field.kind === 'tel' && value !== '' && !PHONE_PATTERN.test(value)) return 'phone';
  return null;
}

export type AddressGroup = 'billing' | 'shipping';

export type CheckoutProblem = {
  /** The form field's name, e.g. `billing_postcode`; also the id of its control. */
  field: string;
  failure: FieldFailure;
  /** The field's label in the shopper's language, for the message. */
  label: string;
};

/** The fields a group's address shows for its country, in order, with that country's rules. */
export const groupFields = addressGroupFields;

export type AddressValues = Partial<Record<AddressField | 'email' | 'vat_id', string>>;

/** Every problem of one address group, in the order the fields appear. */
export function addressGroupProblems(
  group: AddressGroup,
  address: AddressValues,
  locale: Locale,
  labels: { email: string; vatId?: string },
): CheckoutProblem[] {
  const country = (address.country ?? '').trim();
  const problems: CheckoutProblem[] = [];
  const fields = groupFields(group, country, locale);
  for (const rule of fields) {
    const value = (address[rule.key] ?? '').trim();
    const name = `${group}_${rule.key}`;
    const push = (failure: FieldFailure) =>
      problems.push({ field: name, failure, label: rule.label });
    if (rule.key === 'country') {
      if (value === '') push('required');
      else if (!isKnownCountry(value)) push('country');
      continue;
    }
    const failure = checkField({
      value,
      required: rule.required,
      kind: rule.key === 'phone' ? 'tel' : 'text',
    });
    if (failure) {
      push(failure);
      continue;
    }
    if (value === '' || !isKnownCountry(country)) continue;
    if (rule.key === 'postcode' && !isValidPostcode(country, value)) push('postcode');
    if (rule.key === 'state') {
      const states = stateOptions(country, 'en');
      if (states && !states.some((s) => s.code === value.toUpperCase())) push('state');
    }
  }
  if (group === 'billing') {
    const failure = checkField({ value: address.email ?? '', required: true, kind: 'email' });
    if (failure) problems.push({ field: 'billing_email', failure, label: labels.email });
    // Optional; given, it must fit the billing country (reverse charge depends on it).
    const vatId = normalizeVatId(address.vat_id ?? '');
    if (vatId !== '' && !vatIdFitsCountry(vatId, country)) {
      problems.push({
        field: 'billing_vat_id',
        failure: 'vat_id',
        label: labels.vatId ?? (locale === 'de' ? 'USt-IdNr.' : 'VAT ID'),
      });
    }
  }
  return problems;
}

/**
 * Whether an address change should refresh the order review: not while a required field of
 * the group is still empty (spec section 5), as rates for half an address mean nothing.
 */
export function groupComplete(group: AddressGroup, address: AddressValues, locale: Locale) {
  const country = (address.country ?? '').trim();
  if (country === '') return false;
  return groupFields(group, country, locale).every(
    (f) => !f.required || (address[f.key] ?? '').trim() !== '',
  );
}
