import { randomUUID } from 'node:crypto';
import { type AppLoadContext, data, redirect } from 'react-router';
import { legalVersionInForce } from '#app/domain/legal/legal.server.ts';
import { findCart } from '#app/domain/cart/cart.server.ts';
import { checkoutReview } from '#app/domain/checkout/checkout-review.server.ts';
import {
  guestCheckoutEnabled,
  prefillCheckoutFromAccount,
  setCheckoutCustomer,
} from '#app/domain/checkout/checkout-customer.server.ts';
import { stripePageData } from '../stripe/page-data.server.ts';
import { expressCheckoutParams } from '../stripe/express-page-data.server.ts';
import {
  checkoutFormSchema,
  checkoutInputFromForm,
} from '#app/domain/checkout/checkout.validation.ts';
import { type CheckoutReview, REVIEW_METHOD_FIELD } from '#app/domain/checkout/checkout.view.ts';
import { applyCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { isKnownCountry } from '#app/domain/customers/address-locale.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm, shop } from '../request.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { formAttribution } from '../attribution.server.ts';
import { type CheckoutMessage, formProblems, submitCheckoutForm } from './checkout-form.server.ts';
import { unseenFee } from './checkout-fee.server.ts';
import { orderPayPath } from '../order-links.ts';
import { checkoutAccountOffer } from './checkout-account.server.ts';

type Args = { request: Request; context: AppLoadContext };

export type CheckoutActionData = {
  messages: CheckoutMessage[];
  values: Record<string, string>;
  shipToDifferent: boolean;
  /** A coupon's answer, shown beside the coupon form. */
  coupon?: { ok: boolean; text: string };
  /** A refused order's review, priced for the method the shopper chose. */
  review?: CheckoutReview;
};

/** The form fields the page starts with: what the cart knows of the shopper's addresses. */
function initialValues(review: Awaited<ReturnType<typeof checkoutReview>>) {
  const values: Record<string, string> = {};
  const { billingAddress, address } = review.cart.shipping;
  for (const [key, value] of Object.entries(billingAddress)) values[`billing_${key}`] = value ?? '';
  for (const [key, value] of Object.entries(address)) values[`shipping_${key}`] = value ?? '';
  if (!values.billing_country) values.billing_country = address.country || 'DE';
  return values;
}

export async function checkoutPageData(args: Args) {
  const { db, env, locale, currency, t, session } = shop(args);
  const current = await session();
  if (current?.customerId) {
    const cart = await findCart(db, current);
    if (cart) await prefillCheckoutFromAccount(db, cart.id, current.customerId);
  }
  const review = await checkoutReview(db, current, { currency, locale });
  const terms = await legalVersionInForce(db, 'agb');
  const values = initialValues(review);
  const shipping = review.cart.shipping;
  const shipToDifferent = ['address_1', 'postcode', 'city', 'country'].some(
    (k) =>
      shipping.address[k as 'city'] !== '' &&
      shipping.address[k as 'city'] !== shipping.billingAddress[k as 'city'] &&
      shipping.billingAddress.address_1 !== '',
  );
  const security = current ? sessionNonce(current, env) : '';
  return {
    review,
    values,
    account: await checkoutAccountOffer(db, current, t('shop.name')),
    isLoggedIn: Boolean(current?.customerId),
    shipToDifferent,
    security,
    stripe: await stripePageData(
      { db, env, locale, t },
      {
        methods: review.paymentMethods,
        total: review.cart.totals.total,
        currency: review.cart.currency,
        nonce: security,
        isLoggedIn: Boolean(current?.customerId),
        customerId: current?.customerId ?? null,
        signupAllowed: await guestCheckoutEnabled(db),
        order: null,
        subscription: review.subscription ?? null,
      },
    ),
    express: await expressCheckoutParams(
      { db, env, t, currency },
      { kind: 'checkout', cart: review.cart, session: current },
    ),
    // A fresh key per rendering of the form: a repeated submit of this form places one order.
    checkoutKey: randomUUID(),
    terms: terms.content[locale].sections,
    title: `${t('checkout.title')} | ${t('shop.name')}`,
  };
}

/** The checkout page's own form post: the whole checkout without JavaScript. */
export async function handleCheckoutPost(args: Args) {
  const base = shop(args);
  const { db, env, locale, currency, t } = base;
  const read = await readForm(args.request, [REVIEW_METHOD_FIELD]);
  const fields: Record<string, string> = {};
  if (read.ok) {
    for (const [k, v] of read.value) {
      if (typeof v === 'string' && k !== REVIEW_METHOD_FIELD) fields[k] = v;
    }
  }
  // One short value or none: anything else cannot name a method and counts as none.
  const pricedValues = read.ok ? read.value.getAll(REVIEW_METHOD_FIELD) : [];
  const priced =
    pricedValues.length === 1 && typeof pricedValues[0] === 'string' ? pricedValues[0] : '';
  const intent = fields.intent ?? 'place_order';
  const { intent: _intent, ...formFields } = fields;
  const shipToDifferent = Boolean(fields.ship_to_different_address);
  const reply = (
    messages: CheckoutMessage[],
    status = 400,
    coupon?: CheckoutActionData['coupon'],
    review?: CheckoutReview,
  ) =>
    data<CheckoutActionData>(
      { messages, values: formFields, shipToDifferent, coupon, review },
      { status },
    );
  if (!read.ok) return reply([{ text: t(read.error.code as TextKey, read.error.params) }]);
  const session = await base.session();
  if (!session || !verifyNonce(session, fields.security, env)) {
    return reply([{ text: t('checkout.error.session') }], 403);
  }
  if (intent === 'apply_coupon') {
    const applied = await applyCoupon(db, session, fields.coupon_code ?? '', {
      currency,
      locale,
      customerId: session.customerId,
      email: fields.billing_email ?? null,
    });
    const text = applied.ok
      ? t('coupon.applied')
      : t(applied.error.code as TextKey, applied.error.params);
    return reply([], applied.ok ? 200 : 400, { ok: applied.ok, text });
  }
  if (intent === 'update') {
    const parsed = checkoutFormSchema.safeParse(formFields);
    const cart = await findCart(db, session);
    if (parsed.success && cart) {
      const { input } = checkoutInputFromForm(parsed.data);
      const country = (input.shipping ?? input.billing).country ?? '';
      if (isKnownCountry(country)) await setCheckoutCustomer(db, cart.id, input);
    }
    return reply([], 200);
  }
  const chosen = formFields.payment_method ?? '';
  const pricedReview = () =>
    checkoutReview(db, session, { currency, locale, chosenPaymentMethod: chosen });
  const unseen = await unseenFee({ db, t, locale, currency }, session, chosen, priced);
  if (unseen) {
    // The shopper has not seen this total: no order, the page again priced for the choice.
    const parsed = checkoutFormSchema.safeParse(formFields);
    const problems = parsed.success
      ? formProblems(checkoutInputFromForm(parsed.data).input, { locale, t })
      : [];
    return reply([{ text: unseen.notice }, ...problems], 200, undefined, unseen.review);
  }
  const attribution = await formAttribution(db, args.request, formFields);
  const outcome = await submitCheckoutForm(
    { db, env, locale, currency, t },
    session,
    formFields,
    args.request,
    attribution,
  );
  if (outcome.ok && outcome.redirect.startsWith('#')) {
    // A payment step needs the browser's script; without it the order waits on its pay page.
    throw redirect(orderPayPath(outcome.order), 303);
  }
  if (outcome.ok) {
    const headers = new Headers();
    for (const cookie of [...cartCookies('', secureCookies(env)), ...outcome.cookies]) {
      headers.append('Set-Cookie', cookie);
    }
    throw redirect(outcome.redirect, { status: 303, headers });
  }
  // The page again keeps the chosen method, its review priced for it.
  return reply(outcome.messages, 400, undefined, await pricedReview());
}
