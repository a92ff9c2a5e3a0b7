import type { OrderView } from '#app/domain/orders/order.view.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import { type MailContext, letterToBuyer, orderSection, paragraph } from './order-mails.server.ts';

/** A note the shop's staff wrote to the customer, with the order it is about. */
export function customerNoteMail(order: OrderView, note: string, ctx: MailContext): MailMessage {
  return letterToBuyer(order, ctx.locale, 'admin.action.mail.note_subject', (t) => [
    paragraph(t('admin.action.mail.note_intro', { number: order.number })),
    paragraph(note),
    orderSection(order, t, ctx.locale),
  ]);
}

/** Asks the customer to pay an order that waits for payment, with the link to pay it. */
export function paymentRequestMail(
  order: OrderView,
  payUrl: string,
  ctx: MailContext,
): MailMessage {
  return letterToBuyer(order, ctx.locale, 'admin.action.mail.pay_subject', (t) => [
    paragraph(t('admin.action.mail.pay_intro', { number: order.number })),
    paragraph(payUrl),
    orderSection(order, t, ctx.locale),
  ]);
}
