/** One of the signed-in customer's orders as the withdrawal form lists it. */
export type WithdrawalOrderOption = {
  id: number;
  number: number;
  createdAt: string;
  total: number;
  currency: string;
};

export type GuestValues = { name: string; order_number: string; email: string };

/** What a post of `/vertrag-widerrufen` answers: the next step, or what stopped this one. */
export type WithdrawalActionData =
  | {
      step: 'identify';
      error: string;
      field?: string;
      values: GuestValues & { order_id: string };
    }
  | { step: 'confirm'; order: WithdrawalOrderOption | null; guest: GuestValues | null }
  | { step: 'done'; declaredAt: string; declaredAtText: string; email: string; number: string };

export const WITHDRAWAL_PATH = '/vertrag-widerrufen';

export const WITHDRAWAL_MESSAGE_AREAS = ['withdrawal', 'order', 'forms'] as const;
