/**
 * The page data of spec section 3 that a page taking payments sends to its Stripe script;
 * safe to import in the browser (keys here are publishable, nonces are the session's).
 */
export type StripePageData = {
  key: string;
  locale: string;
  apiVersion: string | null;
  /** Cart (or order) total in the currency's minor unit, and that unit. */
  cartTotal: number;
  currencyMinorUnit: number;
  /** Lower-case ISO code, as the provider wants it. */
  currency: string;
  /** The total in the provider's decimals (spec section 5). */
  providerAmount: number;
  isCheckout: boolean;
  isOrderPay: boolean;
  isChangingPayment: boolean;
  orderId: number | null;
  orderReceivedURL: string | null;
  isLoggedIn: boolean;
  isSignupOnCheckoutAllowed: boolean;
  cartContainsSubscription: boolean;
  subscriptionRequiresManualRenewal: boolean;
  enabledBillingFields: string[];
  isOCEnabled: boolean;
  OCLayout: 'accordion' | 'tabs';
  paymentMethodConfigurationParentId: string | null;
  appearance: Record<string, unknown> | null;
  blocksAppearance: Record<string, unknown> | null;
  /** What each saved appearance was computed under (theme, one-click flag, stylesheets). */
  appearanceKey: string;
  blocksAppearanceKey: string;
  theme_name: string;
  gatewayId: string;
  genericErrorMessage: string;
  invalid_wallet_type: string;
  /** One session nonce serves every action (the shop's CSRF token, decision 0003). */
  createSetupIntentNonce: string;
  createPaymentIntentNonce: string;
  updatePaymentIntentNonce: string;
  updateFailedOrderNonce: string;
  saveAppearanceNonce: string;
  createAndConfirmSetupIntentNonce: string;
  /** The logged-in customer's saved methods (reusable types), offered as choices. */
  savedMethods: {
    id: string;
    type: string;
    label: string;
    expires: string | null;
    isDefault: boolean;
  }[];
  /** Installs the sandbox's window.Stripe before loadStripe; null with real keys. */
  sandboxScriptUrl: string | null;
  testMode: boolean;
};
