// Every mail of the shop as it would read, built from the shop's latest order: nothing is sent
// and nothing is written (no invoice issued, no note added, tokens are placeholders).
import { desc } from 'drizzle-orm';
import { orderAttributionOf } from '#app/domain/attribution/attribution.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderWithdrawalRow, OrderRow } from '#app/domain/orders/orders.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import type { ShipmentView } from '#app/domain/orders/shipments.view.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import type { MailKind } from '#app/domain/settings/mail-settings.rules.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import type { SubscriptionRow } from '#app/domain/subscriptions/subscriptions.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import { orderPayPath } from '../order-links.ts';
import { type AccountMail, composeAccountMail } from '../pages/account-mail.server.ts';
import { acceptedLegalVersions } from './announcements.server.ts';
import {
  type MailContext,
  newOrderNotice,
  orderConfirmation,
  statusChanged,
  unpaidCancelled,
} from './order-mails.server.ts';
import { refundMail } from './refund-mails.server.ts';
import { orderShipped } from './shipment-mails.server.ts';
import { customerNoteMail, paymentRequestMail } from './staff-mails.server.ts';
import { stockNoticeMail } from './stock-mails.server.ts';
import { cancelledMail, renewalMail } from './subscription-mails.server.ts';
import { withdrawalConfirmation, withdrawalNotice } from './withdrawal-mails.server.ts';

/** A placeholder where a real mail carries a secret one-time key. */
const PREVIEW_TOKEN = 'PREVIEW';

export type MailPreview = { subject: string; text: string; html: string | null; to: string[] };

export type PreviewSample = { order: OrderRow } | null;

/** The order previews are built from: the latest one. */
export async function previewSample(db: Tx): Promise<PreviewSample> {
  const [order] = await db.select().from(orders).orderBy(desc(orders.id)).limit(1);
  return order ? { order } : null;
}

function accountMail(env: Env, locale: Locale, mail: AccountMail, to: string): MailPreview {
  const { subject, text } = composeAccountMail(mail, env, locale);
  return { subject, text, html: null, to: [to] };
}

const asPreview = (m: MailMessage): MailPreview => ({
  subject: m.subject,
  text: m.text,
  html: m.html ?? null,
  to: m.to,
});

/**
 * The mail of this kind in this language for the sample order; null for a mail whose text the
 * shop does not write (a contact form's mail is the form's own).
 */
export async function previewMail(
  db: Tx,
  env: Env,
  sample: NonNullable<PreviewSample>,
  kind: MailKind,
  locale: Locale,
): Promise<MailPreview | null> {
  const { order } = sample;
  const t = serverTranslator(locale);
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const view = await orderView(db, order);
  const ctx: MailContext = { locale, owner, shopUrl: env.SHOP_URL };
  const email = view.billing.email ?? '';
  const name = [view.billing.first_name, view.billing.last_name].join(' ').trim() || email;
  const firstItem = view.items[0];
  switch (kind) {
    case 'order_confirmation':
      return asPreview(
        orderConfirmation(view, { ...ctx, legal: await acceptedLegalVersions(db, order) }),
      );
    case 'new_order_notice':
      return asPreview(
        newOrderNotice(view, { ...ctx, attribution: await orderAttributionOf(db, order.id) }),
      );
    case 'order_status':
      return asPreview(statusChanged({ ...view, status: 'processing' }, ctx));
    case 'order_unpaid_cancelled':
      return asPreview(unpaidCancelled(view, ctx));
    case 'order_shipped': {
      const shipment: ShipmentView = {
        id: 0,
        carrier: 'dhl',
        trackingNumber: '00340434161234567890',
        trackingLink: null,
        createdAt: new Date().toISOString(),
        lines: view.items.map((item, i) => ({
          itemId: i,
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
        })),
      };
      return asPreview(orderShipped(view, shipment, true, ctx));
    }
    case 'order_refund': {
      const amount = firstItem?.subtotal ?? order.total;
      const refund = {
        lines: firstItem ? [{ orderItemId: 0, quantity: firstItem.quantity, amount }] : [],
        shippingAmount: 0,
        freeAmount: firstItem ? 0 : amount,
        amount,
        method: 'manual',
        reason: '',
      } as unknown as Parameters<typeof refundMail>[1];
      return asPreview(refundMail(order, refund, () => firstItem?.name ?? '', locale));
    }
    case 'customer_note':
      return asPreview(customerNoteMail(view, t('admin.mailSettings.sample_note'), ctx));
    case 'payment_request':
      return asPreview(
        paymentRequestMail(view, new URL(orderPayPath(order), env.SHOP_URL).href, ctx),
      );
    case 'subscription_renewal':
    case 'subscription_cancelled': {
      const subscription = {
        id: 0,
        name: firstItem?.name ?? t('admin.mailSettings.sample_subscription'),
        status: 'pending-cancel',
        nextPaymentAt: new Date(Date.now() + 30 * 86_400_000),
        endAt: new Date(Date.now() + 30 * 86_400_000),
      } as unknown as SubscriptionRow;
      const localized = { ...order, locale };
      const message =
        kind === 'subscription_renewal'
          ? await renewalMail(db, env, { order: localized, subscription, result: 'paid' })
          : await cancelledMail(db, env, subscription, localized);
      return message ? asPreview(message) : null;
    }
    case 'withdrawal_receipt':
    case 'withdrawal_notice': {
      const declaration = {
        id: 0,
        orderId: order.id,
        name,
        orderNumber: String(order.number),
        email,
        declaredAt: new Date(),
      } as unknown as OrderWithdrawalRow;
      return asPreview(
        kind === 'withdrawal_receipt'
          ? withdrawalConfirmation(declaration, order, { locale })
          : withdrawalNotice(declaration, order, ctx),
      );
    }
    case 'account_activation':
      return accountMail(env, locale, { kind: 'activate', token: PREVIEW_TOKEN }, email);
    case 'account_exists':
      return accountMail(env, locale, { kind: 'exists' }, email);
    case 'password_reset':
    case 'staff_invite':
      return accountMail(env, locale, { kind: 'reset', token: PREVIEW_TOKEN, name }, email);
    case 'email_change':
      return accountMail(env, locale, { kind: 'email_change', token: PREVIEW_TOKEN, name }, email);
    case 'stock_notice': {
      const facts = {
        productId: 0,
        notice: 'low' as const,
        quantity: 2,
        name: firstItem?.name ?? '',
        sku: firstItem?.sku ?? null,
        stockUrl: new URL('/admin/products', env.SHOP_URL).href,
      };
      return asPreview(stockNoticeMail(facts, owner.email, locale));
    }
    default:
      return null;
  }
}
