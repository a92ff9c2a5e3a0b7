// The back office's simple catalog lists: which fields each kind has and how a form's text
// becomes stored values. Safe in the browser: the form is drawn from the same definitions.
import type { Localized } from '#app/domain/kernel/localized.ts';

export const LIST_KINDS = [
  'tags',
  'delivery-times',
  'deposit-types',
  'manufacturers',
  'shipping-classes',
  'attributes',
  'terms',
] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export type ListField =
  | { name: string; type: 'localized'; required?: boolean; long?: boolean }
  | { name: string; type: 'text' | 'email' | 'url'; required?: boolean; long?: boolean }
  | { name: string; type: 'int'; min: number; max: number; required?: boolean }
  | { name: string; type: 'money'; required?: boolean }
  | { name: string; type: 'choice'; choices: readonly string[]; required?: boolean }
  | { name: string; type: 'color' | 'image'; required?: boolean };

export const SWATCH_TYPES = ['select', 'color', 'image', 'label'] as const;
export const PACKAGING_TYPES = ['reusable', 'disposable'] as const;

/** The fields of each kind in form order; every kind also has a slug, made from the first field. */
export const LIST_FIELDS: Record<ListKind, readonly ListField[]> = {
  tags: [
    { name: 'name', type: 'localized', required: true },
    { name: 'description', type: 'localized', long: true },
  ],
  'delivery-times': [
    { name: 'label', type: 'localized', required: true },
    { name: 'minDays', type: 'int', min: 0, max: 365, required: true },
    { name: 'maxDays', type: 'int', min: 0, max: 365, required: true },
  ],
  'deposit-types': [
    { name: 'name', type: 'localized', required: true },
    { name: 'amount', type: 'money', required: true },
    { name: 'packagingType', type: 'choice', choices: PACKAGING_TYPES, required: true },
  ],
  manufacturers: [
    { name: 'name', type: 'text', required: true },
    { name: 'postalAddress', type: 'text', required: true, long: true },
    { name: 'email', type: 'email', required: true },
    { name: 'url', type: 'url' },
  ],
  'shipping-classes': [
    { name: 'name', type: 'localized', required: true },
    { name: 'description', type: 'localized', long: true },
  ],
  attributes: [
    { name: 'name', type: 'localized', required: true },
    { name: 'swatchType', type: 'choice', choices: SWATCH_TYPES, required: true },
  ],
  terms: [
    { name: 'name', type: 'localized', required: true },
    { name: 'position', type: 'int', min: -1_000_000, max: 1_000_000 },
    { name: 'swatchColor', type: 'color' },
    { name: 'swatchImage', type: 'image' },
    { name: 'swatchLabel', type: 'localized' },
  ],
};

/** The names of a field's inputs: a localized field has one per language. */
export const inputsOf = (field: ListField): string[] =>
  field.type === 'localized' ? [`${field.name}_de`, `${field.name}_en`] : [field.name];

export type FieldError = { field: string; code: string };
/** `slug` is what was typed, or the first field's (German) text: the server makes it a slug. */
export type ParsedEntry = { slug: string; values: Record<string, unknown> };

