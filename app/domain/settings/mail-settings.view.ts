// What the mails settings page shows and answers; safe in the browser.

/** One mail in the page's list. */
export type MailRowView = {
  id: string;
  audience: 'customer' | 'shop';
  /** Why it cannot be switched off here; null: a switch. */
  required: string | null;
  managedAt: string | null;
  enabled: boolean;
};

/** A refused form or a test send's outcome: the first message, each field's problem. */
export type MailSettingsAnswer = {
  intent: 'settings' | 'test';
  ok: boolean;
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  values?: Record<string, string>;
  /** After a refused save over someone else's change: the version in force now. */
  version?: string;
};
