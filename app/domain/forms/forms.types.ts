import type { Localized } from '#app/domain/kernel/localized.ts';

/** Field kinds a contact form can have; each renders as the matching HTML control. */
export type FieldType =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'number'
  | 'date'
  | 'time'
  | 'textarea'
  | 'select'
  | 'checkbox'
  | 'radio'
  | 'acceptance'
  | 'file'
  | 'quiz';

export type FieldOption = { value: string; label: Localized };

export type FieldDefinition = {
  name: string;
  type: FieldType;
  label: Localized;
  required?: boolean;
  placeholder?: Localized;
  help?: Localized;
  autocomplete?: string;
  /** select, checkbox, radio: the choices. */
  options?: FieldOption[];
  /** checkbox: at most one box may be ticked. */
  exclusive?: boolean;
  /** checkbox: how many boxes must / may be ticked. */
  minItems?: number;
  maxItems?: number;
  /** text, textarea: total characters; a counter shows them. */
  minLength?: number;
  maxLength?: number;
  /** number: bounds and step (the step counts from `min`, or 0). */
  min?: number;
  max?: number;
  step?: number;
  /** date: bounds as YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  /** date: allowed ISO weekdays, 1 = Monday … 7 = Sunday. */
  daysOfWeek?: number[];
  /** file: accepted extensions or types; sizes in bytes, over all files of the field. */
  accept?: string[];
  minFileSize?: number;
  maxFileSize?: number;
  multiple?: boolean;
  /** acceptance: `optional` does not block submission; `invert` means ticking declines. */
  optional?: boolean;
  invert?: boolean;
  /** quiz: question and accepted answers per language (compared case-insensitively). */
  quiz?: { question: Localized; answers: { de: string[]; en: string[] } };
  /** Extra rules combining others, by the rule names of the validation engine. */
  combined?: { rule: 'all' | 'any'; error: Localized; rules: CombinedRule[] };
};

/** A rule inside an all/any combination, with its own thresholds. */
export type CombinedRule =
  | { rule: 'email' | 'url' | 'tel' | 'number' | 'date' | 'time' }
  | { rule: 'minlength' | 'maxlength' | 'minnumber' | 'maxnumber'; threshold: number }
  | { rule: 'enum'; accept: string[] };

export type FormMessages = {
  mail_sent_ok: Localized;
  mail_sent_ng: Localized;
  validation_error: Localized;
  spam: Localized;
  accept_terms: Localized;
};

export type FormDefinition = {
  fields: FieldDefinition[];
  /** Whether the image captcha guards the form. */
  captcha: boolean;
  submitLabel: Localized;
  mail: {
    /** Recipients come only from here, never from what a visitor sends. */
    to: string[];
    /** Templates: [field-name] is replaced by the submitted value. */
    subject: Localized;
    body: Localized;
    /** A field whose (validated) e-mail address becomes Reply-To. */
    replyToField?: string;
  };
  messages: FormMessages;
};

/** The statuses of a submission, as the feedback response names them. */
export const SUBMISSION_STATUSES = [
  'mail_sent',
  'mail_failed',
  'validation_failed',
  'acceptance_missing',
  'spam',
  'aborted',
  'payment_required',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The form's state in the browser, as the spec names it for each response status. */
export function formStateOf(status: string): string {
  switch (status) {
    case 'validation_failed':
      return 'invalid';
    case 'acceptance_missing':
      return 'unaccepted';
    case 'spam':
      return 'spam';
    case 'aborted':
      return 'aborted';
    case 'mail_sent':
      return 'sent';
    case 'mail_failed':
      return 'failed';
    case 'payment_required':
      return 'payment-required';
    default:
      return `custom-${status.replace(/[^\w-]/g, '')}`;
  }
}
