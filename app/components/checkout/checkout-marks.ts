// The checkout's field verdicts (spec section 5): which controls are judged, how, and the
// message each failure shows; also the form's address values per group.
import {
  type AddressGroup,
  type AddressValues,
  checkField,
} from '#app/domain/checkout/checkout.rules.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import type { FieldMark, Marks } from './address-fields.tsx';

/** The address fields whose change may change the shipping rates and taxes. */
export const ADDRESS_KEYS = ['country', 'state', 'postcode', 'city', 'address_1', 'address_2'];

export function groupValues(form: HTMLFormElement, group: AddressGroup): AddressValues {
  const data = new FormData(form);
  const values: AddressValues = {};
  for (const [name, value] of data) {
    if (name.startsWith(`${group}_`) && typeof value === 'string') {
      values[name.slice(group.length + 1) as keyof AddressValues] = value;
    }
  }
  return values;
}

/** A control the spec's validation looks at: address fields, e-mail, phone, required boxes. */
export function checkedControl(target: EventTarget | null) {
  if (
    !(target instanceof HTMLInputElement) &&
    !(target instanceof HTMLSelectElement) &&
    !(target instanceof HTMLTextAreaElement)
  ) {
    return null;
  }
  return target.dataset.kind ? target : null;
}

/** One control judged by the spec's rules, with the message its failure shows. */
export function markFor(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  t: Translate,
): FieldMark {
  const kind = control.dataset.kind as 'text' | 'email' | 'tel' | 'checkbox';
  const failure = checkField({
    value: control.value,
    required: control.dataset.required === 'true',
    kind,
    checked: control instanceof HTMLInputElement ? control.checked : undefined,
  });
  const group = control.dataset.group;
  const label =
    control.name === 'billing_email' || !group
      ? (control.dataset.label ?? '')
      : `${t(group === 'shipping' ? 'checkout.group_shipping' : 'checkout.group_billing')} ${control.dataset.label ?? ''}`;
  const message = failure
    ? control.name === 'terms'
      ? t('checkout.error.terms')
      : t(`checkout.error.${failure}` as TextKey, { label })
    : undefined;
  return { failure, validated: !failure, message };
}

/** Every visible checked control of the form, judged (after a failed review refresh). */
export function marksOfForm(form: HTMLFormElement, t: Translate): Marks {
  const next: Marks = {};
  for (const element of Array.from(form.elements)) {
    const control = checkedControl(element);
    if (control && control.offsetParent !== null) next[control.name] = markFor(control, t);
  }
  return next;
}

export function marksFromMessages(messages: { text: string; field?: string }[]): Marks {
  const marks: Marks = {};
  for (const m of messages) {
    if (m.field) marks[m.field] = { failure: 'server', validated: false, message: m.text };
  }
  return marks;
}
