// Shared by every concept whose pages live in the customer's account (the account itself, saved
// methods, subscriptions, the legal page editor).
import type { MessageArea } from '#app/lib/i18n.ts';

/** The catalog parts every account page sends. */
export const ACCOUNT_MESSAGE_AREAS: MessageArea[] = [
  'account',
  'login',
  'password',
  'shipping',
  'forms.required_mark',
  'forms.optional_mark',
];
