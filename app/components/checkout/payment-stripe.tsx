import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { SavedMethodChoice } from '#app/components/checkout/saved-method-choice.tsx';
import {
  buildAppearance,
  pageAppearanceKey,
  pageFontLinks,
  readThemeStyles,
  saveAppearanceOnce,
  themeFonts,
} from '#app/client/stripe/appearance.ts';
import { loadShopStripe } from '#app/client/stripe/load-stripe.ts';
import { followRedirectHash, takeRedirectHash } from '#app/client/stripe/redirect-flow.ts';
import type { ClientPaymentConfig } from '#app/domain/payments/payments.ts';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import {
  elementsMode,
  isBlikCode,
  providerDecimals,
  showsCashAppNotice,
  toProviderAmount,
} from '#app/domain/payments/stripe/stripe.rules.ts';
import { browserProviderProblem } from '#app/domain/payments/stripe/failure-text.ts';
import type { PaymentMethodView } from '#app/domain/checkout/checkout.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { PaymentMethods } from './order-review.tsx';

export type PaymentProblem = { text: string; field?: string };

type Shared = {
  data: StripePageData;
  /** The form that places the order (checkout) or pays it (order-pay). */
  formRef: RefObject<HTMLFormElement | null>;
  /** Shows problems in the page's notices area (and marks their fields). */
  onErrors: (problems: PaymentProblem[]) => void;
};

/** Spec section 3: the billing details the form collected, for the new payment method. */
function billingDetails(form: HTMLFormElement) {
  const data = new FormData(form);
  const get = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const name = [get('billing_first_name'), get('billing_last_name')].filter(Boolean).join(' ');
  return {
    name: name || undefined,
    email: get('billing_email'),
    phone: get('billing_phone'),
    address: {
      city: get('billing_city'),
      country: get('billing_country'),
      line1: get('billing_address_1'),
      line2: get('billing_address_2'),
      postal_code: get('billing_postcode'),
      state: get('billing_state'),
    },
  };
}

/**
 * The payment methods of the checkout and the order-pay page, with Stripe's element in the
 * chosen method's box once the page is hydrated (without Stripe data the boxes stay plain).
 */
export function PaymentChoice({
  methods,
  chosen,
  onChosen,
  hydrated,
  stripe,
  total,
  formRef,
  onErrors,
}: Omit<Shared, 'data'> & {
  methods: readonly PaymentMethodView[];
  chosen: string | null;
  onChosen: (id: string) => void;
  hydrated: boolean;
  stripe: StripePageData | null | undefined;
  /** The current total in the currency's minor unit. */
  total: number;
}) {
  return (
    <PaymentMethods
      methods={methods}
      chosen={chosen}
      onChoose={
        hydrated
          ? (id) => {
              onChosen(id);
              document.body.dispatchEvent(new CustomEvent('payment_method_selected'));
            }
          : undefined
      }
      renderBox={(m) =>
        hydrated && m.client && stripe ? (
          <StripePaymentBox
            method={m.client}
            gatewayId={m.id}
            title={m.title}
            total={total}
            data={stripe}
            formRef={formRef}
            onErrors={onErrors}
          />
        ) : null
      }
    />
  );
}

/**
 * The chosen Stripe method's box: the Payment Element (deferred intent; setup mode below a
 * total of 1) and for BLIK the code. Placing the order first validates and submits the
 * element, creates the payment method, puts its id into the hidden field and submits once
 * more; the guard lets that second submit through.
 */
