import type { ErrorCodes } from '../response.ts';

/** WooCommerce's Store API codes for the shop's failures; statuses come from the error kind. */
export const STORE_API_CODES: ErrorCodes = {
  codes: {
    'cart.error.invalid_product': 'woocommerce_rest_product_invalid_id',
    'cart.error.choose_options': 'woocommerce_rest_variation_id_from_variation_data',
    'cart.error.no_matching_variation': 'woocommerce_rest_variation_id_from_variation_data',
    'cart.error.not_purchasable': 'woocommerce_rest_product_not_purchasable',
    'cart.error.out_of_stock': 'woocommerce_rest_product_out_of_stock',
    'cart.error.not_enough_stock': 'woocommerce_rest_product_partially_out_of_stock',
    'cart.error.sold_individually': 'woocommerce_rest_product_sold_individually',
    'cart.error.below_minimum': 'woocommerce_rest_invalid_quantity',
    'cart.error.above_maximum': 'woocommerce_rest_invalid_quantity',
    'cart.error.step': 'woocommerce_rest_invalid_quantity',
    'cart.error.invalid_key': 'woocommerce_rest_cart_invalid_key',
    'error.missing_nonce': 'woocommerce_rest_missing_nonce',
    'error.invalid_nonce': 'woocommerce_rest_invalid_nonce',
    'error.invalid_cart_token': 'woocommerce_rest_invalid_cart_token',
    'error.invalid_param': 'rest_invalid_param',
    'error.invalid_characters': 'rest_invalid_param',
    'error.invalid_quantity': 'rest_invalid_param',
    'error.invalid_json': 'rest_invalid_json',
    'error.request_too_large': 'rest_request_too_large',
    'error.method_not_allowed': 'rest_no_route',
    'error.not_found_title': 'rest_no_route',
  },
  fallback: (error) => `woocommerce_rest_${error.kind}`,
  sendsNonce: true,
  cartToken: true,
};
