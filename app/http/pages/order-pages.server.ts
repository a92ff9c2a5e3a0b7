import { type AppLoadContext, data, redirect } from 'react-router';
import { orderPayMethods, payForOrder } from '#app/domain/checkout/checkout-payment.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import { needsPayment } from '#app/domain/orders/lifecycle.rules.ts';
import { findOrderFor } from '#app/domain/orders/orders.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { renewalKeepsMethod } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm, shop } from '../request.server.ts';
import { refreshOrderPayment } from '#app/domain/payments/stripe/settlement.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { stripePageData } from '../stripe/page-data.server.ts';
import { expressCheckoutParams } from '../stripe/express-page-data.server.ts';
import { orderReceivedUrl } from '../stripe/payment.server.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import {
  paymentFailed,
  paymentFailureMessage,
  paymentFields,
  paymentInput,
  paymentRedirect,
} from '../stripe/payment.server.ts';
import { pageNotFound } from './not-found.ts';
import { invoiceLinks } from './order-invoices.server.ts';
import { orderReceivedPath } from '../order-links.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: { orderId?: string };
};

/** The order of the address, if the key in it or the signed-in customer may see it; else 404. */
async function viewableOrder(args: Args) {
  const { db, session } = shop(args);
  const url = new URL(args.request.url);
  const id = /^\d{1,10}$/.test(args.params.orderId ?? '') ? Number(args.params.orderId) : 0;
  const current = await session();
  const order = await findOrderFor(db, id, {
    key: url.searchParams.get('key'),
    customerId: current?.customerId ?? null,
  });
  if (!order) pageNotFound();
  return { order, session: current };
}

export async function orderReceivedData(args: Args) {
  const { db, env, t } = shop(args);
  const { order } = await viewableOrder(args);
  const url = new URL(args.request.url);
  const returned = url.searchParams.get('payment_intent');
  if (returned && returned === order.paymentIntentId) {
    // Back from a bank's page or 3-D Secure: the provider, not the address, says how it went.
    try {
      await refreshOrderPayment(db, stripeSetup(env).stripe, order);
    } catch (error) {
      console.error('stripe: return lookup failed', order.id, (error as Error).message);
    }
    // The client secret leaves the address bar and the history.
    throw redirect(orderReceivedPath(order), 303);
  }
  return {
    order: await orderView(db, order),
    invoices: await invoiceLinks(db, order, 'received'),
    title: `${t('order.received_title')} | ${t('shop.name')}`,
  };
}

/** A renewal order's subscription: renewed with a kept method (auto) or by hand; else null. */
async function renewalMode(args: Args, order: OrderRow): Promise<'auto' | 'manual' | null> {
  if (order.subscriptionId === null) return null;
  return (await renewalKeepsMethod(shop(args).db, order)) ? 'auto' : 'manual';
}

async function payMethods(args: Args, order: OrderRow, subscription: 'auto' | 'manual' | null) {
  const { db, locale } = shop(args);
  // A renewal charged off-session offers only methods it can keep, as the checkout does; no
  // method adds a fee to the order's total (see orderPayMethods).
  const methods = await orderPayMethods(db, order, subscription);
  return methods.map((m) => ({
    method: m,
    view: {
      id: m.id,
      title: localize(m.title, locale),
      description: localize(m.description, locale),
      orderButtonText: m.orderButtonText ? localize(m.orderButtonText, locale) : null,
      client: m.client ?? null,
    },
  }));
}

export async function orderPayData(args: Args) {
  const { db, env, t, locale, currency, startSession } = shop(args);
  const { order } = await viewableOrder(args);
  const subscription = await renewalMode(args, order);
  const methods = await payMethods(args, order, subscription);
  // A guest opening the mailed link in a new browser gets the session its form's token needs.
  const { session, setCookie } = await startSession();
  const security = sessionNonce(session, env);
  return {
    setCookie,
    order: await orderView(db, order),
    methods: methods.map((m) => m.view),
    stripe: needsPayment(order.status, order.total)
      ? await stripePageData(
          { db, env, locale, t },
          {
            methods: methods.map((m) => m.view),
            total: order.total,
            currency: order.currency,
            nonce: security,
            isLoggedIn: Boolean(session.customerId),
            customerId: session.customerId ?? null,
            signupAllowed: false,
            order: { id: order.id, receivedUrl: orderReceivedUrl(env, order) },
            subscription,
          },
        )
      : null,
    express: await expressCheckoutParams(
      { db, env, t, currency },
      { kind: 'pay_for_order', order, session },
    ),
    chosen: methods.some((m) => m.view.id === order.paymentMethod)
      ? order.paymentMethod
      : (methods[0]?.view.id ?? null),
    security,
    payable: needsPayment(order.status, order.total),
    title: `${t('order.pay_title')} | ${t('shop.name')}`,
  };
}

/** The order-pay form: the chosen method processes the order; then the order-received page. */
export async function handleOrderPay(args: Args) {
  const { db, env, t, locale } = shop(args);
  const { order, session } = await viewableOrder(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const refuse = (code: TextKey, status = 400) => data({ message: t(code) }, { status });
  if (!session || !verifyNonce(session, form.get('security'), env)) {
    return refuse('checkout.error.session', 403);
  }
  if (!needsPayment(order.status, order.total)) return refuse('order.pay_not_needed');
  if (!form.get('terms')) return refuse('checkout.error.terms');
  const fields = Object.fromEntries(
    [...form].filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const result = await payForOrder(
    db,
    order,
    String(form.get('payment_method') ?? ''),
    locale,
    paymentInput(args.request, env, paymentFields(fields)),
  );
  if (!result.ok) {
    return data({ message: t(result.error.code as TextKey, result.error.params) }, { status: 400 });
  }
  const paid = result.value;
  if (paymentFailed(paid.outcome)) {
    const error =
      paid.outcome?.error ?? domainError('payment_declined', 'stripe.error.payment_failed');
    return data({ message: paymentFailureMessage(error, t).text }, { status: 400 });
  }
  if (paid.outcome?.action) {
    // The page's script confirms the payment from the hash, on this same order-pay page.
    const hash = paymentRedirect(paid.order, paid.outcome, {
      env,
      nonce: sessionNonce(session, env),
      fallback: orderReceivedPath(order),
    });
    return data({ redirect: hash });
  }
  const target = paid.outcome?.redirect?.startsWith('/')
    ? paid.outcome.redirect
    : orderReceivedPath(order);
  throw redirect(target, 303);
}