export function StripePaymentBox({
  method,
  gatewayId,
  title,
  total,
  ...shared
}: Shared & {
  method: ClientPaymentConfig;
  gatewayId: string;
  title: string;
  /** The current total in the currency's minor unit. */
  total: number;
}) {
  const { data } = shared;
  const { t } = useI18n();
  // Stripe.js that does not load (blocked, offline) leaves the element unloaded, not the page.
  const [stripeFailed, setStripeFailed] = useState(false);
  const stripe = useMemo(
    () =>
      loadShopStripe(data).catch(() => {
        setStripeFailed(true);
        return null;
      }),
    [data],
  );
  // Spec section 6: a subscription renewed off-session keeps the method, always.
  const forced = data.cartContainsSubscription && !data.subscriptionRequiresManualRenewal;
  const [chosenSave, setSave] = useState(false);
  const save = chosenSave || forced;
  // The choice lives above the elements, which the one-click layout remounts.
  const saved = method.isReusable ? data.savedMethods.filter((m) => m.type === method.type) : [];
  const [token, setToken] = useState(
    () => (saved.find((m) => m.isDefault) ?? saved[0])?.id ?? 'new',
  );
  const currency = data.currency.toUpperCase();
  const mode = elementsMode(total, data.currencyMinorUnit);
  // The box renders after hydration only: the theme is read from the page (spec section 9).
  // A saved appearance serves only the theme, layout and stylesheets it was computed under.
  const appearanceKey = useMemo(() => pageAppearanceKey(data.isOCEnabled), [data.isOCEnabled]);
  const savedAppearance =
    data.appearance && data.appearanceKey === appearanceKey ? data.appearance : null;
  const computed = useMemo(
    () =>
      savedAppearance
        ? null
        : buildAppearance(
            readThemeStyles(
              document.querySelector<HTMLElement>('form.checkout, form.order-pay-form') ??
                document.body,
            ),
            { oneClick: data.isOCEnabled },
          ),
    [savedAppearance, data.isOCEnabled],
  );
  const fonts = useMemo(() => themeFonts(pageFontLinks()), []);
  useEffect(() => {
    if (computed) void saveAppearanceOnce(computed, appearanceKey, data.saveAppearanceNonce, t);
  }, [computed, appearanceKey, data.saveAppearanceNonce, t]);
  const appearance = savedAppearance ?? computed;
  const common = {
    currency: data.currency,
    allowedPaymentMethodTypes: [method.type],
    paymentMethodCreation: 'manual' as const,
    locale: data.locale === 'de' ? ('de' as const) : ('en' as const),
    ...(appearance ? { appearance } : {}),
    ...(fonts.length ? { fonts } : {}),
  };
  const options: StripeElementsOptions =
    mode === 'setup'
      ? { ...common, mode: 'setup' }
      : {
          ...common,
          mode: 'payment',
          amount: toProviderAmount(total, data.currencyMinorUnit, providerDecimals(currency)),
          ...(save ? { setupFutureUsage: 'off_session' as const } : {}),
        };
  // Spec section 4: in the one-click layout toggling the save choice remounts the elements.
  const key = `${method.type}-${mode}${data.isOCEnabled ? `-${save ? 'save' : 'once'}` : ''}`;
  return (
    <>
      {showsCashAppNotice(method.type, total) && (
        <Notice kind="info">{t('stripe.cashapp_notice')}</Notice>
      )}
      <Elements stripe={stripe} options={options} key={key}>
        <StripeFields
          method={method}
          gatewayId={gatewayId}
          title={title}
          save={save}
          onSave={setSave}
          saved={saved}
          token={token}
          onToken={setToken}
          stripeFailed={stripeFailed}
          {...shared}
        />
      </Elements>
    </>
  );
}

