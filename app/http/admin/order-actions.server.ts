import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { addressGroupProblems, groupFields } from '#app/domain/checkout/checkout.rules.ts';
import type { DomainError, Result } from '#app/domain/kernel/result.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import {
  cancelOrder,
  changeOrderStatus,
  markOrderPaid,
  resendOrderMail,
  updateOrderAddress,
} from '#app/domain/orders/order-actions.server.ts';
import {
  RESENDABLE_MAILS,
  addressEditable,
  canMarkPaid,
  cancellable,
  offeredTransitions,
  resendableMails,
} from '#app/domain/orders/order-actions.rules.ts';
import type { OrderActionData, OrderActions } from '#app/domain/orders/order-actions.view.ts';
import { hasShipped } from '#app/domain/orders/shipments.server.ts';
import { addStaffNote, staffOrder } from '#app/domain/orders/staff-orders.server.ts';
import {
  ORDER_STATUSES,
  type OrderAddress,
  type OrderRow,
  type OrderStatus,
} from '#app/domain/orders/orders.schema.ts';
import { formatMoney, minorUnit, parseMoney } from '#app/domain/pricing/money.ts';
import { ADDRESS_FIELDS } from '#app/domain/customers/address-locale.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export const INTENTS = ['status', 'mark_paid', 'cancel', 'resend', 'note'] as const;
type Intent = (typeof INTENTS)[number];
const NOTE_MAX = 5000;

/** A staff member's order page request: the order, or the 404 page for anyone else. */
async function staffOrderRequest(args: Args) {
  const ctx = await staffShop(args);
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) pageNotFound();
  const order = await staffOrder(ctx.db, Number(id));
  if (!order) pageNotFound();
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  return { ...ctx, order, actor, shipped: await hasShipped(ctx.db, order.id) };
}

/** One value of a field sent once; a repeated field or a file is no answer. */
function single(form: FormData, name: string): string | null {
  const all = form.getAll(name);
  return all.length === 1 && typeof all[0] === 'string' ? all[0] : null;
}

function statusOf(value: string | null): OrderStatus | null {
  return ORDER_STATUSES.find((s) => s === value) ?? null;
}

/** Today in the shop's calendar (Berlin), as the date field writes it. */
export function shopToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
}

/** A date field's value as the moment of payment: today is now, an earlier day its noon. */
function paidOnDate(value: string | null, now = new Date()): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  if (value === shopToday(now)) return now;
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

function refusal(
  t: Translate,
  intent: string,
  error: DomainError,
  values?: Record<string, string>,
) {
  const params = { ...error.params };
  if (error.code === 'admin.action.error.stale' && params.status) {
    params.status = t(`order.status.${params.status}` as TextKey);
  }
  const body: OrderActionData = {
    intent,
    message: t(error.code as TextKey, params),
    field: typeof params.field === 'string' ? params.field : undefined,
    values,
  };
  return data(body, { status: STATUS_OF_KIND[error.kind] });
}

const invalid = (code: string, field?: string) =>
  domainError('invalid', code, field ? { field } : undefined);

/**
 * The order page's POST: the staff check, the session's token, then the form's `intent` picks
 * the action. Success goes back to the page with a notice; a refusal answers the page with
 * its message, and changes nothing.
 */
