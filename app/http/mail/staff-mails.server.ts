import type { OrderView } from '#app/domain/orders/order.view.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import { type MailContext, compose, orderSection, paragraph } from './order-mails.server.ts';

/** A note the shop's staff wrote to the customer, with the order it is about. */
export function customerNoteMail(order: OrderView, note: string, ctx: MailContext): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  const name = order.billing.first_name || order.billing.last_name;
  return compose(
    t('admin.action.mail.note_subject', { number: order.number, shop }),
    [order.billing.email ?? ''],
    [
      paragraph(t('mail.greeting', { name })),
      paragraph(t('admin.action.mail.note_intro', { number: order.number })),
      paragraph(note),
      orderSection(order, t, ctx.locale),
      paragraph(t('mail.signoff', { shop })),
    ],
  );
}

/** Asks the customer to pay an order that waits for payment, with the link to pay it. */
export function paymentRequestMail(
  order: OrderView,
  payUrl: string,
  ctx: MailContext,
): MailMessage {
  const t = serverTranslator(ctx.locale);
  const shop = t('shop.name');
  const name = order.billing.first_name || order.billing.last_name;
  return compose(
    t('admin.action.mail.pay_subject', { number: order.number, shop }),
    [order.billing.email ?? ''],
    [
      paragraph(t('mail.greeting', { name })),
      paragraph(t('admin.action.mail.pay_intro', { number: order.number })),
      paragraph(payUrl),
      orderSection(order, t, ctx.locale),
      paragraph(t('mail.signoff', { shop })),
    ],
  );
}
