import type { Stripe } from '@stripe/stripe-js';
import type { Translate } from '#app/lib/i18n.ts';
import type { FlowResult } from './redirect-flow.ts';

/** The create-and-confirm setup intent answer (spec section 7). */
export type SetupAnswer = {
  status: string;
  next_action: { type: string; redirect_to_url?: { url: string } } | null;
  payment_type: string;
  return_url: string;
  client_secret: string;
  id: string;
};

/** The return address with the intent, as Stripe's own redirect would carry it. */
function returnWith(returnUrl: string, id: string): string {
  const url = new URL(returnUrl, window.location.href);
  url.searchParams.set('setup_intent', id);
  return url.href;
}

/**
 * Spec section 4, setup intent lifecycle: succeeded returns the data; a redirect next action
 * sends the browser there; Cash App confirms its setup; anything else is confirmed with
 * Stripe.js, which redirects only when it must.
 */
export async function followSetupIntent(
  stripe: Stripe,
  answer: SetupAnswer,
  t: Translate,
): Promise<FlowResult> {
  if (answer.status === 'succeeded')
    return { ok: true, goTo: returnWith(answer.return_url, answer.id) };
  const redirect = answer.next_action?.redirect_to_url?.url;
  if (
    answer.status === 'requires_action' &&
    answer.next_action?.type === 'redirect_to_url' &&
    redirect
  ) {
    return { ok: true, goTo: redirect };
  }
  const result =
    answer.payment_type === 'cashapp'
      ? await stripe.confirmCashappSetup(answer.client_secret, { return_url: answer.return_url })
      : await stripe.confirmSetup({
          clientSecret: answer.client_secret,
          confirmParams: { return_url: answer.return_url },
          redirect: 'if_required',
        });
  if (result.error || !result.setupIntent) {
    return { ok: false, message: result.error?.message ?? t('stripe.error.unknown') };
  }
  return { ok: true, goTo: returnWith(answer.return_url, result.setupIntent.id) };
}
