import type { PaymentInput } from '#app/domain/checkout/checkout-input.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { PaymentOutcome } from '#app/domain/payments/payments.ts';
import { shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import { buildRedirectHash } from '#app/domain/payments/stripe/redirect-hash.ts';
import type { Env } from '#app/lib/env.server.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';

/** The fields a Stripe method reads, from the classic form or the Store API's payment_data. */
export const STRIPE_FIELDS = [
  'wc-stripe-payment-method',
  'wc-stripe-confirmation-token',
  'wc-stripe-blik-code',
  'wc-stripe-is-deferred-intent',
  'wc-stripe-new-payment-method',
  'wc-stripe-payment-token',
  // Whether a guest creates an account with the order: only then is a new method kept.
  'createaccount',
  'wc_payment_intent_id',
  'express_payment_type',
] as const;

/** Only the method's own short fields travel on; nothing else of the form reaches the provider. */
export function paymentFields(source: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const key of STRIPE_FIELDS) {
    const value = source[key];
    if (typeof value === 'string' && value.length <= 300) data[key] = value;
    else if (typeof value === 'boolean' || typeof value === 'number') data[key] = String(value);
  }
  return data;
}

/** Store API: `payment_data` is a key/value list. */
export function paymentDataList(list: readonly { key: string; value: unknown }[] | undefined) {
  return paymentFields(Object.fromEntries((list ?? []).map((e) => [e.key, e.value])));
}

/** The order-received page on the shop's public origin (return URLs must be same-origin). */
export function orderReceivedUrl(env: Env, order: Pick<OrderRow, 'id' | 'orderKey'>): string {
  return new URL(
    `/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
    shopPublicOrigin(env),
  ).href;
}

/** The request's side of a payment: the method's fields, where to return, who accepted. */
export function paymentInput(
  request: Request,
  env: Env,
  data: Record<string, string>,
): PaymentInput {
  return {
    env,
    data,
    returnUrl: (order) => orderReceivedUrl(env, order),
    customer: {
      ipAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? '127.0.0.1',
      userAgent: request.headers.get('user-agent') ?? '',
    },
  };
}

/**
 * Where the browser goes after the checkout answered: the spec's confirm or voucher hash while
 * the payment waits for it (the order id and the nonce for update_order_status in it), else
 * the method's redirect or the order-received page.
 */
export function paymentRedirect(
  order: Pick<OrderRow, 'id' | 'orderKey'>,
  outcome: PaymentOutcome | null,
  ctx: { env: Env; nonce: string; fallback: string },
): string {
  const action = outcome?.action;
  if (action?.type === 'confirm') {
    return buildRedirectHash({
      kind: 'confirm',
      intent: action.intent,
      orderId: order.id,
      clientSecret: action.clientSecret,
      nonce: ctx.nonce,
    });
  }
  if (action?.type === 'voucher') {
    return buildRedirectHash({
      kind: 'voucher',
      orderId: order.id,
      methodType: action.methodType,
      clientSecret: action.clientSecret,
      returnUrl: orderReceivedUrl(ctx.env, order),
    });
  }
  return outcome?.redirect?.startsWith('/') ? outcome.redirect : ctx.fallback;
}

export { paymentFailureMessage } from '#app/domain/payments/stripe/failure-text.ts';

/** Whether an outcome means the payment did not go through (the order waits for a retry). */
export const paymentFailed = (outcome: PaymentOutcome | null) =>
  outcome !== null && (outcome.status === 'failure' || outcome.status === 'error');
