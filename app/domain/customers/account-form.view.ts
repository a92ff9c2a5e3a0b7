/** What an account form's post answers with: the page shows it as a notice beside the form. */
export type AccountActionData = {
  ok: boolean;
  intent: string;
  /** Several messages at once (details saved and an email change started). */
  messages: string[];
  /** The control a failure is about (its id), so the notice links to it. */
  field?: string;
  /** What was typed (never passwords), so a refused form keeps it. */
  values?: Record<string, string>;
  /** The login form the post came from: the header's popup opens again with its notices. */
  source?: 'popup' | 'page';
};

/** Notices carried over a redirect by name; anything else in the address is ignored. */
export const ACCOUNT_NOTICES = [
  'logged_out',
  'deleted',
  'registered',
  'activated',
  'reset_done',
  'email_changed',
  'password_changed',
  'cart_merged',
  'cart_limited',
] as const;
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];

export { ACCOUNT_MESSAGE_AREAS } from '#app/domain/kernel/account-pages.view.ts';
