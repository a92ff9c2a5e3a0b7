import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeElementsOptions,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementReadyEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { withParts } from '#app/components/ui/with-parts.tsx';
import { usePersonal } from '#app/components/personal.ts';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { scrollToElement } from '#app/client/scroll-to.ts';
import { loadShopStripe } from '#app/client/stripe/load-stripe.ts';
import { followRedirectHash } from '#app/client/stripe/redirect-flow.ts';
import { parseRedirectHash } from '#app/domain/payments/stripe/redirect-hash.ts';
import {
  type Answer,
  ExpressNonces,
  type ShippingOptions,
  type Totals,
  addToCartFields,
  expressAjax,
  placeExpressOrder,
  selectedProductFields,
  shippingAddressFields,
} from '#app/client/express/express-calls.ts';
import {
  ADD_TO_CART_WAIT_MS,
  QUANTITY_DEBOUNCE_MS,
  RETRY_WAIT_MS,
  SCROLL_MS,
  buttonHeight,
  buttonRadius,
  detail,
  elementOptions,
  elementsIntent,
  expressVisible,
  lineItems,
  orderErrorText,
  orderPayload,
  paymentMethodTypes,
  reservedRows,
  sheetTotal,
  validVariation,
  walletCount,
  walletName,
} from '#app/client/express/express.rules.ts';
import type {
  ExpressCheckoutParams,
  ExpressDisplayItem,
  ExpressPageKind,
} from '#app/domain/payments/stripe/express.view.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { loadAttribution, useConsent } from '#app/components/site/consent.tsx';

/** The product page's part: the chosen variation, the add-to-cart state and the form. */
export type ExpressProduct = {
  /** The chosen variation's id; 0 or null while none is chosen. */
  variationId: number | null;
  /** The attribute choice, by attribute slug. */
  attributes: Record<string, string>;
  /** The add-to-cart button's state: enabled, or why it is not. */
  addToCart: 'enabled' | 'needs-selection' | 'unavailable';
  /** The unit price of the product or chosen variation, in minor units. */
  unitPrice: number | null;
  /** The add-to-cart form's id: its quantity input drives the sheet's amounts. */
  formId: string;
};

/** The texts the express area shows, for a page's `messageAreas`. */
export const EXPRESS_MESSAGE_AREAS = [
  'express',
  'stripe',
  'checkout.terms',
  'checkout.terms_agb',
  'checkout.terms_widerruf',
  'checkout.error.terms',
  'checkout.digital',
  'checkout.error.digital',
  'forms.required_mark',
  'forms.optional_mark',
] as const;

type Live = { total: number; displayItems: ExpressDisplayItem[]; requestShipping: boolean };

/** The terms box of the checkout and order-pay forms. */
const PAGE_TERMS_ID = 'terms';
/** Their digital-content box, present when the cart needs that consent. */
const PAGE_DIGITAL_ID = 'terms-digital';

/** Checkout and order-pay have the consent boxes in their form; the wallets use those. */
const usesPageTerms = (kind: ExpressPageKind) => kind === 'checkout' || kind === 'pay_for_order';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The express checkout area (payments spec sections 2 to 9): the wallet buttons of Stripe's
 * Express Checkout Element with the legal consent they need first, on the product, cart,
 * checkout and pay-for-order pages. The separator stands between it and the page's own way
 * to buy.
 */
export function ExpressCheckout({
  params,
  kind,
  product,
  separator,
}: {
  params: ExpressCheckoutParams | null | undefined;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  /** Where the "or" goes: above the area (below a buy button) or below it (above a form). */
  separator: 'before' | 'after';
}) {
  const hydrated = useHydrated();
  if (!params) return null;
  if (!hydrated) {
    // The server's HTML holds the area's place, so the page below does not move when the
    // buttons arrive (no layout shift); it stays empty where the area will not show.
    const shown = expressVisible({
      total: params.cart_total,
      hasFreeTrial: params.checkout.has_free_trial,
      needsVariation: params.product?.needs_variation ?? false,
      variationId: product ? product.variationId : 1,
    });
    return shown ? <ExpressReservedArea params={params} kind={kind} separator={separator} /> : null;
  }
  return (
    <ExpressArea
      params={params}
      stripeData={params.stripe}
      kind={kind}
      product={product}
      separator={separator}
    />
  );
}

