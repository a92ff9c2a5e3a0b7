import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
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
};

/** The checkout form's address values: WooCommerce's field names, by group. */
export type CheckoutAddresses = {
  billing: CustomerAddress & { email: string };
  shipping: CustomerAddress;
  shipToDifferentAddress: boolean;
};

/** Shown on the order received and view-order pages and in mails. */
export type OrderView = {
  id: number;
  number: number;
  key: string;
  status: string;
  createdAt: string;
  paymentMethod: string;
  paymentMethodTitle: string;
  currency: string;
  billing: CustomerAddress & { email?: string };
  shipping: CustomerAddress;
  shipsToDifferentAddress: boolean;
  customerNote: string;
  items: {
    name: string;
    variation: { attribute: string; value: string }[];
    quantity: number;
    total: number;
    subtotal: number;
    sku: string | null;
  }[];
  itemsTotal: number;
  discountTotal: number;
  coupons: { code: string; discount: number }[];
  shipping_lines: { name: string; total: number }[];
  depositTotal: number;
  total: number;
  taxLines: { rate: number; amount: number }[];
  /** Bank details for a bank transfer still to be made. */
  bankDetails: { key: string; value: string }[];
  notes: { code: string; params: Record<string, string | number>; createdAt: string }[];
  needsPayment: boolean;
  mayCancel: boolean;
  /** The pickup point or parcel locker the goods go to, as the order stored it. */
  pickupPoint: Record<string, string> | null;
  /** When the customer declared withdrawal; null: not declared. */
  withdrawnAt: string | null;
  mayWithdraw: boolean;
  /** Whose VAT the order carries. */
  vat: TaxTreatment;
};

/** What the checkout offers a guest: an optional account (guest checkout on) or a required one. */
export type CheckoutAccountOffer = {
  mode: 'optional' | 'required';
  /** The strength the meter asks for; binding only when `enforced`. */
  minimum: number;
  enforced: boolean;
  blacklist: string[];
};