function StripeFields({
  method,
  gatewayId,
  title,
  save,
  onSave,
  saved,
  token,
  onToken,
  stripeFailed,
  data,
  formRef,
  onErrors,
}: Shared & {
  method: ClientPaymentConfig;
  gatewayId: string;
  title: string;
  save: boolean;
  onSave: (save: boolean) => void;
  saved: StripePageData['savedMethods'];
  token: string;
  onToken: (token: string) => void;
  stripeFailed: boolean;
}) {
  const { t } = useI18n();
  const creatingAccount = useCreatingAccount(formRef);
  const mayOffer =
    method.isReusable && (data.isLoggedIn || (data.isSignupOnCheckoutAllowed && creatingAccount));
  const forced = data.cartContainsSubscription && !data.subscriptionRequiresManualRenewal;
  const useNew = token === 'new';
  const stripe = useStripe();
  const elements = useElements();
  const hidden = useRef<HTMLInputElement>(null);
  const guard = useRef(false);
  const busy = useRef(false);
  const [elementFailed, setElementFailed] = useState(false);
  const loadFailed = elementFailed || stripeFailed;
  const [blik, setBlik] = useState('');
  const [blikError, setBlikError] = useState<string | undefined>();

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const prepare = async () => {
      if (busy.current) return;
      if (!stripe || !elements || loadFailed) {
        onErrors([{ text: t('stripe.error.invalid_payment_details') }]);
        return;
      }
      if (method.type === 'blik' && !isBlikCode(blik)) {
        const text = t('stripe.error.blik_code');
        setBlikError(text);
        onErrors([{ text, field: 'wc-stripe-blik-code' }]);
        return;
      }
      busy.current = true;
      try {
        const submitted = await elements.submit();
        if (submitted.error) {
          onErrors([
            { text: submitted.error.message ?? t('stripe.error.invalid_payment_details') },
          ]);
          return;
        }
        const created = await stripe.createPaymentMethod({
          elements,
          params: { billing_details: billingDetails(form) },
        });
        if (created.error || !created.paymentMethod) {
          onErrors([
            created.error
              ? browserProviderProblem(created.error, t)
              : { text: t('stripe.error.invalid_payment_details') },
          ]);
          return;
        }
        if (hidden.current) hidden.current.value = created.paymentMethod.id;
        guard.current = true;
        const button = form.querySelector<HTMLButtonElement>('#place_order');
        form.requestSubmit(button ?? undefined);
      } finally {
        busy.current = false;
      }
    };
    const onPlace = (event: Event) => {
      // A saved method goes with the form as it is: nothing to create.
      if (!useNew) return;
      if (guard.current) {
        // The second submit, with the payment method in the hidden field: once only.
        guard.current = false;
        return;
      }
      event.preventDefault();
      void prepare();
    };
    const name = `checkout_place_order_${gatewayId}`;
    form.addEventListener(name, onPlace);
    return () => form.removeEventListener(name, onPlace);
  }, [stripe, elements, loadFailed, method.type, blik, gatewayId, formRef, onErrors, t, useNew]);

  // Spec section 8: the element's load failure shows in the notices area, once.
  const reported = useRef(false);
  useEffect(() => {
    if (!loadFailed || !useNew || reported.current) return;
    reported.current = true;
    onErrors([{ text: t('stripe.error.element_load', { method: title }) }]);
  }, [loadFailed, useNew, onErrors, t, title]);

  // A failed try leaves no payment method behind: the next one creates a new one.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const clear = () => {
      if (hidden.current) hidden.current.value = '';
    };
    form.addEventListener('stripe_payment_failed', clear);
    return () => form.removeEventListener('stripe_payment_failed', clear);
  }, [formRef]);

  return (
    <div className="stripe-payment" data-payment-type={method.type}>
      <input type="hidden" name="wc-stripe-payment-method" ref={hidden} defaultValue="" />
      <input type="hidden" name="wc-stripe-is-deferred-intent" value="true" />
      <SavedMethodChoice saved={saved} chosen={token} onChoose={onToken} />
      {!useNew ? null : loadFailed ? (
        // Where the element would be; the alert itself is in the notices area.
        <p className="stripe-load-error">{t('stripe.error.element_load', { method: title })}</p>
      ) : (
        <PaymentElement
          options={{
            layout: { type: data.isOCEnabled ? data.OCLayout : 'accordion', radios: 'never' },
          }}
          onLoadError={() => setElementFailed(true)}
        />
      )}
      {useNew && forced && method.isReusable ? (
        <>
          <input type="hidden" name="wc-stripe-new-payment-method" value="true" />
          <label className="choice stripe-save-method">
            <input
              type="checkbox"
              checked
              disabled
              aria-describedby="stripe-save-forced"
              onChange={() => undefined}
            />
            <span>{t('stripe.save_method')}</span>
          </label>
          <p id="stripe-save-forced" className="stripe-save-forced">
            {t('subscription.save_forced')}
          </p>
        </>
      ) : useNew && mayOffer ? (
        <label className="choice stripe-save-method">
          <input
            type="checkbox"
            name="wc-stripe-new-payment-method"
            value="true"
            checked={save}
            onChange={(e) => onSave(e.currentTarget.checked)}
          />
          <span>{t('stripe.save_method')}</span>
        </label>
      ) : null}
      {method.type === 'blik' && (
        <Field
          id="wc-stripe-blik-code"
          label={t('stripe.blik_label')}
          help={t('stripe.blik_hint')}
          required
          error={blikError}
        >
          {(control) => (
            <input
              {...control}
              name="wc-stripe-blik-code"
              className="input-text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={blik}
              onChange={(e) => {
                setBlik(e.currentTarget.value);
                setBlikError(undefined);
              }}
            />
          )}
        </Field>
      )}
      <StripeRedirectHandler data={data} formRef={formRef} onErrors={onErrors} stripe={stripe} />
    </div>
  );
}

/** Whether the guest ticked "create an account" (or must create one): only then may a method be saved. */
function useCreatingAccount(formRef: RefObject<HTMLFormElement | null>): boolean {
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const read = () => {
      const box = form.querySelector<HTMLInputElement>('input[name="createaccount"]');
      const password = form.querySelector('input[name="account_password"]');
      setCreating(box ? box.checked : password !== null);
    };
    read();
    form.addEventListener('change', read);
    return () => form.removeEventListener('change', read);
  }, [formRef]);
  return creating;
}

/**
 * Follows the redirect hashes of spec section 2 once the page has Stripe: on arrival (order-pay
 * after its post) and when the checkout's answer sets one.
 */
function StripeRedirectHandler({
  data,
  formRef,
  onErrors,
  stripe,
}: Shared & { stripe: Stripe | null }) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!stripe) return;
    let active = true;
    const follow = async () => {
      const hash = takeRedirectHash();
      if (!hash || !active) return;
      setConfirming(true);
      const result = await followRedirectHash(hash, stripe, data, t);
      if (result.ok) {
        window.location.assign(result.goTo);
        return;
      }
      setConfirming(false);
      formRef.current?.dispatchEvent(new CustomEvent('stripe_payment_failed'));
      onErrors([{ text: result.message }]);
    };
    void follow();
    const onHash = () => void follow();
    window.addEventListener('hashchange', onHash);
    return () => {
      active = false;
      window.removeEventListener('hashchange', onHash);
    };
  }, [stripe, data, formRef, onErrors, t]);
  return confirming ? (
    <p className="stripe-confirming" role="status">
      {t('stripe.confirming')}
    </p>
  ) : null;
}
