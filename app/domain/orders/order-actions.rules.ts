import { TRANSITIONS, needsPayment } from './lifecycle.rules.ts';
import type { OrderRow, OrderStatus } from './orders.schema.ts';

/**
 * The back office's status buttons: the table's transitions from the order's status, without
 * the two that have their own forms (refunds, and cancelling with its confirmation).
 */
export function offeredTransitions(status: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS[status]) as OrderStatus[]).filter(
    (to) => to !== 'refunded' && to !== 'cancelled',
  );
}

export function cancellable(status: OrderStatus): boolean {
  return TRANSITIONS[status].cancelled !== undefined;
}

/** Payment methods whose money arrives outside the shop, so staff record it by hand. */
export const OFFLINE_METHODS: readonly string[] = ['bacs', 'invoice', 'cod'];

/** An offline payment still awaited. */
export function canMarkPaid(order: Pick<OrderRow, 'paymentMethod' | 'status'>): boolean {
  return (
    OFFLINE_METHODS.includes(order.paymentMethod) &&
    (order.status === 'pending' || order.status === 'on-hold')
  );
}

/** A paid order that ships nothing (downloads, services) is done once paid. */
export function paidStatus(order: Pick<OrderRow, 'shippingLines'>): 'processing' | 'completed' {
  return order.shippingLines.length > 0 ? 'processing' : 'completed';
}

/**
 * Whether the addresses may still be changed: not once the goods are on their way (a parcel
 * has left, or the order is completed); cancelled and refunded orders are closed.
 */
export function addressEditable(order: Pick<OrderRow, 'status'>, shipped: boolean): boolean {
  return !shipped && ['pending', 'on-hold', 'processing', 'failed'].includes(order.status);
}

/** The order mails staff can send again. */
export const RESENDABLE_MAILS = [
  'new_order_shop',
  'confirmation',
  'status_on_hold',
  'status_processing',
  'status_completed',
  'payment_request',
] as const;
export type ResendableMail = (typeof RESENDABLE_MAILS)[number];

/** The mails that fit the order as it stands: a status mail only for its current status. */
export function resendableMails(order: Pick<OrderRow, 'status' | 'total'>): ResendableMail[] {
  const mails: ResendableMail[] = ['new_order_shop'];
  if (['on-hold', 'processing', 'completed'].includes(order.status)) mails.push('confirmation');
  if (order.status === 'on-hold') mails.push('status_on_hold');
  if (order.status === 'processing') mails.push('status_processing');
  if (order.status === 'completed') mails.push('status_completed');
  if (needsPayment(order.status, order.total)) mails.push('payment_request');
  return mails;
}

/** Outbox kinds of the order mails (the mail module carries them out). */
export const ORDER_MAIL_KINDS = {
  newOrder: 'mail.new_order',
  status: 'mail.order_status',
  unpaidCancelled: 'mail.unpaid_cancelled',
  customerNote: 'mail.customer_note',
  paymentRequest: 'mail.payment_request',
} as const;
