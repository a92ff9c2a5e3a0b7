/** What the checkout page and its order review show; safe to import in the browser. */
import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { ClientPaymentConfig } from '#app/domain/payments/payments.ts';
import type { CustomerAddress } from '#app/domain/shipping/shipping.view.ts';
import type { PickupPoint } from '#app/domain/shipping/pickup-points.ts';

export type PaymentMethodView = {
  id: string;
  title: string;
  description: string;
  /** The place-order button's text for this method; null: the default. */
  orderButtonText: string | null;
  /** For the card provider's methods: what its element needs in the browser. */
  client?: ClientPaymentConfig | null;
  /** The gross fee choosing this method adds (cash on delivery); absent: none. */
  fee?: number;
};

/** Legal facts each line shows right above the order button (§ 312j BGB). */
export type ReviewLineFacts = {
  key: string;
  /** The essential characteristics: the product's short description as plain text. */
  characteristics: string;
  deliveryTime: string;
};

export type CheckoutReview = {
  cart: CartView;
  facts: ReviewLineFacts[];
  paymentMethods: PaymentMethodView[];
  /** The chosen method, or the first available one. */
  chosenPaymentMethod: string | null;
  /** The cart holds digital goods or services: a separate consent is required. */
  needsDigitalConsent: boolean;
  /** The points of the pickup-point rate near the destination (the form without script). */
  pickupPoints?: { rateId: string; points: PickupPoint[] } | null;
  /** The cart starts a subscription: renewed with a kept method (auto) or paid by hand. */
  subscription?: 'auto' | 'manual' | null;
  /** The lines show their unit price (a setting of the shop); absent: not shown. */
  unitPrices?: boolean;
};

/**
 * The checkout form's hidden field naming the payment method its order review was priced for:
 * an order sent with a method of another fee is answered with the repriced review instead.
 */
export const REVIEW_METHOD_FIELD = 'review_payment_method';

/** The checkout form's address values: WooCommerce's field names, by group. */
export type CheckoutAddresses = {
  billing: CustomerAddress & { email: string };
  shipping: CustomerAddress;
  shipToDifferentAddress: boolean;
};

/** What the checkout offers a guest: an optional account (guest checkout on) or a required one. */
export type CheckoutAccountOffer = {
  mode: 'optional' | 'required';
  /** The strength the meter asks for; binding only when `enforced`. */
  minimum: number;
  enforced: boolean;
  blacklist: string[];
};
