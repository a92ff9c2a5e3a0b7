/**
 * The express checkout data a page sends to the browser (payments spec section 3), as the
 * server builds it in app/http/stripe/express-page-data.server.ts. Browser code reads the type
 * from here; the route passes the loader's value, so a drift fails the type check.
 */
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
  ajax_url: string;
  nonce: Record<ExpressNonceName, string>;
  is_product_page: boolean;
  is_pay_for_order: boolean;
  pay_for_order: { order_id: number; key: string; billing_email: string } | null;
  checkout: {
    currency_code: string;
    country_code: string;
    currency_minor_unit: number;
    needs_shipping: boolean;
    needs_payer_phone: boolean;
    allowed_shipping_countries: string[];
    total_label: string;
    has_free_trial: boolean;
    taxes_based_on_billing: boolean;
  };
  cart_total: number;
  display_items: ExpressDisplayItem[];
  request_shipping: boolean;
  product: { id: number; needs_variation: boolean } | null;
  button: { height: number; radius: number; type: string; theme: string };
  wallets: {
    applePay: 'always';
    googlePay: 'always';
    link: 'auto';
    amazonPay: 'auto';
    paypal: 'never';
  };
  login_required: boolean;
  consent: { text_version: string };
  /** Stripe.js for this page: the publishable key and, with the sandbox, its script. */
  stripe: { key: string; sandboxScriptUrl: string | null };
};
