import { loadCart } from '#app/domain/cart/cart.server.ts';
import { vatOf } from '#app/domain/orders/order-view.server.ts';
import { vatJson } from './serializers.server.ts';
import {
  type CheckoutInput,
  payForOrder,
  placeOrder,
} from '#app/domain/checkout/checkout.server.ts';
import {
  storeCheckoutSchema,
  storePayOrderSchema,
} from '#app/domain/checkout/checkout.validation.ts';
import { domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { findOrderFor } from '#app/domain/orders/orders.server.ts';
import type { PaymentOutcome } from '#app/domain/payments/payments.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import {
  mailNewOrder,
  mailStatusChange,
  orderReceivedPath,
  successRedirect,
} from '../pages/checkout-form.server.ts';
import { STORE_API_CODES } from './codes.ts';
import { type ErrorCodes, json } from '../response.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';

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
    'checkout.error.payment_method': 'woocommerce_rest_checkout_payment_method_disabled',
    'checkout.error.out_of_stock': 'woocommerce_rest_product_out_of_stock',
    'checkout.error.coupon_limit': 'woocommerce_rest_cart_coupon_error',
    'checkout.error.coupon_removed': 'woocommerce_rest_cart_coupon_error',
    'checkout.error.duplicate_key': 'woocommerce_rest_checkout_duplicate_order',
    'order.pay_not_needed': 'woocommerce_rest_order_not_payable',
    'error.not_found_text': 'woocommerce_rest_invalid_order',
  },
};

function paymentResult(order: OrderRow, outcome: PaymentOutcome | null) {
  const redirect = outcome?.redirect ?? orderReceivedPath(order);
  return {
    payment_status: outcome?.status ?? 'success',
    payment_details: outcome?.details ?? [],
    redirect_url: redirect,
  };
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
    extensions: { germanized: vatJson(vatOf(order), order.locale === 'en' ? 'en' : 'de') },
  };
}

/** GET: the checkout as it would be placed now: the cart's addresses, no order yet. */
export const getCheckout = defineEndpoint({
  methods: ['GET'],
  codes: CHECKOUT_CODES,
  session: 'start',
  handle: async ({ db, currency, locale, session }) => {
    const cart = await loadCart(db, session, { currency, locale });
    return ok({
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
      payment_method: '',
      payment_result: null,
      additional_fields: { terms: false },
      extensions: {},
    });
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
  handle: async (ctx) => {
    const { db, env, locale, currency, t, input, session } = ctx;
    if (input.additional_fields?.terms !== true) {
      return fail(
        domainError('invalid', 'checkout.error.consent_missing', {
          consent: 'terms',
          param: 'additional_fields',
        }),
      );
    }
    const cart = await loadCart(db, session, { currency, locale, readOnly: true });
    if (cart.lines.some((l) => l.digital) && input.additional_fields?.['terms-digital'] !== true) {
      return fail(
        domainError('invalid', 'checkout.error.consent_missing', {
          consent: 'terms-digital',
          param: 'additional_fields',
        }),
      );
    }
    const shipping = input.shipping_address ?? null;
    const checkout: CheckoutInput = {
      billing: input.billing_address,
      shipping:
        shipping && Object.values(shipping).some((v) => v !== '')
          ? { ...emptyAddress(), ...shipping }
          : null,
      customerNote: input.customer_note ?? '',
      paymentMethod: input.payment_method ?? '',
      shippingRates: {},
      consent: {
        terms: true,
        digital: input.additional_fields?.['terms-digital'] === true,
      },
      idempotencyKey: input.idempotency_key ?? null,
    };
    const placed = await placeOrder(db, session!, checkout, {
      currency,
      locale,
      emailLabel: t('checkout.email'),
      customerId: session!.customerId,
    });
    if (!placed.ok) {
      const field = placed.error.params?.field;
      const param =
        typeof field === 'string' && field.startsWith('shipping_')
          ? 'shipping_address'
          : typeof field === 'string' && field.startsWith('billing_')
            ? 'billing_address'
            : field;
      return fail({
        ...placed.error,
        params: { ...placed.error.params, ...(param ? { param } : {}) },
      });
    }
    if (placed.value.created) {
      await mailNewOrder({ db, env, locale, currency, t }, placed.value.order);
    }
    const body = orderJson(placed.value.order, placed.value.payment, env.SHOP_URL);
    body.payment_result.redirect_url = new URL(successRedirect(placed.value), env.SHOP_URL).href;
    const answer = json(body, { headers: ctx.headers });
    if (!ctx.args.request.headers.has('cart-token')) {
      for (const cookie of cartCookies('', secureCookies(env))) {
        answer.headers.append('Set-Cookie', cookie);
      }
    }
    return answer;
  },
});

/** POST /checkout/{id}: pays an existing order, named by its key and billing e-mail. */
export const payOrder = defineEndpoint({
  methods: ['POST'],
  codes: CHECKOUT_CODES,
  nonce: true,
  session: 'start',
  schema: storePayOrderSchema,
  handle: async ({ db, env, locale, currency, t, input, args }) => {
    const id = /^\d{1,10}$/.test(args.params.orderId ?? '') ? Number(args.params.orderId) : 0;
    const order = await findOrderFor(db, id, { key: input.key });
    const email = (input.billing_email ?? input.billing_address?.email ?? '').trim().toLowerCase();
    // A wrong key or e-mail reads as no order at all.
    if (!order || (order.billingAddress.email ?? '').toLowerCase() !== email) {
      return fail(domainError('not_found', 'error.not_found_text'));
    }
    const result = await payForOrder(db, order, input.payment_method, locale);
    if (!result.ok) return result;
    const paid = result.value;
    if (paid.order.status !== order.status) {
      await mailStatusChange({ db, env, locale, currency, t }, paid.order);
    }
    return ok(orderJson(paid.order, paid.outcome, env.SHOP_URL));
  },
});