export async function handleOrderAction(args: Args) {
  const { db, env, t, current, order, actor } = await staffOrderRequest(args);
  const read = await readForm(args.request);
  if (!read.ok) return refusal(t, 'unknown', read.error);
  const form = read.value;
  const intent = INTENTS.find((i) => i === single(form, 'intent'));
  if (!intent) return refusal(t, 'unknown', invalid('admin.action.error.invalid'));
  if (!verifyNonce(current, single(form, 'security'), env)) {
    return refusal(t, intent, domainError('forbidden', 'admin.action.error.expired'));
  }
  const expect = statusOf(single(form, 'status'));
  if (!expect) return refusal(t, intent, invalid('admin.action.error.invalid'));
  const done = (result: Result<unknown>, values?: Record<string, string>, to: string = intent) =>
    result.ok
      ? redirect(`/admin/orders/${order.id}?done=${to}`)
      : refusal(t, intent, result.error, values);
  switch (intent as Intent) {
    case 'status': {
      const to = statusOf(single(form, 'to'));
      if (!to) return refusal(t, intent, invalid('admin.action.error.invalid'));
      return done(
        await changeOrderStatus(db, order.id, { to, expect }, actor),
        undefined,
        `status-${to}`,
      );
    }
    case 'mark_paid': {
      const amountText = (single(form, 'amount') ?? '').trim();
      const paidOnText = single(form, 'paid_on') ?? '';
      const values = { amount: amountText.slice(0, 20), paid_on: paidOnText.slice(0, 10) };
      const decimals = minorUnit(order.currency);
      const pattern = new RegExp(`^\\d{1,9}([.,]\\d{1,${decimals}})?$`);
      const amount = pattern.test(amountText) ? parseMoney(amountText, order.currency) : null;
      if (amount === null) {
        return refusal(t, intent, invalid('admin.action.error.amount_format', 'amount'), values);
      }
      const paidOn = paidOnDate(paidOnText);
      if (!paidOn) {
        return refusal(t, intent, invalid('admin.action.error.paid_on_format', 'paid_on'), values);
      }
      return done(await markOrderPaid(db, order.id, { amount, paidOn, expect }, actor), values);
    }
    case 'cancel': {
      if (single(form, 'confirm') !== 'yes') {
        return refusal(t, intent, invalid('admin.action.error.confirm_cancel', 'cancel_confirm'));
      }
      return done(await cancelOrder(db, order.id, expect, actor));
    }
    case 'resend': {
      const mail = RESENDABLE_MAILS.find((m) => m === single(form, 'mail'));
      if (!mail) return refusal(t, intent, invalid('admin.action.error.mail_unfit', 'resend_mail'));
      if (order.status !== expect) return refusal(t, intent, stale(order.status));
      return done(await resendOrderMail(db, order.id, mail, actor));
    }
    case 'note': {
      const text = (single(form, 'note') ?? '').trim();
      const kind = single(form, 'note_type');
      const values = { note: text.slice(0, NOTE_MAX), note_type: kind ?? 'private' };
      if (kind !== 'private' && kind !== 'customer') {
        return refusal(t, intent, invalid('admin.action.error.invalid', 'note_type'), values);
      }
      if (text === '' || text.length > NOTE_MAX) {
        const code = text === '' ? 'admin.action.error.note_empty' : 'admin.action.error.note_long';
        return refusal(t, intent, invalid(code, 'note'), values);
      }
      const added = await addStaffNote(
        db,
        order.id,
        { text, forCustomer: kind === 'customer' },
        actor,
      );
      return done(added, values, `note-${kind}`);
    }
  }
}

const stale = (status: OrderStatus) =>
  domainError('conflict', 'admin.action.error.stale', { status });

/** The notice after an action went through (`?done=`), or null for anything else. */
export function doneNotice(done: string | null, t: Translate): string | null {
  if (!done) return null;
  const status = /^status-([a-z-]+)$/.exec(done)?.[1];
  if (status) {
    const to = statusOf(status);
    return to
      ? t('admin.action.done.status', { status: t(`order.status.${to}` as TextKey) })
      : null;
  }
  const known = [
    'mark_paid',
    'cancel',
    'resend',
    'note-private',
    'note-customer',
    'address-billing',
    'address-shipping',
  ];
  return known.includes(done) ? t(`admin.action.done.${done.replace('-', '_')}` as TextKey) : null;
}