const SHORT = 200;
const LONG = 5000;
const HEX = /^#[0-9a-f]{6}$/i;
// Control characters but tab and line breaks; the stored text is shown as typed.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Minor units from "2,50", "2.50" or "2". */
export function parseMoney(text: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export const formatMoneyInput = (minor: number) =>
  `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

function parseText(
  raw: string,
  field: { name: string; required?: boolean; long?: boolean },
  input: string,
  errors: FieldError[],
): string | null {
  const text = raw.trim();
  if (text.length > (field.long ? LONG : SHORT) || CONTROL.test(text)) {
    errors.push({ field: input, code: 'admin.catalogLists.error.text' });
    return null;
  }
  return text || null;
}

/**
 * A form's text as stored values: `values` per field name, `slug` from the slug input or the first
 * field; every refused input is named in `errors`. Missing inputs count as empty.
 */
export function parseEntry(
  kind: ListKind,
  form: Record<string, string>,
): { ok: true; entry: ParsedEntry } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  for (const field of LIST_FIELDS[kind]) {
    const raw = (name: string) => form[name] ?? '';
    let value: unknown = null;
    switch (field.type) {
      case 'localized': {
        const de = parseText(raw(`${field.name}_de`), field, `${field.name}_de`, errors);
        const en = parseText(raw(`${field.name}_en`), field, `${field.name}_en`, errors);
        if (de) value = (en ? { de, en } : { de }) satisfies Localized;
        else if (en)
          errors.push({ field: `${field.name}_de`, code: 'admin.catalogLists.error.de' });
        break;
      }
      case 'text':
        value = parseText(raw(field.name), field, field.name, errors);
        break;
      case 'email': {
        const text = raw(field.name).trim();
        if (text && (text.length > 254 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(text)))
          errors.push({ field: field.name, code: 'admin.catalogLists.error.email' });
        else value = text || null;
        break;
      }
      case 'url': {
        const text = raw(field.name).trim();
        let good = !text;
        try {
          good ||= text.length <= 500 && /^https?:$/.test(new URL(text).protocol);
        } catch {
          good = false;
        }
        if (!good) errors.push({ field: field.name, code: 'admin.catalogLists.error.url' });
        else value = text || null;
        break;
      }
      case 'int': {
        const text = raw(field.name).trim();
        const n = /^-?\d{1,7}$/.test(text) ? Number(text) : NaN;
        if (text && !(n >= field.min && n <= field.max))
          errors.push({ field: field.name, code: 'admin.catalogLists.error.number' });
        else value = text ? n : null;
        break;
      }
      case 'money': {
        const text = raw(field.name).trim();
        const n = text ? parseMoney(text) : null;
        if (text && n === null)
          errors.push({ field: field.name, code: 'admin.catalogLists.error.money' });
        else value = n;
        break;
      }
      case 'choice': {
        const text = raw(field.name);
        if (text && !field.choices.includes(text))
          errors.push({ field: field.name, code: 'admin.catalogLists.error.choice' });
        else value = text || null;
        break;
      }
      case 'color': {
        const text = raw(field.name).trim();
        if (text && !HEX.test(text))
          errors.push({ field: field.name, code: 'admin.catalogLists.error.color' });
        else value = text ? text.toLowerCase() : null;
        break;
      }
      case 'image': {
        const text = raw(field.name);
        if (text && !/^[1-9]\d{0,8}$/.test(text))
          errors.push({ field: field.name, code: 'admin.catalogLists.error.image' });
        else value = text ? Number(text) : null;
        break;
      }
    }
    const missing = value === null && !errors.some((e) => e.field.startsWith(field.name));
    if (field.required && missing)
      errors.push({ field: inputsOf(field)[0]!, code: 'admin.catalogLists.error.required' });
    values[field.name] = value;
  }
  if (kind === 'delivery-times' && Number(values.minDays) > Number(values.maxDays))
    errors.push({ field: 'maxDays', code: 'admin.catalogLists.error.days' });
  const slugText = (form.slug ?? '').trim();
  const first = values[LIST_FIELDS[kind][0]!.name];
  const slug =
    slugText || (typeof first === 'string' ? first : ((first as Localized | null)?.de ?? ''));
  if (slugText.length > SHORT || CONTROL.test(slugText))
    errors.push({ field: 'slug', code: 'admin.catalogLists.error.slug' });
  if (errors.length) return { ok: false, errors };
  return { ok: true, entry: { slug, values } };
}

/** Stored values as the form's text, for editing. */
export function entryForm(kind: ListKind, values: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const field of LIST_FIELDS[kind]) {
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    if (field.type === 'localized') {
      const text = value as Localized;
      form[`${field.name}_de`] = text.de ?? '';
      form[`${field.name}_en`] = text.en ?? '';
    } else if (field.type === 'money') form[field.name] = formatMoneyInput(Number(value));
    else form[field.name] = String(value);
  }
  return form;
}
