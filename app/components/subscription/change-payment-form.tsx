import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { adminAjax, stripeAjax } from '#app/client/stripe/calls.ts';
import { loadShopStripe } from '#app/client/stripe/load-stripe.ts';
import { sameOriginUrl } from '#app/domain/payments/stripe/redirect-hash.ts';
import type { SetupAnswer } from '#app/client/stripe/setup-flow.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Notice } from '#app/components/ui/notice.tsx';
import { SavedMethodChoice } from '#app/components/checkout/saved-method-choice.tsx';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import { type Translate, useI18n } from '#app/lib/i18n.ts';
import type { FlowResult } from '#app/client/stripe/redirect-flow.ts';

type Props = { data: StripePageData; types: string[]; subscriptionId: number };

/**
 * A subscription's change-payment form: one of the customer's saved methods, or a new one in
 * the Payment Element (setup mode). A new method is set up with the create-and-confirm setup
 * intent action (3-D Secure in between where the card asks for it); then confirm_change_payment
 * stores it on the subscription and the browser goes to the returned return_url.
 */
export function ChangePaymentForm(props: Props) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const stripe = useMemo(
    () => (hydrated ? loadShopStripe(props.data) : null),
    [hydrated, props.data],
  );
  if (props.types.length === 0) return <Notice kind="info">{t('methods.none_offered')}</Notice>;
  const options: StripeElementsOptions = {
    mode: 'setup',
    currency: props.data.currency,
    allowedPaymentMethodTypes: props.types,
    paymentMethodCreation: 'manual',
    locale: props.data.locale === 'de' ? 'de' : 'en',
    ...(props.data.appearance ? { appearance: props.data.appearance } : {}),
  };
  return (
    <>
      <noscript>
        <Notice kind="info">{t('methods.needs_script')}</Notice>
      </noscript>
      {hydrated && stripe ? (
        <Elements stripe={stripe} options={options}>
          <ChangeFields {...props} />
        </Elements>
      ) : (
        <p className="stripe-loading">{t('stripe.loading')}</p>
      )}
    </>
  );
}

/** confirm_change_payment: the subscription takes the method; the answer names where to go. */
async function changeMethod(
  subscriptionId: number,
  fields: { intent_id?: string; payment_method_id?: string },
  nonce: string,
  t: Translate,
): Promise<FlowResult> {
  const answer = await stripeAjax<{ return_url?: string }>(
    'confirm_change_payment',
    { order_id: String(subscriptionId), ...fields },
    nonce,
    t,
  );
  if (!answer.ok) return answer;
  const target = sameOriginUrl(answer.data.return_url ?? '', window.location.origin);
  return target ? { ok: true, goTo: target } : { ok: false, message: t('stripe.error.unknown') };
}

function ChangeFields({ data, subscriptionId }: Props) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const saved = data.savedMethods;
  const [choice, setChoice] = useState(saved[0]?.id ?? 'new');
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Rendered after hydration only: a return from 3-D Secure starts busy, finishing the change.
  const [busy, setBusy] = useState(() =>
    new URLSearchParams(window.location.search).has('setup_intent'),
  );
  const [loadFailed, setLoadFailed] = useState(false);
  const notices = useRef<HTMLDivElement>(null);
  const nonce = data.createAndConfirmSetupIntentNonce;

  const fail = (message: string) => {
    setError(message);
    setBusy(false);
    notices.current?.focus();
  };

  const confirmChange = async (fields: { intent_id?: string; payment_method_id?: string }) => {
    const result = await changeMethod(subscriptionId, fields, nonce, t);
    if (!result.ok) return fail(result.message);
    window.location.assign(result.goTo);
  };

  // The return from 3-D Secure: the setup intent in the address finishes the change.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const returned = params.get('setup_intent');
    if (!returned) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void changeMethod(subscriptionId, { intent_id: returned }, nonce, t).then((result) => {
      if (result.ok) window.location.assign(result.goTo);
      else {
        setError(result.message);
        setBusy(false);
        notices.current?.focus();
      }
    });
  }, [subscriptionId, nonce, t]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    if (choice !== 'new') {
      await confirmChange({ payment_method_id: choice });
      return;
    }
    if (!stripe || !elements || loadFailed) return fail(t('stripe.error.invalid_payment_details'));
    const submitted = await elements.submit();
    if (submitted.error) {
      return fail(submitted.error.message ?? t('stripe.error.invalid_payment_details'));
    }
    const created = await stripe.createPaymentMethod({ elements });
    if (created.error || !created.paymentMethod) {
      return fail(created.error?.message ?? t('stripe.error.invalid_payment_details'));
    }
    const answer = await adminAjax<SetupAnswer>(
      'create_and_confirm_setup_intent',
      {
        'wc-stripe-payment-method': created.paymentMethod.id,
        'wc-stripe-payment-type': created.paymentMethod.type,
        change_payment_for: String(subscriptionId),
        ...(all ? { update_all_subscription_payment_methods: '1' } : {}),
      },
      nonce,
      t,
    );
    if (!answer.ok) return fail(answer.message);
    const setup = answer.data;
    if (setup.status === 'succeeded') {
      await confirmChange({ intent_id: setup.id, payment_method_id: created.paymentMethod.id });
      return;
    }
    // Spec section 4, setup intent lifecycle: a redirect next action leaves the page (the
    // return comes back here); anything else is confirmed in place where it can be.
    const redirectUrl = setup.next_action?.redirect_to_url?.url;
    if (setup.status === 'requires_action' && redirectUrl) {
      window.location.assign(redirectUrl);
      return;
    }
    const confirmed = await stripe.confirmSetup({
      clientSecret: setup.client_secret,
      confirmParams: { return_url: setup.return_url },
      redirect: 'if_required',
    });
    if (confirmed.error || !confirmed.setupIntent) {
      return fail(confirmed.error?.message ?? t('stripe.error.unknown'));
    }
    await confirmChange({ intent_id: confirmed.setupIntent.id });
  };

  return (
    <form className="change-payment-method" onSubmit={(e) => void submit(e)} noValidate>
      <div ref={notices} tabIndex={-1} className="add-method-notices">
        {error ? <Notice kind="error">{error}</Notice> : null}
      </div>
      <SavedMethodChoice saved={saved} chosen={choice} onChoose={setChoice} />
      {choice !== 'new' ? null : loadFailed ? (
        <Notice kind="error">
          {t('stripe.error.element_load', { method: t('methods.title') })}
        </Notice>
      ) : (
        <>
          <PaymentElement
            options={{ layout: { type: 'accordion', radios: 'never' } }}
            onLoadError={() => setLoadFailed(true)}
          />
          <label className="choice change-payment-all">
            <input
              type="checkbox"
              name="update_all_subscription_payment_methods"
              value="1"
              checked={all}
              onChange={(e) => setAll(e.currentTarget.checked)}
            />
            <span>{t('subscription.change_method_all')}</span>
          </label>
        </>
      )}
      <p>
        <button type="submit" className={`button${busy ? ' is-loading' : ''}`} disabled={busy}>
          {t('subscription.change_method_submit')}
        </button>
      </p>
    </form>
  );
}
