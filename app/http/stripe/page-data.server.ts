import { minorUnit } from '#app/domain/pricing/money.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { storedAppearance } from '#app/domain/payments/stripe/appearance.server.ts';
import { STRIPE_GATEWAY_ID } from '#app/domain/payments/stripe/methods.ts';
import type { StripePageData } from '#app/domain/payments/stripe/page-data.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import {
  listSavedMethods,
  stripeCheckoutSettings,
} from '#app/domain/payments/stripe/saved-methods.server.ts';
import { savedMethodView } from './saved-view.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { ADDRESS_FIELDS } from '#app/domain/customers/address-locale.ts';

/**
 * The Stripe page data (spec section 3) for a page that takes a payment, or null when none of
 * the offered methods is Stripe's: then the page loads nothing of Stripe.
 */
export async function stripePageData(
  ctx: { db: Tx; env: Env; locale: Locale; t: Translate },
  page: {
    methods: readonly { client?: { provider: string } | null }[];
    total: number;
    currency: string;
    nonce: string;
    isLoggedIn: boolean;
    /** The logged-in customer, whose saved methods the page offers. */
    customerId?: number | null;
    signupAllowed: boolean;
    order: { id: number; receivedUrl: string } | null;
    /** The cart starts a subscription: renewed with a kept method (auto) or by hand. */
    subscription?: 'auto' | 'manual' | null;
    /** The change-payment page of this subscription (its id goes as orderId). */
    changingPayment?: number | null;
  },
): Promise<StripePageData | null> {
  if (!page.methods.some((m) => m.client?.provider === 'stripe')) return null;
  const setup = stripeSetup(ctx.env);
  const appearance = await storedAppearance(ctx.db);
  const unit = minorUnit(page.currency);
  const checkout = await stripeCheckoutSettings(ctx.db);
  let savedMethods: StripePageData['savedMethods'] = [];
  if (page.customerId) {
    try {
      const saved = await listSavedMethods(ctx.db, setup.stripe, page.customerId);
      savedMethods = saved.map((m) => savedMethodView(m, ctx.t, ctx.locale));
    } catch (error) {
      // Without the list the shopper still pays with a new method.
      console.error('stripe: saved methods lookup failed', (error as Error).message);
    }
  }
  return {
    savedMethods,
    key: setup.publishableKey,
    locale: ctx.locale,
    apiVersion: null,
    cartTotal: page.total,
    currencyMinorUnit: unit,
    currency: page.currency.toLowerCase(),
    providerAmount: toProviderAmount(page.total, unit, providerDecimals(page.currency)),
    isCheckout: page.order === null && !page.changingPayment,
    isOrderPay: page.order !== null,
    isChangingPayment: Boolean(page.changingPayment),
    orderId: page.order?.id ?? page.changingPayment ?? null,
    orderReceivedURL: page.order?.receivedUrl ?? null,
    isLoggedIn: page.isLoggedIn,
    isSignupOnCheckoutAllowed: page.signupAllowed,
    cartContainsSubscription: Boolean(page.subscription),
    subscriptionRequiresManualRenewal: page.subscription === 'manual',
    enabledBillingFields: ADDRESS_FIELDS.map((f) => `billing_${f}`).concat('billing_email'),
    isOCEnabled: checkout.oneClick,
    OCLayout: checkout.layout,
    paymentMethodConfigurationParentId: null,
    appearance: appearance.appearance,
    blocksAppearance: appearance.blocksAppearance,
    appearanceKey: appearance.key,
    blocksAppearanceKey: appearance.blocksKey,
    theme_name: appearance.themeName,
    gatewayId: STRIPE_GATEWAY_ID,
    genericErrorMessage: ctx.t('stripe.error.payment_failed'),
    invalid_wallet_type: ctx.t('stripe.error.unknown'),
    createSetupIntentNonce: page.nonce,
    createPaymentIntentNonce: page.nonce,
    updatePaymentIntentNonce: page.nonce,
    updateFailedOrderNonce: page.nonce,
    saveAppearanceNonce: page.nonce,
    createAndConfirmSetupIntentNonce: page.nonce,
    sandboxScriptUrl: setup.sandboxScriptUrl,
    testMode: setup.mode !== 'live',
  };
}