function ExpressArea({
  params,
  stripeData,
  kind,
  product,
  separator,
}: {
  params: ExpressCheckoutParams;
  stripeData: NonNullable<ExpressCheckoutParams['stripe']>;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  separator: 'before' | 'after';
}) {
  const { t, locale } = useI18n();
  const currency = params.checkout.currency_code;
  const decimals = providerDecimals(currency);
  const toProvider = useCallback(
    (minor: number) => toProviderAmount(minor, params.checkout.currency_minor_unit, decimals),
    [params.checkout.currency_minor_unit, decimals],
  );
  const variationKey = String(product?.variationId ?? 0);
  const [answered, setAnswered] = useState<{ key: string; live: Live }>(() => ({
    key: variationKey,
    live: {
      total: toProvider(params.cart_total),
      displayItems: params.display_items,
      requestShipping: params.request_shipping,
    },
  }));
  const unitPrice = product?.unitPrice ?? null;
  // A newly chosen variation shows its price at once; the server's answer follows.
  const live: Live =
    params.product?.needs_variation && answered.key !== variationKey && unitPrice !== null
      ? { total: toProvider(unitPrice), displayItems: [], requestShipping: params.request_shipping }
      : answered.live;
  const setLive = useCallback(
    (next: Live) => setAnswered({ key: variationKey, live: next }),
    [variationKey],
  );
  const [availability, setAvailability] = useState<'loading' | 'shown' | 'none'>('loading');
  const nonces = useMemo(() => new ExpressNonces(params), [params]);
  const stripe = useMemo(() => loadShopStripe({ ...stripeData, locale }), [stripeData, locale]);
  const quantityError = useRef<string | null>(null);
  // While a sheet is open its amount is the one the shopper sees and pays: late product
  // lookups must not replace it.
  const sheetOpenRef = useRef(false);

  // Product page: the chosen variation and quantity set the amounts (debounced, spec §5).
  const variationId = product?.variationId ?? null;
  const attributesKey = JSON.stringify(product?.attributes ?? {});
  const productId = params.product?.id ?? null;
  useEffect(() => {
    if (!product || productId === null) return;
    if (params.product?.needs_variation && !validVariation(variationId)) return;
    const form = document.getElementById(product.formId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round = 0;
    const lookup = async () => {
      const mine = ++round;
      const quantity = readQuantity(product.formId);
      const answer = await expressAjax<Totals>(
        params,
        'get_selected_product_data',
        selectedProductFields({
          productId,
          quantity,
          attributes: JSON.parse(attributesKey) as Record<string, string>,
        }),
        await nonces.get('get_selected_product_data'),
        t,
      );
      if (mine !== round || sheetOpenRef.current) return;
      if (!answer.ok) {
        quantityError.current = answer.message || t('express.error.product_info');
        return;
      }
      quantityError.current = null;
      setLive(fromTotals(answer.data, params.request_shipping));
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void lookup(), QUANTITY_DEBOUNCE_MS);
    };
    if (params.product?.needs_variation) schedule();
    const onQuantity = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.name === 'quantity') schedule();
    };
    form?.addEventListener('input', onQuantity);
    form?.addEventListener('change', onQuantity);
    return () => {
      clearTimeout(timer);
      round++;
      form?.removeEventListener('input', onQuantity);
      form?.removeEventListener('change', onQuantity);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the product object changes each render; its parts are listed
  }, [variationId, attributesKey, productId, params, nonces, t, setLive]);

  const visible = expressVisible({
    total: live.total,
    hasFreeTrial: params.checkout.has_free_trial,
    needsVariation: params.product?.needs_variation ?? false,
    variationId: product ? product.variationId : 1,
  });
  if (!visible || availability === 'none') return null;

  const options: StripeElementsOptions = {
    ...elementsIntent(live.total, params.checkout),
    currency,
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: paymentMethodTypes(params),
    locale: locale === 'de' ? 'de' : 'en',
    appearance: { variables: { borderRadius: `${buttonRadius(params.button.radius)}px` } },
  };
  return (
    <ExpressFrame kind={kind} separator={separator} loading={availability === 'loading'}>
      <Elements stripe={stripe} options={options}>
        <ExpressButtons
          params={params}
          kind={kind}
          product={product}
          live={live}
          setLive={setLive}
          nonces={nonces}
          quantityError={quantityError}
          sheetOpenRef={sheetOpenRef}
          onAvailability={setAvailability}
        />
      </Elements>
    </ExpressFrame>
  );
}

