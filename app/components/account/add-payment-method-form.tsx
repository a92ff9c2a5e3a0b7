import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import {
  buildAppearance,
  pageAppearanceKey,
  pageFontLinks,
  readThemeStyles,
  themeFonts,
} from '#app/client/stripe/appearance.ts';
import { adminAjax } from '#app/client/stripe/calls.ts';
import { loadShopStripe } from '#app/client/stripe/load-stripe.ts';
import { type SetupAnswer, followSetupIntent } from '#app/client/stripe/setup-flow.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Notice } from '#app/components/ui/notice.tsx';
import { useI18n } from '#app/lib/i18n.ts';

export type AddMethodData = {
  key: string;
  sandboxScriptUrl: string | null;
  locale: string;
  currency: string;
  types: string[];
  appearance: Record<string, unknown> | null;
  /** What the saved appearance was computed under (theme, one-click flag, stylesheets). */
  appearanceKey: string;
};

/**
 * The add-payment-method form: the Payment Element in setup mode; submitting creates the
 * payment method, sets it up for the customer on the server and follows the setup intent.
 */
export function AddPaymentMethodForm({
  data,
  security,
}: {
  data: AddMethodData;
  security: string;
}) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const stripe = useMemo(() => (hydrated ? loadShopStripe(data) : null), [hydrated, data]);
  // The checkout's saved appearance where it was computed for this build and layout (the form
  // here has no one-click layout); otherwise this page's own, read from its theme, not saved.
  const appearance = useMemo(() => {
    if (!hydrated) return null;
    if (data.appearance && data.appearanceKey === pageAppearanceKey(false)) return data.appearance;
    return buildAppearance(
      readThemeStyles(document.querySelector<HTMLElement>('.account-content') ?? document.body),
      { oneClick: false },
    );
  }, [hydrated, data]);
  const fonts = useMemo(() => (hydrated ? themeFonts(pageFontLinks()) : []), [hydrated]);
  if (data.types.length === 0) return <Notice kind="info">{t('methods.none_offered')}</Notice>;
  const options: StripeElementsOptions = {
    mode: 'setup',
    currency: data.currency,
    allowedPaymentMethodTypes: data.types,
    paymentMethodCreation: 'manual',
    locale: data.locale === 'de' ? 'de' : 'en',
    ...(appearance ? { appearance } : {}),
    ...(fonts.length ? { fonts } : {}),
  };
  return (
    <>
      <noscript>
        <Notice kind="info">{t('methods.needs_script')}</Notice>
      </noscript>
      {hydrated && stripe ? (
        <Elements stripe={stripe} options={options}>
          <SetupFields security={security} />
        </Elements>
      ) : (
        <p className="stripe-loading">{t('stripe.loading')}</p>
      )}
    </>
  );
}

function SetupFields({ security }: { security: string }) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const notices = useRef<HTMLDivElement>(null);

  const fail = (message: string) => {
    setError(message);
    setBusy(false);
    notices.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements || loadFailed) {
      fail(t('stripe.error.invalid_payment_details'));
      return;
    }
    setBusy(true);
    setError(null);
    const submitted = await elements.submit();
    if (submitted.error) {
      fail(submitted.error.message ?? t('stripe.error.invalid_payment_details'));
      return;
    }
    const created = await stripe.createPaymentMethod({ elements });
    if (created.error || !created.paymentMethod) {
      fail(created.error?.message ?? t('stripe.error.invalid_payment_details'));
      return;
    }
    const answer = await adminAjax<SetupAnswer>(
      'create_and_confirm_setup_intent',
      {
        'wc-stripe-payment-method': created.paymentMethod.id,
        'wc-stripe-payment-type': created.paymentMethod.type,
      },
      security,
      t,
    );
    if (!answer.ok) {
      fail(answer.message);
      return;
    }
    const result = await followSetupIntent(stripe, answer.data, t);
    if (!result.ok) {
      fail(result.message);
      return;
    }
    window.location.assign(result.goTo);
  };

  return (
    <form className="add-payment-method" onSubmit={(e) => void submit(e)} noValidate>
      <div ref={notices} tabIndex={-1} className="add-method-notices">
        {error ? <Notice kind="error">{error}</Notice> : null}
      </div>
      {loadFailed ? (
        <Notice kind="error">
          {t('stripe.error.element_load', { method: t('methods.title') })}
        </Notice>
      ) : (
        <PaymentElement
          options={{ layout: { type: 'accordion', radios: 'never' } }}
          onLoadError={() => setLoadFailed(true)}
        />
      )}
      <p>
        <button type="submit" className={`button${busy ? ' is-loading' : ''}`} disabled={busy}>
          {busy ? t('methods.adding') : t('methods.add_submit')}
        </button>
      </p>
    </form>
  );
}
