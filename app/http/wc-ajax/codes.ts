import type { ErrorCodes } from '../response.ts';

/** Codes of the shop's own wc-ajax actions that answer JSON errors. */
export const WC_AJAX_CODES: ErrorCodes = {
  codes: {
    'error.product_not_found': 'woocommerce_rest_product_invalid_id',
    'error.invalid_param': 'rest_invalid_param',
    'error.invalid_quantity': 'rest_invalid_param',
    'cart.error.invalid_key': 'woocommerce_rest_cart_invalid_key',
    'cart.error.invalid_product': 'woocommerce_rest_cart_invalid_product',
    'error.invalid_json': 'rest_invalid_json',
    'error.request_too_large': 'rest_request_too_large',
    'error.method_not_allowed': 'rest_no_route',
  },
  fallback: (error) => `rest_${error.kind}`,
};
