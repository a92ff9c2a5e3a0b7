/**
 * Pure rules of the express checkout in the browser (payments spec sections 3 to 5): button
 * appearance, what the wallet sheet is asked for, and the order payload built from the
 * sheet's answer. No DOM, no calls: table-tested beside this file.
 */
import {
  BUTTON_HEIGHT,
  buttonHeight,
  splitName,
  stripPhone,
} from '#app/domain/payments/stripe/express.rules.ts';

export { BUTTON_HEIGHT, buttonHeight };
import {
  EXPRESS_EXTENSION,
  type ExpressCheckoutParams,
  type ExpressDisplayItem,
} from '#app/domain/payments/stripe/express.view.ts';

export const BUTTON_RADIUS_FALLBACK = 4;
/** Spec section 9. */
export const ADD_TO_CART_WAIT_MS = 700;
export const RETRY_WAIT_MS = 1000;
export const QUANTITY_DEBOUNCE_MS = 250;
export const SCROLL_MS = 600;

/** The wallets as the spec names them, and how Stripe's events name their payment type. */
export const WALLET_NAMES: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  amazon_pay: 'Amazon Pay',
  paypal: 'PayPal',
  link: 'Link',
};

export function walletName(expressPaymentType: string): string {
  return WALLET_NAMES[expressPaymentType] ?? expressPaymentType;
}

export function buttonRadius(radius: unknown): number {
  const n = typeof radius === 'number' ? radius : Number.parseInt(String(radius), 10);
  return Number.isFinite(n) && n >= 0 ? n : BUTTON_RADIUS_FALLBACK;
}

/** Type 'default' shows the plain button; any other setting buys. */
export function buttonType(type: string): 'plain' | 'buy' {
  return type === 'default' ? 'plain' : 'buy';
}

type AppleTheme = 'black' | 'white' | 'white-outline';
type GoogleTheme = 'black' | 'white';

export function buttonTheme(theme: string): { applePay: AppleTheme; googlePay: GoogleTheme } {
  if (theme === 'light') return { applePay: 'white', googlePay: 'white' };
  // Google Pay has no outlined button: the white one stands in.
  if (theme === 'light-outline') return { applePay: 'white-outline', googlePay: 'white' };
  return { applePay: 'black', googlePay: 'black' };
}

/** The Express Checkout Element's options (spec sections 4 and 5). */
export function elementOptions(params: ExpressCheckoutParams) {
  const type = buttonType(params.button.type);
  return {
    buttonHeight: buttonHeight(params.button.height),
    buttonTheme: buttonTheme(params.button.theme),
    buttonType: { applePay: type, googlePay: type },
    paymentMethods: { ...params.wallets },
    layout: { overflow: 'never' as const },
  };
}

/** Payment types of the Elements group: card, plus Link when offered, or Amazon Pay. */
export function paymentMethodTypes(params: ExpressCheckoutParams): string[] {
  const wallets: Record<string, string> = params.wallets;
  const types = ['card'];
  if (wallets.link !== 'never') types.push('link');
  if (wallets.amazonPay !== 'never') types.push('amazon_pay');
  return types;
}

/** How many wallet buttons the element shows: Apple Pay and Google Pay, Link and Amazon Pay when offered. */
export function walletCount(params: ExpressCheckoutParams): number {
  return paymentMethodTypes(params).length + 1;
}

/** Rows the buttons take when a row holds `perRow` of them. */
export function reservedRows(count: number, perRow: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, perRow)));
}

/** The sheet's line items; dropped when the total is less than their sum (spec section 5). */
export function lineItems(
  items: readonly ExpressDisplayItem[],
  total: number,
): { name: string; amount: number }[] {
  const sum = items.reduce((s, i) => s + i.amount, 0);
  if (total < sum) return [];
  return items.map((i) => ({ name: i.label, amount: i.amount }));
}

/** Whether the element shows: a total above 0 (or a free trial), and a variation on variable products. */
export function expressVisible(input: {
  total: number;
  hasFreeTrial: boolean;
  needsVariation: boolean;
  variationId: number | string | null | undefined;
}): boolean {
  if (input.needsVariation && !validVariation(input.variationId)) return false;
  return input.total > 0 || input.hasFreeTrial;
}

/**
 * What the element's Elements group is for: a free trial's total of 0 sets the method up for
 * the renewals (setup mode, nothing charged); any other total is paid, with at least 1 minor
 * unit as Stripe takes no payment of 0, and kept for off-session renewals when the page holds
 * a subscription.
 */
export function elementsIntent(
  total: number,
  checkout: { has_free_trial: boolean; has_subscription?: boolean },
):
  | { mode: 'setup'; amount?: undefined }
  | { mode: 'payment'; amount: number; setupFutureUsage?: 'off_session' } {
  if (total <= 0 && checkout.has_free_trial) return { mode: 'setup' };
  return {
    mode: 'payment',
    amount: Math.max(total, 1),
    ...(checkout.has_subscription ? { setupFutureUsage: 'off_session' as const } : {}),
  };
}