/** The area's heading and box, with the "or" on the page's side. */
function ExpressFrame({
  kind,
  separator,
  loading,
  children,
}: {
  kind: ExpressPageKind;
  separator: 'before' | 'after';
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const divider = (
    <p className="express-separator">
      <span>{t('express.separator')}</span>
    </p>
  );
  return (
    <>
      {separator === 'before' && divider}
      <section
        className={`express-checkout${loading ? ' is-loading' : ''}`}
        aria-labelledby={`express-title-${kind}`}
      >
        <h2 id={`express-title-${kind}`} className="express-title">
          {t('express.title')}
        </h2>
        {children}
      </section>
      {separator === 'after' && divider}
    </>
  );
}

/**
 * The height the wallet buttons will take, as CSS custom properties: rows of buttons for each
 * number of buttons a row holds (the stylesheet picks one by the area's width).
 */
function buttonSlotStyle(params: ExpressCheckoutParams): CSSProperties {
  const count = walletCount(params);
  return {
    '--express-button-height': `${buttonHeight(params.button.height)}px`,
    '--express-rows-1': reservedRows(count, 1),
    '--express-rows-2': reservedRows(count, 2),
    '--express-rows-3': reservedRows(count, 3),
    '--express-rows-4': reservedRows(count, 4),
  } as CSSProperties;
}

type Box = { checked: boolean; error?: string; onChange?: (checked: boolean) => void };

/** The express area's own consent boxes (product and cart pages). */
function ConsentBoxes({
  kind,
  digital,
  terms,
  digitalBox,
}: {
  kind: ExpressPageKind;
  /** The cart or product holds digital content or services. */
  digital: boolean;
  terms: Box;
  digitalBox: Box;
}) {
  const { t } = useI18n();
  if (usesPageTerms(kind)) return null;
  const label: ReactNode = withParts(t('checkout.terms'), {
    agb: <a href="/agb">{t('checkout.terms_agb')}</a>,
    widerruf: <a href="/widerruf">{t('checkout.terms_widerruf')}</a>,
  });
  const box = (id: string, text: ReactNode, state: Box) => (
    <Field
      id={id}
      layout="choice"
      required
      label={text}
      error={state.error}
      className="express-consent"
    >
      {(control) => (
        <input
          {...control}
          type="checkbox"
          checked={state.checked}
          onChange={(e) => state.onChange?.(e.target.checked)}
        />
      )}
    </Field>
  );
  return (
    <>
      {box(`express-terms-${kind}`, label, terms)}
      {digital && box(`express-terms-digital-${kind}`, t('checkout.digital'), digitalBox)}
    </>
  );
}

/** The server-rendered stand-in: the area as it will be, its buttons' place held empty. */
function ExpressReservedArea({
  params,
  kind,
  separator,
}: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  separator: 'before' | 'after';
}) {
  const { t } = useI18n();
  return (
    <ExpressFrame kind={kind} separator={separator} loading>
      <div className="express-body" style={buttonSlotStyle(params)}>
        <div className="express-notices" />
        <ConsentBoxes
          kind={kind}
          digital={params.consent.digital}
          terms={{ checked: false }}
          digitalBox={{ checked: false }}
        />
        <div className="express-buttons" />
        {params.checkout.taxes_based_on_billing && (
          <p className="express-note">{t('express.note.taxes_billing')}</p>
        )}
      </div>
    </ExpressFrame>
  );
}

