import { eq } from 'drizzle-orm';
import { changesOf } from '#app/domain/audit/audit.server.ts';
import { orderDetails } from '#app/domain/orders/orders.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { staffMethodNames } from './method-names.server.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import { stripeDashboardUrl, stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { orderChargeDetails } from '#app/domain/payments/stripe/charge-details.server.ts';
import type { StripePaymentView } from '#app/domain/payments/stripe/charge-details.view.ts';
import type { MessageArea, TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { auditValueText } from './audit-values.ts';
import { doneNotice, orderActionsOf } from './order-actions.server.ts';
import { invoicePanel } from './invoices.server.ts';
import { shipmentPanel } from './shipments.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

/** The shop's Stripe setup; null while Stripe is not set up as this shop runs. */
function stripeOrNull(env: Parameters<typeof stripeSetup>[0]) {
  try {
    return stripeSetup(env);
  } catch {
    return null;
  }
}

/** The Stripe side of an order's payment: intent, charge, card or mandate, 3-D Secure. */
async function stripePaymentOf(
  db: Parameters<typeof orderChargeDetails>[0],
  env: Parameters<typeof stripeSetup>[0],
  order: { id: number; paymentIntentId: string | null },
): Promise<StripePaymentView | null> {
  if (!order.paymentIntentId) return null;
  const setup = stripeOrNull(env);
  const { details, unreachable } = await orderChargeDetails(db, setup?.stripe ?? null, order);
  return {
    intentId: order.paymentIntentId,
    dashboardUrl: setup ? stripeDashboardUrl(setup.mode, order.paymentIntentId) : null,
    charge: details,
    unreachable,
  };
}

/** One order, read-only: the customer's view of it plus SKUs, unit prices, notes and the audit log. */
export async function loadOrderDetail(
  args: Args & { params: { id?: string } },
  areas: readonly MessageArea[],
) {
  const { db, env, locale, t, current } = await staffShop(args);
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) pageNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)))
    .limit(1);
  if (!order) pageNotFound();
  const url = new URL(args.request.url);
  const security = sessionNonce(current, env);
  const [stored, details, audit, invoices, stripePayment, names] = await Promise.all([
    orderView(db, order),
    orderDetails(db, order),
    changesOf(db, 'order', order.id),
    invoicePanel(db, env, current, order, url),
    stripePaymentOf(db, env, order),
    staffMethodNames(db, locale),
  ]);
  const view = {
    ...stored,
    paymentMethodTitle: names.payment(order.paymentMethod, stored.paymentMethodTitle),
    shipping_lines: stored.shipping_lines.map((line, i) => ({
      ...line,
      name: names.shipping(order.shippingLines[i]?.rateId, line.name),
    })),
  };
  const shipping = await shipmentPanel(db, view, security, url);
  return {
    order: view,
    paidAt: order.paidAt?.toISOString() ?? null,
    stripePayment,
    invoices,
    shipping,
    lines: details.items.map((item) => ({
      name: item.name,
      variation: item.variation,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: item.subtotal,
    })),
    notes: details.notes.map((note) => ({
      id: note.id,
      forCustomer: note.forCustomer,
      author: typeof note.params.author === 'string' ? note.params.author : null,
      text: t(note.code as TextKey, note.params),
      createdAt: note.createdAt.toISOString(),
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
      action: entry.action,
      changes: Object.keys({ ...entry.before, ...entry.after }).map((field) => ({
        field,
        before: auditValueText(entry.before?.[field]),
        after: auditValueText(entry.after?.[field]),
      })),
    })),
    actions: orderActionsOf(order, {
      t,
      locale,
      security,
      shipped: view.shipments.length > 0,
    }),
    done: doneNotice(url.searchParams.get('done'), t),
    title: `${t('admin.order_title', { number: order.number })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}
