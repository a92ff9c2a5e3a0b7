import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';

/** The catalog parts the subscription pages of the account send. */
export const SUBSCRIPTION_MESSAGE_AREAS = [
  ...ACCOUNT_MESSAGE_AREAS,
  'subscription' as const,
  'order' as const,
  'cart.product' as const,
];
