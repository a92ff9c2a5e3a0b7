import { eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import {
  type RefundWithLines,
  orderLinesById,
  refundOf,
} from '#app/domain/payments/refunds.server.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type { Env } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type MailMessage, createMailer } from '#app/lib/mail.server.ts';
import { mailFrom, mailSwitchedOff } from './mail-sender.server.ts';
import { outboxMessageId } from './announcements.server.ts';
import { type Section, compose, escapeHtml, paragraph } from './order-mails.server.ts';

export type RefundFacts = Pick<
  RefundWithLines,
  'lines' | 'shippingAmount' | 'freeAmount' | 'amount' | 'method' | 'reason'
>;

/** The refund mail's text, from the refund as recorded. */
export function refundMail(
  order: OrderRow,
  refund: RefundFacts,
  itemName: (orderItemId: number) => string,
  locale: Locale,
): MailMessage {
  const t = serverTranslator(locale);
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const rows: [string, string][] = refund.lines.map((line) => [
    `${itemName(line.orderItemId)} × ${line.quantity}`,
    money(line.amount),
  ]);
  if (refund.shippingAmount > 0) {
    rows.push([t('mail.refund.shipping'), money(refund.shippingAmount)]);
  }
  if (refund.freeAmount > 0) rows.push([t('mail.refund.other'), money(refund.freeAmount)]);
  rows.push([t('mail.refund.total'), money(refund.amount)]);
  const table: Section = {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html:
      '<table cellpadding="6" style="border-collapse:collapse">' +
      rows
        .map(
          ([l, v]) =>
            `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(l)}</th><td align="right" style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`,
        )
        .join('') +
      '</table>',
  };
  const shop = t('shop.name');
  const name = order.billingAddress.first_name || order.billingAddress.last_name;
  return compose(
    t('mail.refund.subject', { shop, number: order.number }),
    [order.billingAddress.email ?? ''],
    [
      paragraph(t('mail.greeting', { name })),
      paragraph(
        t(refund.method === 'manual' ? 'mail.refund.intro_manual' : 'mail.refund.intro', {
          number: order.number,
          amount: money(refund.amount),
        }),
      ),
      table,
      ...(refund.reason ? [paragraph(t('mail.refund.reason', { reason: refund.reason }))] : []),
      paragraph(t('mail.signoff', { shop })),
    ],
  );
}

type Entry = { id: number; orderId: number | null; payload: Record<string, unknown> };

/** Tells the customer what was refunded: the amount, the lines and quantities, shipping. */
export async function sendRefundMail(
  { db, env }: { db: Tx; env: Env },
  entry: Entry,
): Promise<void> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, entry.orderId ?? 0));
  const refundId = Number(entry.payload.refundId);
  if (!order || !Number.isSafeInteger(refundId)) return;
  const refund = await refundOf(db, order.id, refundId);
  const email = order.billingAddress.email ?? '';
  if (!refund || refund.status !== 'succeeded' || !email.includes('@')) return;
  const items = await orderLinesById(db, order.id);
  const locale = order.locale === 'en' ? 'en' : 'de';
  const message = refundMail(order, refund, (id) => items.get(id)?.name ?? '', locale);
  if (await mailSwitchedOff(db, 'order_refund', order.id)) return;
  const mailer = createMailer(env, await mailFrom(db, env));
  const sent = await mailer.send({
    ...message,
    messageId: outboxMessageId(env, entry.id, 'customer'),
  });
  if (!sent.ok) throw new Error(`mail "${message.subject}" not sent: ${sent.error}`);
}
