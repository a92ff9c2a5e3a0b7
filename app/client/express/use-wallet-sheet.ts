// The wallet sheet in the browser: Stripe's events in, the shop's calls out, the outcome fed
// into the pure transitions of wallet-sheet.ts.
import type {
  Stripe,
  StripeElements,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '#app/lib/i18n.ts';
import { followRedirectHash } from '#app/client/stripe/redirect-flow.ts';
import { parseRedirectHash } from '#app/domain/payments/stripe/redirect-hash.ts';
import type {
  ExpressCheckoutParams,
  ExpressPageKind,
} from '#app/domain/payments/stripe/express.view.ts';
import {
  type ExpressNonces,
  type ShippingOptions,
  type Totals,
  addToCartFields,
  expressAjax,
  placeExpressOrder,
  shippingAddressFields,
} from './express-calls.ts';
import {
  ADD_TO_CART_WAIT_MS,
  RETRY_WAIT_MS,
  detail,
  elementsIntent,
  lineItems,
  orderErrorText,
  orderPayload,
  sheetTotal,
  validVariation,
  walletName,
} from './express.rules.ts';
import { type ExpressAmounts, readQuantity } from './use-express-amounts.ts';
import {
  type Live,
  PAGE_DIGITAL_ID,
  PAGE_TERMS_ID,
  type WalletSheet,
  type WalletSheetEvent,
  clickStep,
  consentBoxIds,
  fromTotals,
  initialWalletSheet,
  normalizeFields,
  sheetBusy,
  sheetShowing,
  usesPageTerms,
  walletSheetReducer,
} from './wallet-sheet.ts';

/** The product page's part the sheet needs: the chosen variation and the add-to-cart form. */
export type SheetProduct = {
  variationId: number | null;
  attributes: Record<string, string>;
  addToCart: 'enabled' | 'needs-selection' | 'unavailable';
  formId: string;
};

type Adding = { promise: Promise<void>; failed: string | null };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useWalletSheet(input: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  product?: SheetProduct;
  nonces: ExpressNonces;
  /** The amounts; their sheet flag keeps the lookups off an open sheet's amount. */
  amounts: ExpressAmounts;
  stripe: Stripe | null;
  elements: StripeElements | null;
  signedIn: boolean;
  /** The order attribution this visit collected, when the shopper allowed it. */
  attribution: () => Promise<Record<string, string>>;
}) {
  const { params, kind, product, nonces, stripe, elements } = input;
  const { live, setLive, quantityError, sheetOpenRef } = input.amounts;
  const { t } = useI18n();
  const [sheet, setSheet] = useState<WalletSheet>(initialWalletSheet);
  // The handlers run across awaits: they read the latest state, not their render's.
  const sheetRef = useRef(sheet);
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  }, [live]);
  const rateRef = useRef<string | null>(null);
  const adding = useRef<Adding | null>(null);
  const isProduct = kind === 'product';
  // The checkout and order-pay forms have their consent boxes already: the wallets use those,
  // so a page never shows two boxes for the same consent.
  const pageTerms = usesPageTerms(kind);
  const ids = consentBoxIds(kind);

  const send = (event: WalletSheetEvent) => {
    const next = walletSheetReducer(sheetRef.current, event);
    sheetRef.current = next;
    sheetOpenRef.current = sheetShowing(next);
    setSheet(next);
  };

  const pageBox = (id: string) => document.getElementById(id) as HTMLInputElement | null;
  const consentGiven = () =>
    pageTerms ? pageBox(PAGE_TERMS_ID)?.checked === true : sheetRef.current.terms.checked;
  // Digital content or services need the second consent: on checkout and order-pay when
  // the form shows its box, elsewhere when the page data says so.
  const digitalNeeded = () =>
    pageTerms ? pageBox(PAGE_DIGITAL_ID) !== null : params.consent.digital;
  const digitalGiven = () =>
    pageTerms ? pageBox(PAGE_DIGITAL_ID)?.checked === true : sheetRef.current.digital.checked;

  const apply = (next: Live) => {
    setLive(next);
    liveRef.current = next;
    elements?.update(elementsIntent(next.total, params.checkout));
  };

  const addToCart = (p: SheetProduct): Promise<void> => {
    const state: Adding = { promise: Promise.resolve(), failed: null };
    state.promise = (async () => {
      const answer = await expressAjax<Totals>(
        params,
        'add_to_cart',
        addToCartFields({
          productId: params.product!.id,
          variationId: validVariation(p.variationId) ? p.variationId : null,
          quantity: readQuantity(p.formId),
          attributes: p.attributes,
        }),
        await nonces.get('add_to_cart'),
        t,
      );
      if (!answer.ok) {
        state.failed = answer.message || t('express.error.add_to_cart');
        return;
      }
      if (answer.data.total) apply(fromTotals(answer.data, liveRef.current.requestShipping));
    })();
    adding.current = state;
    return state.promise;
  };

  const onClick = async (event: StripeExpressCheckoutElementClickEvent) => {
    const step = clickStep({
      busy: sheetBusy(sheetRef.current),
      loginRequired: params.login_required,
      signedIn: input.signedIn,
      consentGiven: consentGiven(),
      digitalNeeded: digitalNeeded(),
      digitalGiven: digitalGiven(),
      product:
        isProduct && product
          ? { addToCart: product.addToCart, quantityError: quantityError.current }
          : null,
    });
    if (step === 'ignore') return;
    send({ type: 'clicked' });
    if (step === 'login') {
      const wallet = walletName(event.expressPaymentType);
      if (window.confirm(t('express.login_required', { wallet }))) {
        const back = window.location.pathname + window.location.search;
        window.location.assign(`/my-account?redirect_to=${encodeURIComponent(back)}`);
      }
      return;
    }
    if (step === 'terms' || step === 'digital') {
      // The checkout's own boxes show no error of ours: the notice says it.
      const text = t(`checkout.error.${step}`);
      send({ type: 'refused', at: pageTerms ? 'notice' : step, text });
      document.getElementById(ids[step])?.focus();
      return;
    }
    if (step !== 'open' && step !== 'add-to-cart') {
      const text =
        step === 'quantity'
          ? quantityError.current!
          : t(
              step === 'unavailable' ? 'express.error.unavailable' : 'express.error.select_options',
            );
      send({ type: 'refused', at: 'notice', text });
      return;
    }
    // The sheet opens after at most 700 ms, whether or not the cart answered (spec §4).
    if (step === 'add-to-cart')
      await Promise.race([addToCart(product!), delay(ADD_TO_CART_WAIT_MS)]);
    const current = liveRef.current;
    // A product that ships always asks for the address, whatever answered first: a sheet
    // without one could not show the shipping the order charges.
    const shipping = current.requestShipping || (isProduct && params.checkout.needs_shipping);
    const allowed = params.checkout.allowed_shipping_countries;
    event.resolve({
      emailRequired: true,
      phoneNumberRequired: params.checkout.needs_payer_phone,
      billingAddressRequired: true,
      shippingAddressRequired: shipping,
      ...(shipping
        ? {
            allowedShippingCountries: allowed.length ? allowed : undefined,
            shippingRates: [{ id: 'pending', displayName: t('express.rate_pending'), amount: 0 }],
          }
        : {}),
      lineItems: lineItems(current.displayItems, current.total),
      business: { name: params.checkout.total_label },
    });
    send({ type: 'opened' });
  };

  const onShippingAddressChange = async (
    event: StripeExpressCheckoutElementShippingAddressChangeEvent,
  ) => {
    // The product page's cart is being filled: its rates and totals come after that, so the
    // add-to-cart answer never overwrites the amount with shipping.
    if (isProduct && adding.current) await adding.current.promise;
    const answer = await expressAjax<ShippingOptions>(
      params,
      'get_shipping_options',
      { is_product_page: String(isProduct), ...shippingAddressFields(event.address) },
      await nonces.get('shipping'),
      t,
    );
    const rates = answer.ok ? (answer.data.shipping_options ?? []) : [];
    // Failures reject the sheet without a word of ours (spec section 4).
    if (!answer.ok || rates.length === 0) {
      event.reject();
      return;
    }
    const next = fromTotals(answer.data, true);
    apply(next);
    rateRef.current = rates[0]!.id;
    event.resolve({
      shippingRates: rates.map((r) => ({
        id: r.id,
        displayName: r.label,
        amount: Number(r.amount),
      })),
      lineItems: lineItems(next.displayItems, next.total),
    });
  };

  const onShippingRateChange = async (
    event: StripeExpressCheckoutElementShippingRateChangeEvent,
  ) => {
    const answer = await expressAjax<Totals>(
      params,
      'update_shipping_method',
      { is_product_page: String(isProduct), 'shipping_method[0]': event.shippingRate.id },
      await nonces.get('update_shipping'),
      t,
    );
    if (!answer.ok) {
      event.reject();
      return;
    }
    const next = fromTotals(answer.data, true);
    apply(next);
    rateRef.current = event.shippingRate.id;
    event.resolve({ lineItems: lineItems(next.displayItems, next.total) });
  };

  const onConfirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    send({ type: 'confirmed' });
    const fail = (text: string) => {
      event.paymentFailed({ reason: 'fail' });
      send({ type: 'failed', text });
    };
    if (isProduct && adding.current) {
      await adding.current.promise;
      if (adding.current.failed) {
        await delay(RETRY_WAIT_MS);
        fail(adding.current.failed);
        return;
      }
    }
    if (!stripe || !elements) {
      fail(t('stripe.error.invalid_payment_details'));
      return;
    }
    const submitted = await elements.submit();
    if (submitted.error) {
      fail(submitted.error.message ?? t('stripe.error.payment_failed'));
      return;
    }
    const token = await stripe.createConfirmationToken({ elements });
    if (token.error) {
      fail(token.error.message ?? t('stripe.error.payment_failed'));
      return;
    }
    const payload = orderPayload({
      billing: event.billingDetails ?? {},
      shipping: event.shippingAddress ?? null,
      rateId: event.shippingRate?.id ?? rateRef.current,
      expressPaymentType: event.expressPaymentType,
      confirmationToken: token.confirmationToken.id,
      paymentMethodId: '',
      attribution: await input.attribution(),
      fallbackEmail: params.pay_for_order?.billing_email ?? '',
      // The amount the sheet shows now: the server refuses an order of another total.
      shownTotal: sheetTotal(liveRef.current.total, params.checkout),
      textVersion: params.consent.text_version,
      digitalConsent: digitalNeeded() && digitalGiven(),
    });
    const normalized = await expressAjax<{
      billing_address?: typeof payload.billing_address;
      shipping_address?: typeof payload.shipping_address;
    }>(
      params,
      'normalize_address',
      normalizeFields(payload.billing_address, payload.shipping_address),
      await nonces.get('normalize_address'),
      t,
    );
    if (normalized.ok) {
      if (normalized.data.billing_address)
        payload.billing_address = {
          ...payload.billing_address,
          ...normalized.data.billing_address,
        };
      if (normalized.data.shipping_address) {
        payload.shipping_address = {
          ...payload.shipping_address,
          ...normalized.data.shipping_address,
          method: payload.shipping_address.method,
        };
      }
    }
    const placed = await placeExpressOrder(params, nonces, payload, t);
    if (!placed.ok) {
      fail(placed.message);
      return;
    }
    const result = placed.data.payment_result ?? {};
    // The card wants 3-D Secure (or another next action): completed here, as at the checkout.
    const hash = parseRedirectHash(detail(result.payment_details, 'redirect') ?? '');
    if (hash) {
      const flow = await followRedirectHash(
        hash,
        stripe,
        {
          isOrderPay: params.is_pay_for_order,
          orderId: params.pay_for_order?.order_id ?? null,
        },
        t,
      );
      if (!flow.ok) {
        fail(flow.message);
        return;
      }
      window.location.assign(flow.goTo);
      return;
    }
    const redirect = result.redirect_url || detail(result.payment_details, 'redirect');
    if (result.payment_status === 'success' && redirect) {
      // Only ever within the shop: the path of the answer's address, on this origin.
      const target = new URL(redirect, window.location.href);
      window.location.assign(`${target.pathname}${target.search}${target.hash}`);
      return;
    }
    fail(orderErrorText({ payment_result: result }, t('stripe.error.order')));
  };

  const onCancel = () => {
    send({ type: 'cancelled' });
    // The product page filled the cart for the sheet alone; it is emptied again.
    if (isProduct && adding.current) {
      adding.current = null;
      void nonces
        .get('clear_cart')
        .then((nonce) => expressAjax(params, 'clear_cart', {}, nonce, t));
    }
  };

  const tick = (box: 'terms' | 'digital', checked: boolean) =>
    send({ type: 'ticked', box, checked });

  return {
    sheet,
    busy: sheetBusy(sheet),
    tick,
    onClick,
    onShippingAddressChange,
    onShippingRateChange,
    onConfirm,
    onCancel,
  };
}
