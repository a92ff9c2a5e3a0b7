import type { Tx } from '#app/domain/kernel/tx.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type { RenewalOutcome } from '#app/domain/subscriptions/subscriptions.server.ts';
import type { SubscriptionRow } from '#app/domain/subscriptions/subscriptions.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import { formatDate } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type MailMessage, createMailer } from '#app/lib/mail.server.ts';
import { orderPayPath } from '../order-links.ts';
import { mailFrom, mailSwitchedOff } from './mail-sender.server.ts';
import { viewSubscriptionPath } from '../subscriptions/change-payment.server.ts';
import { compose, orderSection, paragraph } from './order-mails.server.ts';

const localeOf = (order: Pick<OrderRow, 'locale'>): Locale => (order.locale === 'en' ? 'en' : 'de');

/** A renewal's mail: paid (with the next date), failed or due (with the order-pay link). */
export async function renewalMail(
  db: Tx,
  env: Env,
  outcome: RenewalOutcome,
): Promise<MailMessage | null> {
  const { order, subscription: sub, result } = outcome;
  const view = await orderView(db, order);
  const to = view.billing.email ?? '';
  if (!to.includes('@')) return null;
  const locale = localeOf(order);
  const t = serverTranslator(locale);
  const shop = t('shop.name');
  const name = view.billing.first_name || view.billing.last_name;
  const sections = [paragraph(t('subscription.mail.greeting', { name }))];
  const amount = formatMoney(order.total, order.currency, locale);
  let subject: string;
  if (result === 'paid') {
    subject = t('subscription.mail.renewal_paid_subject', { shop, number: order.number });
    sections.push(paragraph(t('subscription.mail.renewal_paid_intro', { name: sub.name })));
    sections.push(paragraph(t('subscription.mail.renewal_amount', { amount })));
    if (sub.nextPaymentAt) {
      const date = formatDate(sub.nextPaymentAt, locale);
      sections.push(paragraph(t('subscription.mail.next_payment', { date })));
    }
  } else {
    const failed = result === 'failed';
    subject = t(
      failed ? 'subscription.mail.renewal_failed_subject' : 'subscription.mail.renewal_due_subject',
      { shop, number: order.number },
    );
    sections.push(
      paragraph(
        t(
          failed ? 'subscription.mail.renewal_failed_intro' : 'subscription.mail.renewal_due_intro',
          { name: sub.name },
        ),
      ),
    );
    const url = new URL(orderPayPath(order), env.SHOP_URL).href;
    sections.push(paragraph(t('subscription.mail.pay_link', { url })));
  }
  sections.push(orderSection(view, t, locale));
  const link = new URL(viewSubscriptionPath(sub.id), env.SHOP_URL).href;
  sections.push(paragraph(t('subscription.mail.view', { url: link })));
  sections.push(paragraph(t('mail.signoff', { shop })));
  return compose(subject, [to], sections);
}

/** Tells the customer the subscription is cancelled, and until when it runs. */
export async function cancelledMail(
  db: Tx,
  env: Env,
  sub: SubscriptionRow,
  parent: OrderRow,
): Promise<MailMessage | null> {
  const to = parent.billingAddress.email ?? '';
  if (!to.includes('@')) return null;
  const locale = localeOf(parent);
  const t = serverTranslator(locale);
  const shop = t('shop.name');
  const name = parent.billingAddress.first_name || parent.billingAddress.last_name;
  const sections = [
    paragraph(t('subscription.mail.greeting', { name })),
    paragraph(t('subscription.mail.cancelled_intro', { name: sub.name })),
  ];
  if (sub.status === 'pending-cancel' && sub.endAt) {
    const date = formatDate(sub.endAt, locale);
    sections.push(paragraph(t('subscription.mail.cancelled_until', { date })));
  }
  const link = new URL(viewSubscriptionPath(sub.id), env.SHOP_URL).href;
  sections.push(paragraph(t('subscription.mail.view', { url: link })));
  sections.push(paragraph(t('mail.signoff', { shop })));
  return compose(t('subscription.mail.cancelled_subject', { shop }), [to], sections);
}

/** Sends the mails; a failed mail is logged and changes nothing. */
export async function sendSubscriptionMails(
  db: Tx,
  env: Env,
  messages: readonly (MailMessage | null)[],
): Promise<void> {
  const mailer = createMailer(env, await mailFrom(db, env));
  for (const message of messages) {
    if (!message) continue;
    const sent = await mailer.send(message);
    if (!sent.ok) console.error('subscription mail failed', message.subject, sent.error);
  }
}

/** The renewal job's mails, one per renewal that was paid, failed or waits for payment. */
export async function renewalMails(
  db: Tx,
  env: Env,
  outcomes: readonly RenewalOutcome[],
): Promise<void> {
  const messages: (MailMessage | null)[] = [];
  if (await mailSwitchedOff(db, 'subscription_renewal')) return;
  for (const outcome of outcomes) {
    try {
      messages.push(await renewalMail(db, env, outcome));
    } catch (error) {
      console.error('subscription mail not written', outcome.order.id, (error as Error).message);
    }
  }
  await sendSubscriptionMails(db, env, messages);
}