/** The total the sheet shows for the element's intent (0 while a free trial sets up). */
export const sheetTotal = (total: number, checkout: { has_free_trial: boolean }): number =>
  elementsIntent(total, checkout).amount ?? 0;

/** An empty or 0 variation id counts as none selected. */
export function validVariation(id: number | string | null | undefined): boolean {
  if (id === null || id === undefined || id === '') return false;
  return Number(id) > 0;
}

// ------------------------------------------------------------------ order payload

export type SheetAddress = {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
};

export type SheetBilling = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: SheetAddress | null;
};

export type SheetShipping = { name?: string | null; address?: SheetAddress | null };

function addressFields(address: SheetAddress | null | undefined) {
  return {
    country: address?.country ?? '',
    address_1: address?.line1 ?? '',
    address_2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postcode: address?.postal_code ?? '',
  };
}

export function billingAddress(billing: SheetBilling, fallbackEmail = '') {
  return {
    ...splitName(billing.name ?? ''),
    company: '',
    email: billing.email ?? fallbackEmail,
    phone: stripPhone(billing.phone ?? ''),
    ...addressFields(billing.address),
  };
}

export function shippingAddress(
  shipping: SheetShipping | null | undefined,
  billing: SheetBilling,
  rateId: string | null | undefined,
) {
  const from = shipping?.address ? shipping : billing;
  return {
    ...splitName(from.name ?? billing.name ?? ''),
    company: '',
    phone: stripPhone(billing.phone ?? ''),
    ...addressFields(from.address),
    method: rateId ? [rateId] : [],
  };
}

export const STRIPE_PAYMENT_METHOD_ID = 'stripe';

export type OrderPayload = {
  billing_address: ReturnType<typeof billingAddress>;
  shipping_address: ReturnType<typeof shippingAddress>;
  payment_method: string;
  payment_data: { key: string; value: string | boolean }[];
  extensions: Record<string, unknown>;
  additional_fields: { terms: true; 'terms-digital'?: true };
  customer_note: string;
};

export function orderPayload(input: {
  billing: SheetBilling;
  shipping: SheetShipping | null | undefined;
  rateId: string | null | undefined;
  expressPaymentType: string;
  confirmationToken: string;
  paymentMethodId: string;
  attribution: Record<string, string>;
  fallbackEmail?: string;
  /** The total the sheet showed, in the provider's decimals: the server refuses another. */
  shownTotal: number;
  /** The legal text versions the consent was given for. */
  textVersion: string;
  /** The consent to start digital content or services before the withdrawal period ends. */
  digitalConsent?: boolean;
}): OrderPayload {
  return {
    billing_address: billingAddress(input.billing, input.fallbackEmail),
    shipping_address: shippingAddress(input.shipping, input.billing, input.rateId),
    payment_method: STRIPE_PAYMENT_METHOD_ID,
    payment_data: [
      { key: 'payment_method', value: STRIPE_PAYMENT_METHOD_ID },
      { key: 'wc-stripe-payment-method', value: input.paymentMethodId },
      { key: 'wc-stripe-confirmation-token', value: input.confirmationToken },
      { key: 'express_payment_type', value: input.expressPaymentType },
      { key: 'wc-stripe-is-deferred-intent', value: true },
    ],
    extensions: {
      'woocommerce/order-attribution': input.attribution,
      custom_checkout_data: {},
      [EXPRESS_EXTENSION]: { shown_total: input.shownTotal, text_version: input.textVersion },
    },
    additional_fields: input.digitalConsent
      ? { terms: true, 'terms-digital': true }
      : { terms: true },
    customer_note: '',
  };
}

/** Spec section 8: the text of a refused order, without markup. */
export function orderErrorText(body: unknown, fallback: string): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : {}) as Record<
    string,
    unknown
  >;
  let text = '';
  if (b.code === 'rest_invalid_param' && data.params && typeof data.params === 'object') {
    text = Object.values(data.params as Record<string, unknown>)
      .map(String)
      .join('\n');
  } else if (typeof b.message === 'string' && b.message) {
    text = b.message;
  } else {
    const result = (b.payment_result ?? {}) as { payment_details?: unknown };
    text = detail(result.payment_details, 'errorMessage') ?? '';
  }
  return stripTags(text) || fallback;
}

export function detail(details: unknown, key: string): string | undefined {
  if (!Array.isArray(details)) return undefined;
  const found = details.find(
    (d): d is { key: string; value: unknown } =>
      typeof d === 'object' && d !== null && (d as { key?: unknown }).key === key,
  );
  return found && typeof found.value === 'string' ? found.value : undefined;
}

export function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .trim();
}
