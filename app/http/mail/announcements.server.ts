import { eq } from 'drizzle-orm';
import { orderAttributionOf } from '#app/domain/attribution/attribution.server.ts';
import { attachInvoiceToMail } from '#app/domain/invoices/invoices.server.ts';
import { issueInvoiceAfterRefunds } from '#app/domain/invoices/refund-invoices.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  ACCEPTED_AT_CHECKOUT,
  type LegalVersion,
  legalVersionsByNumber,
  legalVersionsInForce,
} from '#app/domain/legal/legal.server.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import { ORDER_MAIL_KINDS } from '#app/domain/orders/order-actions.rules.ts';
import {
  type OrderRow,
  type OrderStatus,
  orderNotes,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { RENEWAL_MAIL } from '#app/domain/subscriptions/subscriptions.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { type MailMessage, createMailer } from '#app/lib/mail.server.ts';
import { orderPayPath } from '../order-links.ts';
import { mailFrom, mailSwitchedOff } from './mail-sender.server.ts';
import { newOrderMails, statusChanged, unpaidCancelled } from './order-mails.server.ts';
import type { MailContext } from './order-mails.server.ts';
import { customerNoteMail, paymentRequestMail } from './staff-mails.server.ts';
import { renewalMail } from './subscription-mails.server.ts';

export type MailWork = { db: Tx; env: Env };

/** The mails an order's changes send, each queued in the outbox once. */
export const ORDER_MAILS = { ...ORDER_MAIL_KINDS, renewal: RENEWAL_MAIL } as const;

/**
 * One Message-ID per queued mail and recipient: a mail sent again after a crash (sent, but not
 * yet recorded as sent) carries the same ID, so mail programs show it once.
 */
export function outboxMessageId(env: Env, entryId: number, part: string): string {
  return `<outbox-${entryId}-${part}@${new URL(env.SHOP_URL).hostname}>`;
}

/** Sends through the configured mailer; a refusal throws, so the outbox tries again. */
export async function send({ db, env }: MailWork, messages: MailMessage[]): Promise<void> {
  const mailer = createMailer(env, await mailFrom(db, env));
  for (const message of messages) {
    if (!message.to.every((address) => address.includes('@'))) continue;
    const sent = await mailer.send(message);
    // Thrown, the outbox tries again later; the ID keeps a repeat recognisable.
    if (!sent.ok) throw new Error(`mail "${message.subject}" not sent: ${sent.error}`);
  }
}

async function orderOf(db: Tx, orderId: number | null): Promise<OrderRow | null> {
  if (orderId === null) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

export const localeOf = (order: OrderRow) => (order.locale === 'en' ? 'en' : 'de');

/** The versions the order names; an order from before versions were kept gets today's. */
export async function acceptedLegalVersions(db: Tx, order: OrderRow): Promise<LegalVersion[]> {
  const named = await legalVersionsByNumber(db, order.legalVersions);
  const missing = ACCEPTED_AT_CHECKOUT.filter((slug) => !named.has(slug));
  const current = missing.length ? await legalVersionsInForce(db, missing) : new Map();
  return ACCEPTED_AT_CHECKOUT.flatMap((slug) => {
    const version = named.get(slug) ?? current.get(slug);
    return version ? [version] : [];
  });
}

/**
 * The invoice PDF for the customer's mail of a paid or completed order, when the shop attaches
 * it: issued now if it is due and not yet issued (the same one the outbox would issue).
 */
async function invoiceAttachments(
  db: Tx,
  order: OrderRow,
  status: OrderStatus,
): Promise<NonNullable<MailMessage['attachments']>> {
  if (status !== 'processing' && status !== 'completed') return [];
  if (!(await attachInvoiceToMail(db))) return [];
  const issued = await issueInvoiceAfterRefunds(db, order.id);
  if (!issued.ok) return [];
  const { invoice } = issued.value;
  const t = serverTranslator(localeOf(order));
  return [
    {
      filename: t('invoice.mail_file', { number: invoice.number }),
      content: invoice.pdf,
      contentType: 'application/pdf',
    },
  ];
}

type Entry = { id: number; orderId: number | null; payload: Record<string, unknown> };

/** The confirmation for the customer (with the legal texts) and the shop's notice. */
export async function sendNewOrderMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const order = await orderOf(db, entry.orderId);
  if (!order) return;
  const [view, attribution, legal, owner] = await Promise.all([
    orderView(db, order),
    orderAttributionOf(db, order.id),
    acceptedLegalVersions(db, order),
    getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
  ]);
  const [confirmation, notice] = newOrderMails(view, {
    attribution,
    legal,
    locale: localeOf(order),
    shopLocale: env.SHOP_LOCALE,
    owner,
    shopUrl: env.SHOP_URL,
  });
  // Sent again from the back office, one of the two alone.
  const part = entry.payload.part;
  const attachments = part === 'shop' ? [] : await invoiceAttachments(db, order, order.status);
  // The confirmation is the contract's; only the shop's notice can be switched off.
  const noticeOff =
    part !== 'customer' && (await mailSwitchedOff(db, 'new_order_notice', order.id));
  await send({ db, env }, [
    ...(part === 'shop'
      ? []
      : [
          {
            ...confirmation,
            messageId: outboxMessageId(env, entry.id, 'customer'),
            ...(attachments.length ? { attachments } : {}),
          },
        ]),
    ...(part === 'customer' || noticeOff
      ? []
      : [{ ...notice, messageId: outboxMessageId(env, entry.id, 'shop') }]),
  ]);
}

/** Tells the customer the status the order moved to (paid, cancelled …). */
export async function sendStatusMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const order = await orderOf(db, entry.orderId);
  if (!order) return;
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  // The status of the change announced, even if the order has moved on since.
  const status = (entry.payload.to as OrderStatus | undefined) ?? order.status;
  const view = { ...(await orderView(db, order)), status };
  if (!view.billing.email?.includes('@')) return;
  if (await mailSwitchedOff(db, 'order_status', order.id)) return;
  const message = statusChanged(view, { locale: localeOf(order), owner, shopUrl: env.SHOP_URL });
  const attachments = await invoiceAttachments(db, order, status);
  await send({ db, env }, [
    {
      ...message,
      messageId: outboxMessageId(env, entry.id, 'customer'),
      ...(attachments.length ? { attachments } : {}),
    },
  ]);
}

