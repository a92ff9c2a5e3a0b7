import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/kernel/account-pages.view.ts';

/** The catalog parts the legal page editor's pages send to the browser. */
export const LEGAL_EDITOR_MESSAGE_AREAS = [
  ...ACCOUNT_MESSAGE_AREAS,
  'admin',
  'legal_editor',
  'legal.version',
] as const;
