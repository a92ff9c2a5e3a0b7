// The invoice settings form: what each field may hold. Pure, so the page can share it.
import { z } from 'zod';
import { isValidPattern } from './numbering.rules.ts';

export const ISSUE_ON_VALUES = ['paid', 'completed'] as const;

/** The settings as the page edits them. */
export type InvoiceSettings = {
  issueOn: (typeof ISSUE_ON_VALUES)[number];
  attachToMail: boolean;
  smallBusiness: boolean;
  taxNumber: string;
  invoicePattern: string;
  cancellationPattern: string;
};

/** The form's field names, each with the setting it edits. */
export const INVOICE_SETTING_FIELDS = {
  issue_on: 'issueOn',
  attach_to_mail: 'attachToMail',
  small_business: 'smallBusiness',
  tax_number: 'taxNumber',
  invoice_pattern: 'invoicePattern',
  cancellation_pattern: 'cancellationPattern',
} as const satisfies Record<string, keyof InvoiceSettings>;

export type InvoiceSettingField = keyof typeof INVOICE_SETTING_FIELDS;

/** The field's control id on the page: error messages link to it. */
export const controlId = (field: InvoiceSettingField) => `invoice-${field.replaceAll('_', '-')}`;

/** A checkbox sends `yes` when ticked and nothing otherwise. */
const checkbox = z
  .literal('yes')
  .optional()
  .transform((value) => value === 'yes');

/** A Steuernummer as the tax office writes it: digits with slashes, spaces or dots between. */
const TAX_NUMBER = /^[0-9A-Za-z][0-9A-Za-z /.-]*$/;

/** The form as sent (each field once, as text); the error codes name the message to show. */
export const invoiceSettingsSchema = z.object({
  issue_on: z.enum(ISSUE_ON_VALUES, { message: 'admin.invoiceSettings.error.issue_on' }),
  attach_to_mail: checkbox,
  small_business: checkbox,
  tax_number: z
    .string()
    .trim()
    .max(40, { message: 'admin.invoiceSettings.error.tax_number' })
    .refine((value) => value === '' || TAX_NUMBER.test(value), {
      message: 'admin.invoiceSettings.error.tax_number',
    }),
  invoice_pattern: z
    .string()
    .trim()
    .refine(isValidPattern, { message: 'admin.invoiceSettings.error.pattern' }),
  cancellation_pattern: z
    .string()
    .trim()
    .refine(isValidPattern, { message: 'admin.invoiceSettings.error.pattern' }),
});

export function settingsOfForm(form: z.infer<typeof invoiceSettingsSchema>): InvoiceSettings {
  return {
    issueOn: form.issue_on,
    attachToMail: form.attach_to_mail,
    smallBusiness: form.small_business,
    taxNumber: form.tax_number,
    invoicePattern: form.invoice_pattern,
    cancellationPattern: form.cancellation_pattern,
  };
}
