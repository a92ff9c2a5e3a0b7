import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { Attribution } from '#app/domain/attribution/attribution.rules.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { PaymentOutcome, PaymentRequest } from '#app/domain/payments/payments.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type AddressValues,
  type CheckoutProblem,
  addressGroupProblems,
} from './checkout.rules.ts';

export type CheckoutInput = {
  billing: AddressValues;
  /** Null: the goods go to the billing address. */
  shipping: AddressValues | null;
  customerNote: string;
  paymentMethod: string;
  /** Package index -> chosen rate id. */
  shippingRates: Record<string, string>;
  consent: { terms: boolean; digital: boolean };
  /** From the form: the same key twice yields the first order. */
  idempotencyKey: string | null;
  pickupPoint?: Record<string, string> | null;
  /** Where the order came from; only present when the shopper allowed tracking. */
  attribution?: Attribution | null;
  /**
   * A wallet's order (express checkout): the rates it names must be offered as they stand,
   * and the total must equal the one the server last quoted its sheet (`expectedTotal`) and
   * the one the sheet showed (`shownTotal`, in the payment provider's decimals). The legal
   * texts the express area showed (`textVersion`) must still be the ones in force.
   */
  express?: {
    expectedTotal: number | null;
    shownTotal?: number | null;
    textVersion?: string | null;
  } | null;
};

/** What a method's payment needs from the request (see PaymentRequest). */
export type PaymentInput = Omit<PaymentRequest, 'db' | 'returnUrl' | 'renewals'> & {
  returnUrl: (order: OrderRow) => string;
};

export type CheckoutContext = {
  currency: string;
  locale: Locale;
  now?: Date;
  /** The request's side of the payment; without it methods see no browser data. */
  payment?: PaymentInput;
};

export type PlacedOrder = {
  order: OrderRow;
  /** False when the idempotency key named an order placed before. */
  created: boolean;
  payment: PaymentOutcome | null;
  /** The session's cart as the placement left it (emptied), when it placed the order now. */
  emptiedCart?: CartView;
};

export const problemError = (problem: CheckoutProblem): DomainError =>
  domainError('invalid', `checkout.error.${problem.failure}`, {
    field: problem.field,
    label: problem.label,
  });

/** Every field problem of a checkout, billing first, in the order the form shows them. */
export function checkoutProblems(
  input: Pick<CheckoutInput, 'billing' | 'shipping'>,
  locale: Locale,
  labels: { email: string; vatId?: string },
): CheckoutProblem[] {
  return [
    ...addressGroupProblems('billing', input.billing, locale, labels),
    ...(input.shipping ? addressGroupProblems('shipping', input.shipping, locale, labels) : []),
  ];
}
