// The back office's order actions as the order page shows them; safe in the browser.
import type { ResendableMail } from './order-actions.rules.ts';
import type { OrderStatus } from './orders.schema.ts';

/** What the order page offers for the order as it stands. */
export type OrderActions = {
  /** The session's token, sent with every form. */
  security: string;
  /** The status the page shows: a form sent after another change is refused. */
  status: OrderStatus;
  transitions: OrderStatus[];
  markPaid: { amount: string; total: string; today: string } | null;
  cancel: { refund: boolean; openPayment: boolean; coupons: string[] } | null;
  mails: { mail: ResendableMail; label: string }[];
  addressEditable: boolean;
};

/** A refused action: the message, the field it is about, and what was typed. */
export type OrderActionData = {
  intent: string;
  message: string;
  field?: string;
  values?: Record<string, string>;
  /** Every field's problem, where a form judges all fields at once (the address). */
  errors?: { field: string; message: string }[];
};
