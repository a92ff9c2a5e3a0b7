import { eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderView } from '#app/domain/orders/order.view.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { CARRIER_NAMES } from '#app/domain/orders/shipments.rules.ts';
import { type ShipmentView, shipmentsOf } from '#app/domain/orders/shipments.server.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import type { Env } from '#app/lib/env.server.ts';
import { formatNumber } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { MailMessage } from '#app/lib/mail.server.ts';
import { type MailWork, outboxMessageId, send } from './announcements.server.ts';
import { mailSwitchedOff } from './mail-sender.server.ts';
import {
  type MailContext,
  type Section,
  escapeHtml,
  letterToBuyer,
  paragraph,
} from './order-mails.server.ts';

/** Carrier, number, tracking link and the lines of one parcel. */
function parcelSection(shipment: ShipmentView, ctx: MailContext): Section {
  const t = serverTranslator(ctx.locale);
  const carrier = CARRIER_NAMES[shipment.carrier] || t('mail.shipped.carrier_other');
  const rows: [string, string][] = [
    [t('mail.shipped.carrier'), carrier],
    [t('mail.shipped.tracking_number'), shipment.trackingNumber],
  ];
  const lines = shipment.lines.map(
    (l) => `${formatNumber(l.quantity, ctx.locale)} × ${l.name}${l.sku ? ` (${l.sku})` : ''}`,
  );
  const link = shipment.trackingLink;
  const text = [
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(link ? [`${t('mail.shipped.track')}: ${link}`] : []),
    '',
    t('mail.shipped.lines'),
    ...lines.map((line) => `- ${line}`),
  ].join('\n');
  const html =
    '<table cellpadding="6" style="border-collapse:collapse">' +
    rows
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('') +
    '</table>' +
    (link
      ? `<p><a href="${escapeHtml(link)}" style="font-weight:bold">${escapeHtml(t('mail.shipped.track'))}</a></p>`
      : '') +
    `<h3>${escapeHtml(t('mail.shipped.lines'))}</h3><ul>` +
    lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('') +
    '</ul>';
  return { text, html };
}

/**
 * "Your order is on its way": one per parcel. The parcel that completes the order says so; the
 * lifecycle's "completed" status mail is not sent for it (see docs/back-office.md).
 */
export function orderShipped(
  order: OrderView,
  shipment: ShipmentView,
  completes: boolean,
  ctx: MailContext,
): MailMessage {
  return letterToBuyer(order, ctx.locale, 'mail.shipped.subject', (t) => [
    paragraph(
      t(completes ? 'mail.shipped.intro_complete' : 'mail.shipped.intro_partial', {
        number: order.number,
      }),
    ),
    parcelSection(shipment, ctx),
  ]);
}

type Entry = { id: number; orderId: number | null; payload: Record<string, unknown> };

/** The queued "order shipped" mail, built from the shipment as recorded. */
export async function shippedMailFor(db: Tx, env: Env, entry: Entry): Promise<MailMessage | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, entry.orderId ?? 0));
  if (!order) return null;
  const shipment = (await shipmentsOf(db, order.id)).find((s) => s.id === entry.payload.shipmentId);
  if (!shipment) return null;
  const [view, owner] = await Promise.all([
    orderView(db, order),
    getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
  ]);
  if (!view.billing.email?.includes('@')) return null;
  const locale = order.locale === 'en' ? 'en' : 'de';
  return orderShipped(view, shipment, entry.payload.completes === true, {
    locale,
    owner,
    shopUrl: env.SHOP_URL,
  });
}

/** Carries out the queued mail; nothing to send (no address, shipment gone) is done. */
export async function sendShippedMail({ db, env }: MailWork, entry: Entry): Promise<void> {
  const message = await shippedMailFor(db, env, entry);
  if (!message) return;
  if (await mailSwitchedOff(db, 'order_shipped', entry.orderId)) return;
  await send({ db, env }, [{ ...message, messageId: outboxMessageId(env, entry.id, 'customer') }]);
}
