import path from 'node:path';
import { eq } from 'drizzle-orm';
import { IMPORT_BATCH, runImportBatch } from '#app/domain/catalog/product-import-uploads.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { issueCancellationInvoice } from '#app/domain/invoices/invoices.server.ts';
import {
  issueInvoiceAfterRefunds,
  issueRefundCancellation,
} from '#app/domain/invoices/refund-invoices.server.ts';
import {
  INVOICE_CANCEL,
  INVOICE_ISSUE,
  INVOICE_REFUND,
  ORDER_CHANGED,
  invoiceFollowUps,
  type OrderChanged,
  PAYMENT_CANCEL,
  PAYMENT_REFUND,
} from '#app/domain/orders/lifecycle.server.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import type { OutboxEntry } from '#app/domain/orders/outbox.server.ts';
import type { OutboxRow } from '#app/domain/orders/outbox.schema.ts';
import { SHIPPED_MAIL } from '#app/domain/orders/shipments.server.ts';
import { STOCK_NOTICE } from '#app/domain/orders/orders.server.ts';
import { cancelOrderPayment } from '#app/domain/payments/stripe/provider-actions.server.ts';
import {
  REFUND_RETRY,
  refundAtStripe,
  refundOrderPayment,
} from '#app/domain/payments/stripe/refunds.server.ts';
import { REFUND_MAIL } from '#app/domain/payments/refunds.server.ts';
import { shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import { currentStripeSetup } from '#app/domain/payments/stripe-keys.server.ts';
import {
  countedRenewal,
  syncOrderSubscriptions,
} from '#app/domain/subscriptions/subscription-sync.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import {
  ORDER_MAILS,
  outboxMessageId,
  send,
  sendCustomerNoteMail,
  sendNewOrderMail,
  sendPaymentRequestMail,
  sendRenewalMail,
  sendStatusMail,
  sendUnpaidCancelledMail,
} from '../mail/announcements.server.ts';
import { sendShippedMail } from '../mail/shipment-mails.server.ts';
import { sendRefundMail } from '../mail/refund-mails.server.ts';
import { sendStockNoticeMail } from '../mail/stock-mails.server.ts';
import { WEBHOOK_DELIVER } from '#app/domain/webhooks/webhooks.server.ts';
import { deliverWebhookEvent } from '../webhooks/delivery.server.ts';

export type EffectContext = { db: Tx; env: Env };

/** Carries out one queued entry; what it returns is queued as the entry is marked done. */
export type Effect = (ctx: EffectContext, entry: OutboxRow) => Promise<OutboxEntry[] | void>;

/** The statuses a renewal order's payment leaves it in (a debit on its way counts as paid). */
const RENEWAL_PAYMENT_STATUSES: readonly OrderRow['status'][] = ['processing', 'on-hold'];

/**
 * After a change: the order's subscriptions follow it (activated, renewed), then its mails are
 * queued, each under a key that lets it out once however often the change is announced. A paid
 * renewal is announced by the subscription's "renewal paid" mail instead of the order mails.
 */
const orderChanged: Effect = async ({ db, env }, entry) => {
  const { to, announce } = entry.payload as OrderChanged;
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, entry.orderId ?? 0));
  if (!order) return [];
  try {
    await syncOrderSubscriptions(db, (await currentStripeSetup(env, db)).stripe, order);
  } catch (error) {
    // The order's mails go all the same; the next change or the renewal job syncs again.
    console.error('subscriptions: sync failed', order.id, (error as Error).message);
  }
  // The invoice is queued before the mails, so a mail that attaches it finds it issued.
  const invoices = invoiceFollowUps(order.id, to, entry.id);
  if (order.subscriptionId !== null && RENEWAL_PAYMENT_STATUSES.includes(to)) {
    const counted = await countedRenewal(db, order);
    return counted ? [...invoices, renewalMail(order, 'paid')] : invoices;
  }
  return [...invoices, ...announcementMails(order, entry, announce)];
};