export async function sendUnpaidCancelledMail({ db, env }: MailWork, entry: Entry) {
  const order = await orderOf(db, entry.orderId);
  if (!order) return;
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const view = await orderView(db, order);
  if (!view.billing.email?.includes('@')) return;
  if (await mailSwitchedOff(db, 'order_unpaid_cancelled', order.id)) return;
  const message = unpaidCancelled(view, { locale: localeOf(order), owner, shopUrl: env.SHOP_URL });
  await send({ db, env }, [{ ...message, messageId: outboxMessageId(env, entry.id, 'customer') }]);
}

/** A note staff wrote to the customer, as it was saved. */
export async function sendCustomerNoteMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const order = await orderOf(db, entry.orderId);
  if (!order) return;
  const [note] = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.id, Number(entry.payload.noteId ?? 0)));
  // A note deleted before its mail went out is not sent.
  if (!note || note.orderId !== order.id || typeof note.params.text !== 'string') return;
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const view = await orderView(db, order);
  if (!view.billing.email?.includes('@')) return;
  if (await mailSwitchedOff(db, 'customer_note', order.id)) return;
  const ctx: MailContext = { locale: localeOf(order), owner, shopUrl: env.SHOP_URL };
  const message = customerNoteMail(view, note.params.text, ctx);
  await send({ db, env }, [{ ...message, messageId: outboxMessageId(env, entry.id, 'customer') }]);
}

/** The link to pay an order that waits for payment. */
export async function sendPaymentRequestMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const order = await orderOf(db, entry.orderId);
  if (!order) return;
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const view = await orderView(db, order);
  if (!view.billing.email?.includes('@')) return;
  if (await mailSwitchedOff(db, 'payment_request', order.id)) return;
  const payUrl = new URL(orderPayPath(order), env.SHOP_URL).href;
  const ctx: MailContext = { locale: localeOf(order), owner, shopUrl: env.SHOP_URL };
  const message = paymentRequestMail(view, payUrl, ctx);
  await send({ db, env }, [{ ...message, messageId: outboxMessageId(env, entry.id, 'customer') }]);
}

/** A renewal paid, failed or due, with the subscription as it stands now. */
export async function sendRenewalMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const order = await orderOf(db, entry.orderId);
  if (!order || order.subscriptionId === null) return;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId));
  if (!subscription) return;
  const result = entry.payload.result as 'paid' | 'failed' | 'awaiting';
  if (await mailSwitchedOff(db, 'subscription_renewal', order.id)) return;
  const message = await renewalMail(db, env, { subscription, order, result });
  if (message) {
    await send({ db, env }, [
      { ...message, messageId: outboxMessageId(env, entry.id, 'customer') },
    ]);
  }
}
