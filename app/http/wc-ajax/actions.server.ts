import { confirmChangePayment } from '../subscriptions/change-payment.server.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { type EndpointArgs, defineEndpoint } from '../endpoint.server.ts';
import { FORMS_API_CODES } from '../forms-api/codes.ts';
import { captchaAudioCall, captchaRegenerate } from './captcha.server.ts';
import {
  addToCart,
  getRefreshedFragments,
  removeFromCart,
  updateCartItemQuantity,
} from './cart.server.ts';
import { applyCouponAction, removeCouponAction } from './coupons.server.ts';
import { checkoutAction, updateOrderReview } from './checkout.server.ts';
import { instagramFeedAction } from './instagram.server.ts';
import { getVariation } from './get-variation.server.ts';
import { pickupPoints } from './pickup-points.server.ts';
import { productSearch } from './product-search.server.ts';
import { quickView } from './quick-view.server.ts';
import { refreshUnitPrice } from './unit-price.server.ts';
import {
  createPaymentIntent,
  saveAppearanceAction,
  updateFailedOrder,
  updateOrderStatus,
  updatePaymentIntent,
} from '../stripe/legacy.server.ts';
import { initSetupIntent } from '../stripe/setup.server.ts';
import {
  getCartDetails,
  getShippingOptions,
  normalizeAddressAction,
  updateShippingMethod,
} from '../stripe/express.server.ts';
import {
  expressAddToCart,
  expressClearCart,
  getSelectedProductData,
} from '../stripe/express-product.server.ts';

type Endpoint = { loader: (args: EndpointArgs) => Promise<Response> };

/** Every `/wc-ajax/{action}` the shop answers: one line each. */
const ACTIONS: Readonly<Record<string, Endpoint>> = {
  add_to_cart: addToCart,
  remove_from_cart: removeFromCart,
  get_refreshed_fragments: getRefreshedFragments,
  update_cart_item_quantity: updateCartItemQuantity,
  apply_coupon: applyCouponAction,
  remove_coupon: removeCouponAction,
  captcha_regenerate: captchaRegenerate,
  captcha_audio: captchaAudioCall,
  get_variation: getVariation,
  gzd_refresh_unit_price: refreshUnitPrice,
  product_search: productSearch,
  quick_view: quickView,
  update_order_review: updateOrderReview,
  checkout: checkoutAction,
  wc_stripe_create_payment_intent: createPaymentIntent,
  wc_stripe_update_payment_intent: updatePaymentIntent,
  wc_stripe_update_order_status: updateOrderStatus,
  wc_stripe_confirm_change_payment: confirmChangePayment,
  wc_stripe_update_failed_order: updateFailedOrder,
  wc_stripe_save_appearance: saveAppearanceAction,
  wc_stripe_init_setup_intent: initSetupIntent,
  wc_stripe_get_shipping_options: getShippingOptions,
  wc_stripe_update_shipping_method: updateShippingMethod,
  wc_stripe_normalize_address: normalizeAddressAction,
  wc_stripe_get_cart_details: getCartDetails,
  wc_stripe_add_to_cart: expressAddToCart,
  wc_stripe_clear_cart: expressClearCart,
  wc_stripe_get_selected_product_data: getSelectedProductData,
  pickup_points: pickupPoints,
  instagram_feed: instagramFeedAction,
};

const unknownAction = defineEndpoint({
  methods: ['GET', 'POST'],
  codes: FORMS_API_CODES,
  handle: async () => ({ ok: false, error: domainError('not_found', 'error.not_found_title') }),
});

/** `/wc-ajax/:action`: hands the request to the action's endpoint. */
export function dispatchWcAjax(args: EndpointArgs): Promise<Response> {
  const action = args.params.action ?? '';
  const endpoint = Object.hasOwn(ACTIONS, action) ? ACTIONS[action]! : unknownAction;
  return endpoint.loader(args);
}
