import type { Stripe } from '@stripe/stripe-js';
import {
  type RedirectHash,
  hashFitsPage,
  parseRedirectHash,
  sameOriginUrl,
} from '#app/domain/payments/stripe/redirect-hash.ts';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { stripeAjax } from './calls.ts';

/** Reads the address hash once and clears it, so a reload or back never confirms twice. */
export function takeRedirectHash(): RedirectHash | null {
  const hash = parseRedirectHash(window.location.hash);
  if (hash) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  return hash;
}

export type FlowResult = { ok: true; goTo: string } | { ok: false; message: string };

/**
 * Spec section 4, payment result lifecycle: the browser completes the intent's next action
 * (3-D Secure, the bank's page, BLIK approval), then the server reads the intent and settles
 * the order, and the shopper goes to the returned return_url.
 */
export async function followRedirectHash(
  hash: RedirectHash,
  stripe: Stripe,
  data: Pick<StripePageData, 'isOrderPay' | 'orderId'> &
    Partial<Pick<StripePageData, 'isChangingPayment'>>,
  t: Translate,
): Promise<FlowResult> {
  if (!hashFitsPage(hash, { orderPayId: data.isOrderPay ? data.orderId : null })) {
    return { ok: false, message: t('stripe.error.order_mismatch') };
  }
  if (hash.kind === 'confirm') {
    const result = await stripe.handleNextAction({ clientSecret: hash.clientSecret });
    const intent =
      'paymentIntent' in result
        ? result.paymentIntent
        : 'setupIntent' in result
          ? result.setupIntent
          : undefined;
    if (result.error || !intent) {
      if (result.error?.payment_intent?.id) {
        await stripeAjax(
          'update_failed_order',
          { intent_id: result.error.payment_intent.id, order_id: String(hash.orderId) },
          hash.nonce,
          t,
        );
      }
      // The provider's own wording is replaced by the shop's (spec section 8).
      return { ok: false, message: t('stripe.error.authentication_failed') };
    }
    const paymentMethod = intent.payment_method;
    // Spec section 4: on the change-payment page the subscription takes the method instead.
    const updated = await stripeAjax<{ return_url?: string }>(
      data.isChangingPayment ? 'confirm_change_payment' : 'update_order_status',
      {
        order_id: String(hash.orderId),
        intent_id: intent.id,
        payment_method_id:
          typeof paymentMethod === 'string' ? paymentMethod : (paymentMethod?.id ?? ''),
      },
      hash.nonce,
      t,
    );
    if (!updated.ok) return updated;
    const target = sameOriginUrl(updated.data.return_url ?? '', window.location.origin);
    return target ? { ok: true, goTo: target } : { ok: false, message: t('stripe.error.unknown') };
  }
  if (hash.kind === 'voucher') {
    const target = sameOriginUrl(hash.returnUrl, window.location.origin);
    if (!target) return { ok: false, message: t('stripe.error.voucher') };
    const confirm =
      hash.methodType === 'boleto'
        ? stripe.confirmBoletoPayment(hash.clientSecret)
        : hash.methodType === 'oxxo'
          ? stripe.confirmOxxoPayment(hash.clientSecret)
          : hash.methodType === 'multibanco'
            ? stripe.confirmMultibancoPayment(hash.clientSecret)
            : null;
    if (!confirm) return { ok: false, message: t('stripe.error.voucher') };
    const result = await confirm;
    if (result.error) return { ok: false, message: t('stripe.error.voucher') };
    return { ok: true, goTo: target };
  }
  // Wallet and the older short hash: the payment happened elsewhere; only the return remains.
  const target = sameOriginUrl(hash.returnUrl, window.location.origin);
  return target ? { ok: true, goTo: target } : { ok: false, message: t('stripe.error.voucher') };
}
