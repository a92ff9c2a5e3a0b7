import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';

export const METHODS_PATH = '/my-account/payment-methods';

/** The catalog parts the payment-method pages send. */
export const METHODS_MESSAGE_AREAS = [...ACCOUNT_MESSAGE_AREAS, 'methods' as const];