/** What the order page offers for this order right now. */
export function orderActionsOf(
  order: OrderRow,
  {
    t,
    locale,
    security,
    shipped,
  }: { t: Translate; locale: Locale; security: string; shipped: boolean },
): OrderActions {
  const decimals = minorUnit(order.currency);
  const amount = (order.total / 10 ** decimals).toFixed(decimals);
  return {
    security,
    status: order.status,
    transitions: offeredTransitions(order.status),
    markPaid: canMarkPaid(order)
      ? {
          amount: locale === 'de' ? amount.replace('.', ',') : amount,
          total: formatMoney(order.total, order.currency, locale),
          today: shopToday(),
        }
      : null,
    cancel: cancellable(order.status)
      ? {
          refund: order.status === 'processing' && order.paymentIntentId !== null,
          openPayment: order.status !== 'processing' && order.paymentIntentId !== null,
          coupons: order.couponLines.map((c) => c.code),
        }
      : null,
    mails: resendableMails(order).map((mail) => ({
      mail,
      label: t(`admin.action.mail_option.${mail}` as TextKey),
    })),
    addressEditable: addressEditable(order, shipped),
  };
}

/** The address form page: both addresses of the order as stored, for the checkout's fields. */
export async function loadAddressPage(args: Args, areas: readonly MessageArea[]) {
  const { env, t, locale, current, order, shipped } = await staffOrderRequest(args);
  const pick = (address: OrderAddress, email: boolean) => {
    const values: Record<string, string> = {};
    for (const key of ADDRESS_FIELDS) values[key] = address[key] ?? '';
    if (email) values.email = address.email ?? '';
    return values;
  };
  return {
    order: { id: order.id, number: order.number, status: order.status },
    editable: addressEditable(order, shipped),
    billing: pick(order.billingAddress, true),
    shipping: pick(order.shippingAddress, false),
    security: sessionNonce(current, env),
    title: `${t('admin.action.address_title', { number: order.number })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/**
 * The address form's POST: the checkout's rules judge every field (errors named by field),
 * then the order's address is replaced while it has not shipped.
 */
export async function handleAddressForm(args: Args) {
  const { db, env, t, locale, current, order, actor, shipped } = await staffOrderRequest(args);
  const read = await readForm(args.request);
  if (!read.ok) return refusal(t, 'address', read.error);
  const form = read.value;
  if (!verifyNonce(current, single(form, 'security'), env)) {
    return refusal(t, 'address', domainError('forbidden', 'admin.action.error.expired'));
  }
  const kind = single(form, 'kind');
  if (kind !== 'billing' && kind !== 'shipping') {
    return refusal(t, 'address', invalid('admin.action.error.invalid'));
  }
  if (!addressEditable(order, shipped)) {
    return refusal(t, 'address', domainError('not_allowed', 'admin.action.error.address_locked'));
  }
  // The form names its fields as the checkout does: billing_city, shipping_postcode …
  const sent = (name: string) => single(form, `${kind}_${name}`);
  const country = (sent('country') ?? '').trim().toUpperCase();
  const names = groupFields(kind, country, locale).map((f) => f.key as string);
  if (kind === 'billing') names.push('email');
  const values: Record<string, string> = {};
  for (const name of new Set([...names, 'country'])) {
    const value = sent(name);
    if (value === null && form.getAll(`${kind}_${name}`).length > 0) {
      return refusal(t, 'address', invalid('admin.action.error.invalid', `${kind}_${name}`));
    }
    if ((value ?? '').length > 200) {
      return refusal(t, 'address', invalid('admin.action.error.too_long', `${kind}_${name}`));
    }
    values[name] = value ?? '';
  }
  values.country = country;
  const echo = Object.fromEntries(Object.entries(values).map(([k, v]) => [`${kind}_${k}`, v]));
  const problems = addressGroupProblems(kind, values, locale, { email: t('admin.action.email') });
  if (problems.length > 0) {
    const errors = problems.map((p) => ({
      field: p.field,
      message: t(`checkout.error.${p.failure}` as TextKey, { label: p.label }),
    }));
    const body: OrderActionData = {
      intent: `address_${kind}`,
      message: t('admin.action.error.address_fields'),
      field: errors[0]!.field,
      values: echo,
      errors,
    };
    return data(body, { status: 400 });
  }
  const saved = await updateOrderAddress(db, order.id, kind, values, actor);
  if (!saved.ok) return refusal(t, `address_${kind}`, saved.error, echo);
  return redirect(`/admin/orders/${order.id}?done=address-${kind}`);
}
