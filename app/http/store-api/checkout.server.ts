import { cartContents, loadCart } from '#app/domain/cart/cart.server.ts';
import { vatOf } from '#app/domain/orders/order-view.server.ts';
import { vatJson } from './serializers.server.ts';
import { type CheckoutInput } from '#app/domain/checkout/checkout-input.ts';
import { payForOrder } from '#app/domain/checkout/checkout-payment.server.ts';
import {
  pickupPoint,
  storeCheckoutSchema,
  storeCheckoutUpdateSchema,
  storePayOrderSchema,
} from '#app/domain/checkout/checkout.validation.ts';
import { type DomainError, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { findOrderFor } from '#app/domain/orders/orders.server.ts';
import type { PaymentOutcome } from '#app/domain/payments/payments.ts';
import { isKnownMethod, paymentFee as methodFee } from '#app/domain/payments/payments.server.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import { extensionAttribution } from '../attribution.server.ts';
import { type EndpointContext, defineEndpoint } from '../endpoint.server.ts';
import { placeCheckout } from '../checkout.server.ts';
import { orderReceivedPath } from '../order-links.ts';
import {
  paymentDataList,
  paymentFailed,
  paymentFailureMessage,
  paymentInput,
  paymentRedirect,
} from '../stripe/payment.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { type Session, sessionNonce } from '#app/lib/session.server.ts';
import { STORE_API_CODES } from './codes.ts';
import { type ErrorCodes, type Headers, json } from '../response.ts';
import {
  expressExpectation,
  expressMarker,
  shownInSheet,
  walletAddress,
} from '../stripe/express-checkout.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { currentCart, storeCartJson } from './cart.server.ts';
import { EXPRESS_EXTENSION } from '#app/domain/payments/stripe/express.view.ts';

/** The Store API's codes plus the checkout's own. */
export const CHECKOUT_CODES: ErrorCodes = {
  ...STORE_API_CODES,
  codes: {
    ...STORE_API_CODES.codes,
    'checkout.error.required': 'rest_invalid_param',
    'checkout.error.email': 'rest_invalid_param',
    'checkout.error.phone': 'rest_invalid_param',
    'checkout.error.postcode': 'rest_invalid_param',
    'checkout.error.state': 'rest_invalid_param',
    'checkout.error.country': 'rest_invalid_param',
    'checkout.error.vat_id': 'rest_invalid_param',
    'checkout.error.consent_missing': 'woocommerce_rest_checkout_missing_consent',
    'checkout.error.terms': 'woocommerce_rest_checkout_missing_consent',
    'checkout.error.digital': 'woocommerce_rest_checkout_missing_consent',
    'checkout.error.empty_cart': 'woocommerce_rest_cart_empty',
    'checkout.error.no_shipping': 'woocommerce_rest_invalid_shipping_option',
    'checkout.error.pickup_point': 'woocommerce_rest_invalid_shipping_option',
    'checkout.error.pickup_point_unknown': 'woocommerce_rest_invalid_shipping_option',
    'checkout.error.payment_method': 'woocommerce_rest_checkout_payment_method_disabled',
    'checkout.error.out_of_stock': 'woocommerce_rest_product_out_of_stock',
    'checkout.error.coupon_limit': 'woocommerce_rest_cart_coupon_error',
    'checkout.error.coupon_removed': 'woocommerce_rest_cart_coupon_error',
    'coupon.error.email': 'woocommerce_rest_cart_coupon_error',
    'checkout.error.duplicate_key': 'woocommerce_rest_checkout_duplicate_order',
    'account.error.password_required': 'woocommerce_rest_checkout_missing_password',
    'account.error.password_weak': 'woocommerce_rest_checkout_weak_password',
    'order.pay_not_needed': 'woocommerce_rest_order_not_payable',
    'error.not_found_text': 'woocommerce_rest_invalid_order',
    'express.error.total_changed': 'woocommerce_rest_express_total_changed',
    'express.error.terms_changed': 'woocommerce_rest_express_terms_changed',
  },
};

/** The wallet's single-use token names the attempt: its replay is the same order. */
function expressKey(data: Record<string, string>): string | null {
  const token = data['wc-stripe-confirmation-token'] || data['wc-stripe-payment-method'];
  return token ? `express:${token}` : null;
}

function paymentResult(order: OrderRow, outcome: PaymentOutcome | null) {
  const redirect = outcome?.redirect ?? orderReceivedPath(order);
  return {
    payment_status: outcome?.status ?? 'success',
    payment_details: outcome?.details ?? [],
    redirect_url: redirect,
  };
}

type PaymentAnswerContext = {
  env: Env;
  t: Translate;
  session: Session;
  headers: Headers;
};

/**
 * The order's answer once the payment ran: a failed payment is WooCommerce's
 * process_payment_error (400) with the payment result and the message in errorMessage; a
 * payment the browser must confirm carries the spec's hash as payment_details.redirect.
 */
function paymentAnswer(order: OrderRow, outcome: PaymentOutcome | null, ctx: PaymentAnswerContext) {
  const body = orderJson(order, outcome, ctx.env.SHOP_URL);
  if (paymentFailed(outcome)) {
    const error = outcome?.error ?? domainError('payment_declined', 'stripe.error.payment_failed');
    const message = paymentFailureMessage(error, ctx.t).text;
    body.payment_result.payment_details = [
      ...body.payment_result.payment_details,
      { key: 'errorMessage', value: message },
    ];
    return json(
      {
        code: 'woocommerce_rest_checkout_process_payment_error',
        message,
        data: { status: 400, payment_result: body.payment_result, order_id: order.id },
      },
      { status: 400, headers: ctx.headers },
    );
  }
  if (outcome?.action) {
    const hash = paymentRedirect(order, outcome, {
      env: ctx.env,
      nonce: sessionNonce(ctx.session, ctx.env),
      fallback: orderReceivedPath(order),
    });
    body.payment_result.payment_details = [
      ...body.payment_result.payment_details,
      { key: 'redirect', value: hash },
    ];
  }
  return json(body, { headers: ctx.headers });
}

/** The order as the Store API's checkout answers with it. */
export function orderJson(order: OrderRow, outcome: PaymentOutcome | null, shopUrl: string) {
  const result = paymentResult(order, outcome);
  return {
    order_id: order.id,
    status: order.status,
    order_key: order.orderKey,
    order_number: String(order.number),
    customer_note: order.customerNote,
    customer_id: order.customerId ?? 0,
    billing_address: order.billingAddress,
    shipping_address: order.shippingAddress,
    payment_method: order.paymentMethod,
    payment_result: { ...result, redirect_url: new URL(result.redirect_url, shopUrl).href },
    additional_fields: { terms: order.consent.terms },
    // The session's cart where the answer has one (a placed checkout), as WooCommerce sends it.
    __experimentalCart: null as unknown,
    extensions: { germanized: vatJson(vatOf(order), order.locale === 'en' ? 'en' : 'de') },
  };
}

/**
 * The checkout as it would be placed now: the cart's addresses, no order yet; with a payment
 * method, the cart priced for it (the cash on delivery fee).
 */
async function checkoutDraft(ctx: EndpointContext<unknown>, paymentMethod: string) {
  const { db, currency, locale, session } = ctx;
  const paymentFee = paymentMethod ? await methodFee(db, paymentMethod, locale) : null;
  const cart = await loadCart(db, session, { currency, locale, paymentFee });
  return {
    order_id: 0,
    status: 'checkout-draft',
    order_key: '',
    order_number: '',
    customer_note: '',
    customer_id: session?.customerId ?? 0,
    billing_address: {
      ...cart.shipping.billingAddress,
      email: cart.shipping.billingAddress.email ?? '',
    },
    shipping_address: cart.shipping.address,
    payment_method: paymentMethod,
    // Nothing paid yet: WooCommerce's empty payment result.
    payment_result: { payment_status: '', payment_details: [], redirect_url: '' },
    additional_fields: { terms: false },
    __experimentalCart: await storeCartJson(db, cart, ctx),
    extensions: {},
  };
}

/** GET: the checkout as it would be placed now. */
export const getCheckout = defineEndpoint({
  methods: ['GET'],
  codes: CHECKOUT_CODES,
  session: 'start',
  handle: async (ctx) => ok(await checkoutDraft(ctx, '')),
});

/**
 * PUT: the draft updated with the chosen payment method, its totals computed for it (as
 * WooCommerce's `__experimental_calc_totals`); nothing is stored.
 */
export const putCheckout = defineEndpoint({
  methods: ['PUT'],
  codes: CHECKOUT_CODES,
  nonce: true,
  session: 'start',
  schema: storeCheckoutUpdateSchema,
  handle: async (ctx) => {
    const method = ctx.input.payment_method ?? '';
    if (method && !(await isKnownMethod(ctx.db, method))) {
      return fail(domainError('invalid', 'error.invalid_param', { param: 'payment_method' }));
    }
    return ok(await checkoutDraft(ctx, method));
  },
});

/**
 * POST: places the session's cart. The consent the form asks for travels as
 * `additional_fields.terms`; without it nothing is placed.
 */
export const postCheckout = defineEndpoint({
  methods: ['POST'],
  codes: CHECKOUT_CODES,
  nonce: true,
  session: 'start',
  schema: storeCheckoutSchema,
  required: ['billing_address'],
  handle: async (ctx) => {
    const { db, env, currency, t, input, session } = ctx;
    const marker = expressMarker(ctx.args.request, session, env);
    if (marker === 'forged') return fail(domainError('forbidden', 'error.invalid_nonce'));
    const express = marker === 'express';
    // As WooCommerce's schema: a method no gateway registers is malformed input; one that is
    // registered but not offered is refused later as disabled.
    if (input.payment_method && !(await isKnownMethod(db, input.payment_method))) {
      return fail(domainError('invalid', 'error.invalid_param', { param: 'payment_method' }));
    }
    // A wallet order needs the same consent as any other: wallets do not ask for it.
    if (input.additional_fields?.terms !== true) {
      return fail(
        domainError('invalid', 'checkout.error.consent_missing', {
          consent: 'terms',
          param: 'additional_fields',
        }),
      );
    }
    const shown = express ? shownInSheet(input.extensions) : null;
    if (shown === 'invalid') {
      return fail(
        domainError('invalid', 'error.invalid_param', {
          param: `extensions.${EXPRESS_EXTENSION}`,
        }),
      );
    }
    const cart = await cartContents(db, session, currency);
    if (cart.digital && input.additional_fields?.['terms-digital'] !== true) {
      return fail(
        domainError('invalid', 'checkout.error.consent_missing', {
          consent: 'terms-digital',
          param: 'additional_fields',
        }),
      );
    }
    const { method: rates, ...shipping } = input.shipping_address ?? {};
    const payment = paymentDataList(input.payment_data);
    const checkout: CheckoutInput = {
      billing: express ? walletAddress(input.billing_address) : input.billing_address,
      shipping: Object.values(shipping).some((v) => v !== '')
        ? { ...emptyAddress(), ...(express ? walletAddress(shipping) : shipping) }
        : null,
      customerNote: input.customer_note ?? '',
      paymentMethod: input.payment_method ?? '',
      shippingRates: rates?.[0] ? { '0': rates[0] } : {},
      consent: {
        terms: true,
        digital: input.additional_fields?.['terms-digital'] === true,
      },
      // A replayed wallet confirmation (same token) answers with the order it placed.
      idempotencyKey: input.idempotency_key ?? (express ? expressKey(payment) : null),
      pickupPoint: pickupPoint(input.additional_fields?.pickup_point),
      attribution: await extensionAttribution(db, ctx.args.request, input.extensions),
      express: express ? await expressExpectation(db, session!, cart.currency, shown) : null,
    };
    const result = await placeCheckout(ctx, session!, {
      input: checkout,
      account: {
        requested: input.create_account === true,
        email: input.billing_address.email ?? '',
        password: input.customer_password ?? '',
      },
      payment: paymentInput(ctx.args.request, env, payment),
      wallet: payment.express_payment_type,
    });
    if (result.status === 'rejected') {
      return fail({ ...result.accountProblem!, params: { param: 'customer_password' } });
    }
    if (result.status === 'not_placed') return fail(placementError(result.error));
    const { order, outcome } = result;
    const answerContext = { env, t, session: session!, headers: ctx.headers };
    if (result.status === 'payment_failed' || outcome?.action) {
      return paymentAnswer(order, outcome, answerContext);
    }
    const body = orderJson(order, outcome, env.SHOP_URL);
    body.payment_result.redirect_url = new URL(result.redirect, env.SHOP_URL).href;
    // The emptied cart as the placement left it: nothing to read again.
    body.__experimentalCart = result.emptiedCart
      ? await storeCartJson(db, result.emptiedCart, ctx)
      : await currentCart(ctx, input.payment_method);
    const answer = json(body, { headers: ctx.headers });
    if (!ctx.args.request.headers.has('cart-token')) {
      for (const cookie of [...cartCookies('', secureCookies(env)), ...result.cookies]) {
        answer.headers.append('Set-Cookie', cookie);
      }
    }
    return answer;
  },
});

/** A refused placement names the address object its field belongs to, as the Store API's params do. */
function placementError(error: DomainError): DomainError {
  const field = error.params?.field;
  const param =
    typeof field === 'string' && field.startsWith('shipping_')
      ? 'shipping_address'
      : typeof field === 'string' && field.startsWith('billing_')
        ? 'billing_address'
        : field;
  return { ...error, params: { ...error.params, ...(param ? { param } : {}) } };
}

/** POST /checkout/{id}: pays an existing order, named by its key and billing e-mail. */
export const payOrder = defineEndpoint({
  methods: ['POST'],
  codes: CHECKOUT_CODES,
  nonce: true,
  session: 'start',
  schema: storePayOrderSchema,
  handle: async ({ db, env, locale, t, input, args, url, session, headers }) => {
    if (expressMarker(args.request, session, env) === 'forged') {
      return fail(domainError('forbidden', 'error.invalid_nonce'));
    }
    const id = /^\d{1,10}$/.test(args.params.orderId ?? '') ? Number(args.params.orderId) : 0;
    const query = (name: string) => {
      const value = url.searchParams.get(name);
      return value !== null && value.length <= 254 ? value : undefined;
    };
    const key = input.key ?? query('key') ?? '';
    const order = key ? await findOrderFor(db, id, { key }) : null;
    const email = (
      input.billing_email ??
      query('billing_email') ??
      input.billing_address?.email ??
      ''
    )
      .trim()
      .toLowerCase();
    // A wrong key or e-mail reads as no order at all.
    if (!order || (order.billingAddress.email ?? '').toLowerCase() !== email) {
      return fail(domainError('not_found', 'error.not_found_text'));
    }
    const result = await payForOrder(
      db,
      order,
      input.payment_method,
      locale,
      paymentInput(args.request, env, paymentDataList(input.payment_data)),
    );
    if (!result.ok) return result;
    const paid = result.value;
    if (paid.outcome && (paymentFailed(paid.outcome) || paid.outcome.action)) {
      return paymentAnswer(paid.order, paid.outcome, { env, t, session: session!, headers });
    }
    return ok(orderJson(paid.order, paid.outcome, env.SHOP_URL));
  },
});