function announcementMails(
  order: OrderRow,
  entry: OutboxRow,
  announce: OrderChanged['announce'],
): OutboxEntry[] {
  const { to } = entry.payload as OrderChanged;
  switch (announce) {
    case 'new_order':
      return [
        { kind: ORDER_MAILS.newOrder, orderId: order.id, dedupeKey: `new-order:${order.id}` },
      ];
    case 'status':
      return [
        {
          kind: ORDER_MAILS.status,
          orderId: order.id,
          payload: { to },
          dedupeKey: `order-status:${entry.id}`,
        },
      ];
    case 'unpaid_cancelled':
      return [
        {
          kind: ORDER_MAILS.unpaidCancelled,
          orderId: order.id,
          dedupeKey: `unpaid-cancelled:${order.id}`,
        },
      ];
    case 'renewal_failed':
      return [renewalMail(order, 'failed')];
    default:
      return [];
  }
}

export function renewalMail(
  order: Pick<OrderRow, 'id'>,
  result: 'paid' | 'failed' | 'awaiting',
): OutboxEntry {
  return {
    kind: ORDER_MAILS.renewal,
    orderId: order.id,
    payload: { result },
    dedupeKey: `renewal-${result}:${order.id}`,
  };
}

/** Every kind of queued effect and what carries it out. */
export const EFFECTS: Readonly<Record<string, Effect>> = {
  // A back-office product import: one batch per entry, the next queued as it completes.
  [IMPORT_BATCH]: ({ db, env }, entry) =>
    runImportBatch(db, entry.payload, {
      shopOrigin: shopPublicOrigin(env),
      allowedOrigins: [],
      mediaDir: path.resolve(env.DATA_DIR, 'media'),
    }),
  [ORDER_CHANGED]: orderChanged,
  [ORDER_MAILS.newOrder]: (ctx, entry) => sendNewOrderMail(ctx, entry),
  [ORDER_MAILS.status]: (ctx, entry) => sendStatusMail(ctx, entry),
  [ORDER_MAILS.unpaidCancelled]: (ctx, entry) => sendUnpaidCancelledMail(ctx, entry),
  [ORDER_MAILS.renewal]: (ctx, entry) => sendRenewalMail(ctx, entry),
  [SHIPPED_MAIL]: (ctx, entry) => sendShippedMail(ctx, entry),
  [ORDER_MAILS.customerNote]: (ctx, entry) => sendCustomerNoteMail(ctx, entry),
  [ORDER_MAILS.paymentRequest]: (ctx, entry) => sendPaymentRequestMail(ctx, entry),
  [REFUND_MAIL]: (ctx, entry) => sendRefundMail(ctx, entry),
  [STOCK_NOTICE]: ({ db, env }, entry) =>
    sendStockNoticeMail(db, env, entry, (mails) =>
      send(
        { db, env },
        mails.map((m) => ({ ...m, messageId: outboxMessageId(env, entry.id, 'shop') })),
      ),
    ),
  [PAYMENT_CANCEL]: async ({ db, env }, entry) => {
    await cancelOrderPayment(db, (await currentStripeSetup(env, db)).stripe, entry.orderId ?? 0);
  },
  [PAYMENT_REFUND]: async ({ db, env }, entry) => {
    await refundOrderPayment(db, (await currentStripeSetup(env, db)).stripe, entry.orderId ?? 0);
  },
  [REFUND_RETRY]: async ({ db, env }, entry) => {
    const refundId = Number(entry.payload.refundId);
    if (!Number.isSafeInteger(refundId)) return;
    await refundAtStripe(db, (await currentStripeSetup(env, db)).stripe, refundId, { retry: true });
  },
  // Not due (another status by now, or issued on completion) and not invoiced are answers,
  // not failures: nothing to issue.
  [INVOICE_ISSUE]: async ({ db }, entry) => {
    await issueInvoiceAfterRefunds(db, entry.orderId ?? 0);
  },
  [INVOICE_CANCEL]: async ({ db }, entry) => {
    await issueCancellationInvoice(db, entry.orderId ?? 0, 'rest');
  },
  [INVOICE_REFUND]: async ({ db }, entry) => {
    const refundId = Number(entry.payload.refundId);
    if (Number.isSafeInteger(refundId)) await issueRefundCancellation(db, refundId);
  },
  [WEBHOOK_DELIVER]: (ctx, entry) => deliverWebhookEvent(ctx, entry),
};
