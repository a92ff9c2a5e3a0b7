// What the shop and checkout settings pages answer to their forms; safe in the browser.

/** A refused form: the first message, and every field's problem with what was typed. */
export type SettingsAnswer = {
  intent: 'settings';
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  values?: Record<string, string>;
  /** After a refused save over someone else's change: the version in force now. */
  version?: string;
};
