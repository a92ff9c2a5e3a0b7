import { createElement } from 'react';
import { z } from 'zod';
import { PaymentMethods, ReviewTable } from '#app/components/checkout/order-review.tsx';
import { findCart } from '#app/domain/cart/cart.server.ts';
import { checkoutReview } from '#app/domain/checkout/checkout-review.server.ts';
import { setCheckoutCustomer } from '#app/domain/checkout/checkout-customer.server.ts';
import { type CheckoutReview, REVIEW_METHOD_FIELD } from '#app/domain/checkout/checkout.view.ts';
import {
  checkoutFormSchema,
  checkoutInputFromForm,
} from '#app/domain/checkout/checkout.validation.ts';
import { isKnownCountry } from '#app/domain/customers/address-locale.ts';
import { I18nContext, translator } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { escapeHtml } from '../mail/order-mails.server.ts';
import { formAttribution } from '../attribution.server.ts';
import { type CheckoutMessage, submitCheckoutForm } from '../pages/checkout-form.server.ts';
import { unseenFee } from '../pages/checkout-fee.server.ts';
import { WC_AJAX_CODES } from './codes.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { renderInShell } from './fragments.server.ts';

const REVIEW_AREAS = ['checkout', 'cart', 'coupon', 'shipping'] as const;

/** The review's page parts as WooCommerce's fragments, rendered by the page's components. */
async function reviewFragments(review: CheckoutReview, locale: Locale, url: URL) {
  const t = translator(locale, messagesFor(locale, REVIEW_AREAS));
  const render = (element: ReturnType<typeof createElement>) =>
    renderInShell(
      createElement(I18nContext.Provider, { value: { locale, t } }, element),
      url,
      review.cart.currency,
    );
  const [table, payment] = await Promise.all([
    render(createElement(ReviewTable, { review })),
    render(
      createElement(PaymentMethods, {
        methods: review.paymentMethods,
        chosen: review.chosenPaymentMethod,
      }),
    ),
  ]);
  return {
    '.woocommerce-checkout-review-order-table': table,
    '.woocommerce-checkout-payment': payment,
  };
}

/** WooCommerce's error notice markup; each item names its field in data-id. */
export function messagesHtml(messages: readonly CheckoutMessage[]): string {
  return `<ul class="woocommerce-error" role="alert">${messages
    .map(
      (m) => `<li${m.field ? ` data-id="${escapeHtml(m.field)}"` : ''}>${escapeHtml(m.text)}</li>`,
    )
    .join('')}</ul>`;
}

const text = z.string().max(2000).optional();
const reviewSchema = z
  .object({
    security: text,
    payment_method: text,
    country: text,
    state: text,
    postcode: text,
    city: text,
    address: text,
    address_2: text,
    s_country: text,
    s_state: text,
    s_postcode: text,
    s_city: text,
    s_address: text,
    s_address_2: text,
    has_full_address: text,
    post_data: z.string().max(60_000).optional(),
  })
  .catchall(z.string().max(2000));

/**
 * POST update_order_review: the checkout's address and chosen rates go onto the cart, and the
 * answer carries the review as fragments (and as data the page renders from).
 */
export const updateOrderReview = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: reviewSchema,
  handle: async ({ db, locale, currency, input, session, headers, url }) => {
    const form: Record<string, string> = Object.fromEntries(
      new URLSearchParams(input.post_data ?? ''),
    );
    // The call's own fields win over the serialized form, as WooCommerce reads them.
    const own: Record<string, string | undefined> = {
      billing_country: input.country,
      billing_state: input.state,
      billing_postcode: input.postcode,
      billing_city: input.city,
      billing_address_1: input.address,
      billing_address_2: input.address_2,
    };
    if (form.ship_to_different_address) {
      Object.assign(own, {
        shipping_country: input.s_country,
        shipping_state: input.s_state,
        shipping_postcode: input.s_postcode,
        shipping_city: input.s_city,
        shipping_address_1: input.s_address,
        shipping_address_2: input.s_address_2,
      });
    }
    for (const [key, value] of Object.entries(own)) if (value !== undefined) form[key] = value;
    for (const [key, value] of Object.entries(input)) {
      if (key.startsWith('shipping_method[') && typeof value === 'string') form[key] = value;
    }
    const cart = await findCart(db, session!);
    const parsed = checkoutFormSchema.safeParse(form);
    if (cart && parsed.success) {
      const { input: checkout } = checkoutInputFromForm(parsed.data);
      const country = (checkout.shipping ?? checkout.billing).country ?? '';
      if (isKnownCountry(country)) await setCheckoutCustomer(db, cart.id, checkout);
    }
    const review = await checkoutReview(db, session, {
      currency,
      locale,
      chosenPaymentMethod: input.payment_method ?? null,
    });
    const empty = review.cart.lines.length === 0;
    return json(
      {
        result: 'success',
        messages: '',
        // An emptied cart (another tab placed it, a session ended) reloads the page.
        reload: empty,
        fragments: empty ? {} : await reviewFragments(review, locale, url),
        review,
      },
      { headers },
    );
  },
});

/**
 * POST checkout (the serialized form): result, redirect on success; messages (WooCommerce's
 * notice markup), refresh and reload on failure. Both answer 200, as WooCommerce does.
 */
export const checkoutAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  handle: async ({ db, env, locale, currency, t, input, session, headers, args }) => {
    const { [REVIEW_METHOD_FIELD]: pricedValue, ...fields } = input;
    // One short value or none, as the page form reads it: anything else names no method.
    const priced = typeof pricedValue === 'string' ? pricedValue : '';
    const chosen = typeof fields.payment_method === 'string' ? fields.payment_method : '';
    const unseen =
      session && (await unseenFee({ db, t, locale, currency }, session, chosen, priced));
    if (unseen) {
      // The total was not shown: no order; refresh has the page reprice its review.
      return json(
        {
          result: 'failure',
          messages: messagesHtml([{ text: unseen.notice }]),
          refresh: true,
          reload: false,
        },
        { headers },
      );
    }
    const attribution = await formAttribution(db, args.request, fields);
    const outcome = await submitCheckoutForm(
      { db, env, locale, currency, t },
      session,
      fields,
      args.request,
      attribution,
    );
    if (outcome.ok) {
      const answer = json(
        { result: 'success', redirect: outcome.redirect, order_id: outcome.order.id },
        { headers },
      );
      // The cart is empty now: caches keyed by the cart hash must not show the old one.
      for (const cookie of [...cartCookies('', secureCookies(env)), ...outcome.cookies]) {
        answer.headers.append('Set-Cookie', cookie);
      }
      return answer;
    }
    return json(
      {
        result: 'failure',
        messages: messagesHtml(outcome.messages),
        refresh: outcome.refresh ?? false,
        reload: outcome.reload ?? false,
      },
      { headers },
    );
  },
});
