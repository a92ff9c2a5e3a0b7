/**
 * The express checkout data a page sends to the browser (payments spec section 3): the one
 * definition, which app/http/stripe/express-page-data.server.ts builds and browser code reads.
 */
/** The shop's own namespace in a wallet order's `extensions`: what the shopper was shown. */
export const EXPRESS_EXTENSION = 'ladenzeile/express';

export type ExpressDisplayItem = { label: string; amount: number };

export type ExpressPageKind = 'product' | 'cart' | 'checkout' | 'pay_for_order';

export type ExpressNonceName =
  | 'shipping'
  | 'update_shipping'
  | 'normalize_address'
  | 'get_cart_details'
  | 'add_to_cart'
  | 'clear_cart'
  | 'wc_store_api'
  | 'wc_store_api_express_checkout'
  | 'get_selected_product_data';

export type ExpressCheckoutParams = {
  /** '/wc-ajax/%%endpoint%%'; the endpoint is 'wc_stripe_' + the call's name. */
  ajax_url: string;
  nonce: Record<ExpressNonceName, string>;
  is_product_page: boolean;
  is_pay_for_order: boolean;
  pay_for_order: { order_id: number; key: string; billing_email: string } | null;
  checkout: {
    /** Lower-case ISO, as Stripe wants it. */
    currency_code: string;
    /** The shop's base country. */
    country_code: string;
    /** The cart's. */
    currency_minor_unit: number;
    needs_shipping: boolean;
    needs_payer_phone: boolean;
    allowed_shipping_countries: string[];
    total_label: string;
    has_free_trial: boolean;
    /** A subscription renews with the wallet's method: it is set up for off-session use. */
    has_subscription: boolean;
    /** Shows the info note of spec section 8. */
    taxes_based_on_billing: boolean;
  };
  /** Minor units of the cart (or order, or product), server computed; 0 hides the element. */
  cart_total: number;
  /** In the provider's decimals. */
  display_items: ExpressDisplayItem[];
  request_shipping: boolean;
  /** Product page only. */
  product: { id: number; needs_variation: boolean } | null;
  /** Raw settings; the browser clamps and maps them (spec section 5). */
  button: { height: number; radius: number; type: string; theme: string };
  wallets: {
    applePay: 'always';
    googlePay: 'always';
    link: 'auto';
    amazonPay: 'auto';
    paypal: 'never';
  };
  /** The site needs an account to check out and the shopper is logged out. */
  login_required: boolean;
  /**
   * The legal text versions the terms consent refers to, as the classic checkout records them
   * (sent back with the order, which is refused when they changed meanwhile), and whether the
   * cart or product holds digital content or services (a second consent is needed).
   */
  consent: { text_version: string; digital: boolean };
  /** Stripe.js for the page: the publishable key and, with the sandbox, its script. */
  stripe: { key: string; sandboxScriptUrl: string | null };
};
