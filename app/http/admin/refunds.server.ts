import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { signalOutbox } from '#app/domain/orders/outbox.server.ts';
import { orderItems, orders, type OrderRow } from '#app/domain/orders/orders.schema.ts';
import {
  type RefundRequest,
  mayRefund,
  parseAmount,
  parseQuantity,
  planRefund,
} from '#app/domain/payments/refunds.rules.ts';
import {
  createRefund,
  refundBySubmitToken,
  refundState,
  refundsOf,
  refundsThroughProvider,
} from '#app/domain/payments/refunds.server.ts';
import type { OrderRefundRow } from '#app/domain/payments/refunds.schema.ts';
import { refundAtStripe } from '#app/domain/payments/stripe/refunds.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type {
  RefundFormAnswer,
  RefundFormLine,
  RefundPanel,
  RefundValues,
} from '#app/domain/payments/refunds.view.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { unsafeInputError } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0] & { params: { id?: string } };

const NOTICES = new Set(['succeeded', 'pending', 'failed', 'manual', 'expired']);

/** The refunds section of an order page: past refunds and what is left to refund. */
export async function refundPanel(
  db: Tx,
  order: OrderRow,
  url: URL,
  security: string,
): Promise<RefundPanel> {
  const [state, refunds, items] = await Promise.all([
    refundState(db, order),
    refundsOf(db, order.id),
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const notice = url.searchParams.get('refund');
  return {
    security,
    submitToken: randomBytes(18).toString('base64url'),
    notice: notice && NOTICES.has(notice) ? notice : null,
    refundable: mayRefund(order) && state.amountLeft > 0,
    method: refundsThroughProvider(order) ? 'stripe' : 'manual',
    amountLeft: state.amountLeft,
    shippingLeft: state.shippingLeft,
    lines: state.lines.map((line): RefundFormLine => ({
      ...line,
      name: byId.get(line.id)?.name ?? '',
      sku: byId.get(line.id)?.sku ?? null,
      left: Math.round((line.quantity - line.refundedQuantity) * 1000) / 1000,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      createdAt: refund.createdAt.toISOString(),
      amount: refund.amount,
      shippingAmount: refund.shippingAmount,
      freeAmount: refund.freeAmount,
      reason: refund.reason,
      method: refund.method,
      status: refund.status,
      origin: refund.origin,
      failure: refund.failure,
      providerRefundId: refund.providerRefundId,
      by: refund.actorLabel,
      lines: refund.lines.map((line) => ({
        name: byId.get(line.orderItemId)?.name ?? '',
        quantity: line.quantity,
        amount: line.amount,
        restock: line.restock,
      })),
    })),
  };
}

/** The panel for the order page's loader (after the page's own staff check). */
export async function loadRefundPanel(args: Args): Promise<RefundPanel | null> {
  const { db, env, current } = await staffShop(args);
  const id = Number(args.params.id);
  if (!Number.isSafeInteger(id)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  return refundPanel(db, order, new URL(args.request.url), sessionNonce(current, env));
}

const SUBMIT_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function readValues(form: FormData, lineIds: readonly number[]): RefundValues | null {
  const one = (name: string): string | null => {
    const values = form.getAll(name);
    if (values.length > 1) return null;
    const value = values[0] ?? '';
    return typeof value === 'string' ? value : null;
  };
  const qty: Record<string, string> = {};
  const restock: Record<string, boolean> = {};
  for (const id of lineIds) {
    const q = one(`qty_${id}`);
    const r = one(`restock_${id}`);
    if (q === null || r === null) return null;
    qty[id] = q.slice(0, 20);
    restock[id] = r === 'yes';
  }
  const shipping = one('shipping');
  const free = one('free');
  const reason = one('reason');
  const submit = one('submit');
  if (shipping === null || free === null || reason === null || submit === null) return null;
  if (submit !== '' && !SUBMIT_TOKEN.test(submit)) return null;
  return { qty, restock, shipping: shipping.slice(0, 20), free: free.slice(0, 20), reason, submit };
}

/**
 * `intent=refund` on the order page: `step=calculate` answers with the server's total (the
 * confirmation without JavaScript), `step=refund` makes the refund and returns to the order
 * with a notice. A field the form cannot send, a line of another order or an amount above what
 * is left is answered with the form and its errors; nothing changes.
 */
export async function refundAction(args: Args, form: FormData) {
  const { db, env, current, viewer, t, locale } = await staffShop(args);
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) pageNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)));
  if (!order) pageNotFound();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const back = (notice: string) => redirect(`/admin/orders/${order.id}?refund=${notice}#refunds`);
  if (!verifyNonce(current, form.get('security'), env)) return back('expired');
  const fields: Record<string, string> = {};
  for (const [name, value] of form) fields[name] = typeof value === 'string' ? value : value.name;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const lineIds = items.map((item) => item.id);
  const values = readValues(form, lineIds) ?? emptyValues(lineIds);
  const answer = (errors: { field: string; message: string }[], preview: number | null = null) =>
    data<RefundFormAnswer>(
      { refundForm: { values, errors, preview } },
      { status: errors.length ? 400 : 200 },
    );
  const general = (code: string, params?: Record<string, string | number>) =>
    answer([{ field: 'refund-total', message: t(code as TextKey, params) }]);
  if (unsafeInputError(fields) || !readValues(form, lineIds) || values.reason.length > 500) {
    return general('admin.refund.error.input');
  }
  const errors: { field: string; message: string }[] = [];
  const request: RefundRequest = { lines: [], shipping: 0, free: 0 };
  for (const itemId of lineIds) {
    const quantity = parseQuantity(values.qty[itemId] ?? '');
    if (quantity === null) {
      errors.push({ field: `qty_${itemId}`, message: t('admin.refund.error.number') });
    } else if (quantity > 0) {
      request.lines.push({ itemId, quantity, restock: values.restock[itemId] ?? false });
    }
  }
  for (const name of ['shipping', 'free'] as const) {
    const amount = parseAmount(values[name]);
    if (amount === null) errors.push({ field: name, message: t('admin.refund.error.amount') });
    else request[name] = amount;
  }
  if (errors.length > 0) return answer(errors);
  // The same form again (a second click, a resent POST): its refund, not a second one.
  const earlier = values.submit ? await refundBySubmitToken(db, values.submit) : null;
  if (earlier && earlier.orderId !== order.id) return general('admin.refund.error.input');
  if (earlier && form.get('step') === 'refund') return back(noticeOf(earlier));
  const plan = planRefund(await refundState(db, order), request);
  if (!plan.ok) {
    // The same form sent twice at once: the other request may have refunded it meanwhile.
    const meanwhile =
      values.submit && form.get('step') === 'refund'
        ? await refundBySubmitToken(db, values.submit)
        : null;
    if (meanwhile?.orderId === order.id) return back(noticeOf(meanwhile));
    return answer([errorField(plan.error.code, t, money, plan.error.params)]);
  }
  if (form.get('step') !== 'refund') return answer([], plan.value.amount);
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const made = await createRefund(db, {
    orderId: order.id,
    request,
    reason: values.reason.trim(),
    viaProvider: true,
    actor,
    submitToken: values.submit || null,
  });
  if (!made.ok) return answer([errorField(made.error.code, t, money, made.error.params)]);
  let refund = made.value;
  if (refund.repeated) return back(noticeOf(refund));
  if (refund.status === 'pending') {
    refund = (await refundAtStripe(db, stripeSetup(env).stripe, refund.id)) ?? refund;
  }
  await signalOutbox(db);
  return back(noticeOf(refund));
}

const noticeOf = (refund: Pick<OrderRefundRow, 'method' | 'status'>) =>
  refund.method === 'manual' ? 'manual' : refund.status;

function emptyValues(lineIds: readonly number[]): RefundValues {
  return {
    qty: Object.fromEntries(lineIds.map((id) => [id, ''])),
    restock: Object.fromEntries(lineIds.map((id) => [id, true])),
    shipping: '',
    free: '',
    reason: '',
    submit: '',
  };
}

/** Which field a domain failure belongs to, worded for staff. */
function errorField(
  code: string,
  t: Translate,
  money: (minor: number) => string,
  params: Record<string, string | number> = {},
): { field: string; message: string } {
  const field =
    code === 'admin.refund.error.quantity' || code === 'admin.refund.error.line'
      ? `qty_${params.line}`
      : code === 'admin.refund.error.shipping'
        ? 'shipping'
        : code === 'admin.refund.error.free'
          ? 'free'
          : 'refund-total';
  const shown = { ...params };
  if (code !== 'admin.refund.error.quantity') {
    for (const key of ['left', 'amount'] as const) {
      const value = params[key];
      if (typeof value === 'number') shown[key] = money(value);
    }
  }
  return { field, message: t(code as TextKey, shown) };
}
