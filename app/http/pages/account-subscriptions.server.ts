import { type AppLoadContext, data, redirect } from 'react-router';
import { eq } from 'drizzle-orm';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { needsPayment } from '#app/domain/orders/lifecycle.rules.ts';
import { enabledMethods } from '#app/domain/payments/payments.server.ts';
import { savableType } from '#app/domain/payments/stripe/saved-methods.server.ts';
import {
  cancelSubscription,
  customerSubscription,
  customerSubscriptions,
  methodLabel,
  subscriptionOrders,
} from '#app/domain/subscriptions/customer-subscriptions.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import type { SubscriptionRow } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { mayCancel } from '#app/domain/subscriptions/subscriptions.rules.ts';
import type { SubscriptionView } from '#app/domain/subscriptions/subscriptions.view.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { verifyNonce } from '#app/lib/session.server.ts';
import { mailSwitchedOff } from '../mail/mail-sender.server.ts';
import { cancelledMail, sendSubscriptionMails } from '../mail/subscription-mails.server.ts';
import { readForm, shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { stripePageData } from '../stripe/page-data.server.ts';
import {
  SUBSCRIPTIONS_PATH,
  changeMethodPath,
  viewSubscriptionPath,
} from '../subscriptions/change-payment.server.ts';
import { requireCustomer } from './account-form.server.ts';
import { SUBSCRIPTION_MESSAGE_AREAS } from '#app/domain/subscriptions/account-subscriptions.view.ts';
import { orderPayPath } from '../order-links.ts';
import { pageNotFound } from './not-found.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

const NOTICES = {
  cancelled: { kind: 'success', text: 'subscription.cancelled_notice' },
  cancelled_now: { kind: 'success', text: 'subscription.cancelled_now_notice' },
  method_changed: { kind: 'success', text: 'subscription.method_changed' },
} as const satisfies Record<string, { kind: 'success' | 'error'; text: TextKey }>;

const CHANGEABLE: readonly SubscriptionRow['status'][] = ['active', 'on-hold', 'pending-cancel'];

export function subscriptionView(sub: SubscriptionRow, methodLabel = ''): SubscriptionView {
  return {
    id: sub.id,
    status: sub.status,
    name: sub.name,
    quantity: sub.quantity,
    recurringTotal: Math.round(sub.unitPrice * sub.quantity),
    currency: sub.currency,
    terms: sub.terms,
    startAt: sub.startAt.toISOString(),
    trialEndAt: sub.trialEndAt?.toISOString() ?? null,
    nextPaymentAt: sub.nextPaymentAt?.toISOString() ?? null,
    endAt: sub.endAt?.toISOString() ?? null,
    paymentMethodTitle: sub.paymentMethodTitle,
    paymentMethodLabel: methodLabel,
    manualRenewal: sub.manualRenewal,
    mayCancel: mayCancel(sub.status),
    mayChangeMethod: !sub.manualRenewal && CHANGEABLE.includes(sub.status),
  };
}

/** The id from the address: digits only, anything else is the 404 page. */
function idParam(args: Args): number {
  const raw = args.params.id ?? '';
  if (!/^\d{1,9}$/.test(raw)) pageNotFound();
  return Number(raw);
}

/** `/my-account/subscriptions`: the customer's subscriptions, newest first. */
export async function loadSubscriptions(args: Args) {
  const base = shop(args);
  const { customer, security } = await requireCustomer(args);
  const rows = await customerSubscriptions(base.db, customer.id);
  return {
    title: `${base.t('subscription.list_title')} | ${base.t('shop.name')}`,
    messages: messagesFor(base.locale, SUBSCRIPTION_MESSAGE_AREAS),
    security,
    subscriptions: rows.map((row) => subscriptionView(row)),
  };
}

/** `/my-account/view-subscription/:id`: only the owner's; others see the 404 page. */
export async function loadViewSubscription(args: Args) {
  const base = shop(args);
  const { customer, security } = await requireCustomer(args);
  const sub = await customerSubscription(base.db, customer.id, idParam(args));
  if (!sub) pageNotFound();
  const related = await subscriptionOrders(base.db, sub);
  // Brand and last digits are read from Stripe, never kept by the shop (decision 0027).
  let label = '';
  if (sub.stripePaymentMethodId) {
    try {
      const pm = await stripeSetup(base.env).stripe.paymentMethods.retrieve(
        sub.stripePaymentMethodId,
      );
      label = methodLabel(pm);
    } catch (error) {
      console.error('subscriptions: method lookup failed', sub.id, (error as Error).message);
    }
  }
  const name = new URL(args.request.url).searchParams.get('notice') ?? '';
  const notice = Object.hasOwn(NOTICES, name) ? NOTICES[name as keyof typeof NOTICES] : null;
  return {
    title: `${base.t('subscription.title', { id: sub.id })} | ${base.t('shop.name')}`,
    messages: messagesFor(base.locale, SUBSCRIPTION_MESSAGE_AREAS),
    security,
    subscription: subscriptionView(sub, label),
    changePath: changeMethodPath(sub.id),
    orders: related.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      total: o.total,
      kind: o.id === sub.parentOrderId ? ('parent' as const) : ('renewal' as const),
      payPath: needsPayment(o.status, o.total) ? orderPayPath(o) : null,
    })),
    notice: notice ? { kind: notice.kind, text: base.t(notice.text) } : null,
  };
}

