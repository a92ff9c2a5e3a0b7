/**
 * What the browser gets of a contact form: the form as rendered, its captcha and the answer to
 * a submission. Types only, so components can import them without pulling in server code.
 */
import type { Locale } from '#app/lib/locale.ts';
import type { FieldDefinition, SubmissionStatus } from './forms.types.ts';
import type { Rule } from './rules.ts';

export type CaptchaView = {
  key: string;
  image: string;
  audio: string;
  /** Only when the shop runs its own test suite (NODE_ENV=test), so browser tests can solve it. */
  testAnswer?: string;
};

/** A field as rendered: texts in the page's language, limits as the definition sets them. */
export type FieldView = Pick<
  FieldDefinition,
  | 'name'
  | 'type'
  | 'autocomplete'
  | 'minLength'
  | 'maxLength'
  | 'min'
  | 'max'
  | 'step'
  | 'minDate'
  | 'maxDate'
  | 'accept'
  | 'maxFileSize'
> & {
  label: string;
  required: boolean;
  placeholder: string;
  help: string;
  options: { value: string; label: string }[];
  exclusive: boolean;
  multiple: boolean;
  optional: boolean;
  invert: boolean;
  question?: string;
};

export type ContactFormView = {
  id: number;
  slug: string;
  version: number;
  locale: Locale;
  unitTag: string;
  containerPost: number;
  title: string;
  submitLabel: string;
  fields: FieldView[];
  rules: Rule[];
  captcha: CaptchaView | null;
};

/** The answer to a submission, as the feedback call sends it and the page post renders it. */
export type Feedback = {
  contact_form_id: number;
  status: SubmissionStatus;
  message: string;
  invalid_fields: { field: string; message: string; idref: string | null; error_id: string }[];
  posted_data_hash: string;
  into: string;
};