function readQuantity(formId: string): number {
  const form = document.getElementById(formId);
  const input = form?.querySelector<HTMLInputElement>('[name="quantity"]');
  const n = Number.parseInt(input?.value ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function fromTotals(data: Totals, requestShipping: boolean): Live {
  return {
    total: Number(data.total?.amount ?? 0),
    displayItems: Array.isArray(data.displayItems) ? data.displayItems : [],
    requestShipping: data.requestShipping ?? requestShipping,
  };
}

type AddState = { promise: Promise<void>; failed: string | null } | null;

function ExpressButtons({
  params,
  kind,
  product,
  live,
  setLive,
  nonces,
  quantityError,
  sheetOpenRef,
  onAvailability,
}: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  live: Live;
  setLive: (live: Live) => void;
  nonces: ExpressNonces;
  quantityError: { current: string | null };
  sheetOpenRef: { current: boolean };
  onAvailability: (state: 'shown' | 'none') => void;
}) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const personal = usePersonal(params.checkout.currency_code.toUpperCase());
  const tracking = useConsent();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();
  const [digital, setDigital] = useState(false);
  const [digitalError, setDigitalError] = useState<string | undefined>();
  const digitalRef = useRef(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const consentRef = useRef(false);
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  }, [live]);
  const rateRef = useRef<string | null>(null);
  const adding = useRef<AddState>(null);
  const paymentAborted = useRef(false);
  const isProduct = kind === 'product';
  // The checkout and order-pay forms have their consent boxes already: the wallets use those,
  // so a page never shows two boxes for the same consent.
  const pageTerms = usesPageTerms(kind);
  const consentId = pageTerms ? PAGE_TERMS_ID : `express-terms-${kind}`;
  const digitalId = pageTerms ? PAGE_DIGITAL_ID : `express-terms-digital-${kind}`;
  const pageBox = (id: string) => document.getElementById(id) as HTMLInputElement | null;
  const consentGiven = () =>
    pageTerms ? pageBox(PAGE_TERMS_ID)?.checked === true : consentRef.current;
  // Digital content or services need the second consent: on checkout and order-pay when
  // the form shows its box, elsewhere when the page data says so.
  const digitalNeeded = () =>
    pageTerms ? pageBox(PAGE_DIGITAL_ID) !== null : params.consent.digital;
  const digitalGiven = () =>
    pageTerms ? pageBox(PAGE_DIGITAL_ID)?.checked === true : digitalRef.current;

  useEffect(() => {
    if (notice && noticeRef.current) scrollToElement(noticeRef.current, { duration: SCROLL_MS });
  }, [notice]);

  const apply = (next: Live) => {
    setLive(next);
    liveRef.current = next;
    elements?.update(elementsIntent(next.total, params.checkout));
  };

  const show = (text: string) => setNotice({ kind: 'error', text });

  const addToCart = (): Promise<void> => {
    const p = product!;
    const state: { promise: Promise<void>; failed: string | null } = {
      promise: Promise.resolve(),
      failed: null,
    };
    state.promise = (async () => {
      const answer: Answer<Totals> = await expressAjax<Totals>(
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
    if (busy) return;
    setNotice(null);
    const wallet = walletName(event.expressPaymentType);
    if (params.login_required && !personal.account) {
      // Spec section 6: a site that needs an account sends the shopper to log in first.
      if (window.confirm(t('express.login_required', { wallet }))) {
        const back = window.location.pathname + window.location.search;
        window.location.assign(`/my-account?redirect_to=${encodeURIComponent(back)}`);
      }
      return;
    }
    if (!consentGiven()) {
      if (pageTerms) show(t('checkout.error.terms'));
      else setConsentError(t('checkout.error.terms'));
      document.getElementById(consentId)?.focus();
      return;
    }
    if (digitalNeeded() && !digitalGiven()) {
      if (pageTerms) show(t('checkout.error.digital'));
      else setDigitalError(t('checkout.error.digital'));
      document.getElementById(digitalId)?.focus();
      return;
    }
    if (isProduct && product) {
      if (product.addToCart !== 'enabled') {
        show(
          product.addToCart === 'needs-selection'
            ? t('express.error.select_options')
            : t('express.error.unavailable'),
        );
        return;
      }
      if (quantityError.current) {
        show(quantityError.current);
        return;
      }
      paymentAborted.current = false;
      // The sheet opens after at most 700 ms, whether or not the cart answered (spec §4).
      await Promise.race([addToCart(), delay(ADD_TO_CART_WAIT_MS)]);
    }
    paymentAborted.current = false;
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
    sheetOpenRef.current = true;
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
    setBusy(true);
    const fail = (text: string) => {
      event.paymentFailed({ reason: 'fail' });
      sheetOpenRef.current = false;
      setBusy(false);
      show(text);
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
    // The order attribution this visit collected, when the shopper allowed it.
    const attribution =
      tracking.consent === 'allow' && tracking.prefix
        ? ((await loadAttribution()).currentAttribution() as Record<string, string>)
        : {};
    const payload = orderPayload({
      billing: event.billingDetails ?? {},
      shipping: event.shippingAddress ?? null,
      rateId: event.shippingRate?.id ?? rateRef.current,
      expressPaymentType: event.expressPaymentType,
      confirmationToken: token.confirmationToken.id,
      paymentMethodId: '',
      attribution,
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
    paymentAborted.current = true;
    sheetOpenRef.current = false;
    setBusy(false);
    // The product page filled the cart for the sheet alone; it is emptied again.
    if (isProduct && adding.current) {
      adding.current = null;
      void nonces
        .get('clear_cart')
        .then((nonce) => expressAjax(params, 'clear_cart', {}, nonce, t));
    }
  };

  const onReady = (event: StripeExpressCheckoutElementReadyEvent) => {
    const any = Object.values(event.availablePaymentMethods ?? {}).some(Boolean);
    onAvailability(any ? 'shown' : 'none');
  };

  const elementOpts = useMemo(() => elementOptions(params), [params]);
  return (
    <div
      className={`express-body${busy ? ' is-busy' : ''}`}
      aria-busy={busy || undefined}
      style={buttonSlotStyle(params)}
    >
      <div ref={noticeRef} className="express-notices">
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      </div>
      <ConsentBoxes
        kind={kind}
        digital={params.consent.digital}
        terms={{
          checked: consent,
          error: consentError,
          onChange: (checked) => {
            consentRef.current = checked;
            setConsent(checked);
            if (checked) setConsentError(undefined);
          },
        }}
        digitalBox={{
          checked: digital,
          error: digitalError,
          onChange: (checked) => {
            digitalRef.current = checked;
            setDigital(checked);
            if (checked) setDigitalError(undefined);
          },
        }}
      />
      <ExpressCheckoutElement
        className="express-buttons"
        options={elementOpts}
        onReady={onReady}
        onClick={(e) => void onClick(e)}
        onShippingAddressChange={(e) => void onShippingAddressChange(e)}
        onShippingRateChange={(e) => void onShippingRateChange(e)}
        onConfirm={(e) => void onConfirm(e)}
        onCancel={onCancel}
      />
      {params.checkout.taxes_based_on_billing && (
        <p className="express-note">{t('express.note.taxes_billing')}</p>
      )}
    </div>
  );
}

function normalizeFields(
  billing: Record<string, string>,
  shipping: Record<string, unknown>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(billing)) fields[`data[billing_address][${k}]`] = v;
  for (const [k, v] of Object.entries(shipping)) {
    if (typeof v === 'string') fields[`data[shipping_address][${k}]`] = v;
  }
  return fields;
}