/** The view page's post: cancel (with the session's token); the customer gets a mail. */
export async function handleViewSubscription(args: Args) {
  const base = shop(args);
  const { session, customer } = await requireCustomer(args);
  const id = idParam(args);
  const read = await readForm(args.request);
  const refuse = (message: string, status: number) => data({ ok: false, message }, { status });
  if (!read.ok) return refuse(base.t(read.error.code as TextKey), STATUS_OF_KIND[read.error.kind]);
  const form = read.value;
  if (!verifyNonce(session, form.get('security'), base.env)) {
    return refuse(base.t('account.error.session_expired'), 403);
  }
  if (form.get('intent') !== 'cancel') {
    return refuse(base.t('error.invalid_param', { param: 'intent' }), 400);
  }
  const done = await cancelSubscription(base.db, customer.id, id);
  if (!done.ok) {
    if (done.error.kind === 'not_found') pageNotFound();
    return refuse(base.t('subscription.cannot_cancel'), 409);
  }
  const sub = done.value;
  const [parent] = await base.db.select().from(orders).where(eq(orders.id, sub.parentOrderId));
  if (parent && !(await mailSwitchedOff(base.db, 'subscription_cancelled', parent.id))) {
    try {
      const message = await cancelledMail(base.db, base.env, sub, parent);
      await sendSubscriptionMails(base.db, base.env, [message]);
    } catch (error) {
      console.error('subscription mail failed', sub.id, (error as Error).message);
    }
  }
  const notice = sub.status === 'pending-cancel' ? 'cancelled' : 'cancelled_now';
  return redirect(`${viewSubscriptionPath(sub.id)}?notice=${notice}`, 303);
}

/**
 * `/my-account/change-payment-method/:id`: a saved method or a new one (the Payment Element in
 * setup mode) for the subscription's renewals; the page data says isChangingPayment.
 */
export async function loadChangePaymentMethod(args: Args) {
  const base = shop(args);
  const { customer, security } = await requireCustomer(args);
  const sub = await customerSubscription(base.db, customer.id, idParam(args));
  if (!sub || sub.manualRenewal || !CHANGEABLE.includes(sub.status)) pageNotFound();
  const methods = (await enabledMethods(base.db)).filter(
    (m) => m.client?.provider === 'stripe' && savableType(m.client.type),
  );
  const stripe = await stripePageData(
    { db: base.db, env: base.env, locale: base.locale, t: base.t },
    {
      methods,
      total: 0,
      currency: base.currency,
      nonce: security,
      isLoggedIn: true,
      customerId: customer.id,
      signupAllowed: false,
      order: null,
      changingPayment: sub.id,
    },
  );
  return {
    title: `${base.t('subscription.change_method_title', { id: sub.id })} | ${base.t('shop.name')}`,
    messages: messagesFor(base.locale, [...SUBSCRIPTION_MESSAGE_AREAS, 'stripe', 'methods']),
    security,
    subscription: subscriptionView(sub),
    viewPath: viewSubscriptionPath(sub.id),
    types: methods.map((m) => m.client!.type),
    stripe,
  };
}

export { SUBSCRIPTIONS_PATH };
