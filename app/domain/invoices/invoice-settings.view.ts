// What the invoice settings page answers to its form; safe in the browser.

/** A refused form: the first message, and every field's problem with what was typed. */
export type InvoiceSettingsAnswer = {
  intent: 'invoice-settings';
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  values?: Record<string, string>;
  /** After a refused save over someone else's change: the version in force now. */
  version?: string;
};
