import type { CartView } from '#app/domain/cart/cart.view.ts';
import type {
  CheckoutInput,
  PaymentInput,
  PlacedOrder,
} from '#app/domain/checkout/checkout-input.ts';
import { placeOrder } from '#app/domain/checkout/place-order.server.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { addOrderNote, findOrderFor } from '#app/domain/orders/orders.server.ts';
import type { PaymentOutcome } from '#app/domain/payments/payments.ts';
import { WALLET_NAMES } from '#app/domain/payments/stripe/express.rules.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type Session, sessionNonce } from '#app/lib/session.server.ts';
import { orderReceivedPath } from './order-links.ts';
import { accountWithOrder, checkoutAccountWish } from './pages/checkout-account.server.ts';
import { paymentFailed, paymentRedirect } from './stripe/payment.server.ts';

export type CheckoutContext = { db: Tx; env: Env; locale: Locale; currency: string; t: Translate };

/** A checkout as any of its doors hands it over: the page form, `/wc-ajax/checkout`, the Store API, a wallet. */
export type CheckoutSubmission = {
  input: CheckoutInput;
  /** The account box (or the shop's rule that guests need one) and its password. */
  account: { requested: boolean; email: string; password: string };
  payment?: PaymentInput;
  /** The submission has problems of its own: the account wish is still judged, nothing is placed. */
  rejected?: boolean;
  /** The wallet that paid an express order (`apple_pay`, `google_pay` ...), noted for the owner. */
  wallet?: string;
};

export type CheckoutResult =
  /** The account's password (if any) keeps the order from being placed, or the submission did. */
  | { status: 'rejected'; accountProblem: DomainError | null }
  /** Placing refused: the cart, stock, a coupon, a rate or a field. */
  | { status: 'not_placed'; error: DomainError }
  /** Placed, but the payment did not go through: the order waits for another try. */
  | {
      status: 'payment_failed';
      order: OrderRow;
      outcome: PaymentOutcome | null;
      error: DomainError;
    }
  | {
      status: 'placed';
      order: OrderRow;
      outcome: PaymentOutcome | null;
      /** False when the idempotency key named an order placed before. */
      created: boolean;
      /** An account made with the order logs the shopper in: its session cookies. */
      cookies: string[];
      /** Where the browser goes: the payment's next step (a hash) or the order-received page. */
      redirect: string;
      /** The session's cart as the placement left it, when it placed the order now. */
      emptiedCart?: CartView;
    };

/** Where the shopper goes after placing: the method's redirect, else the order-received page. */
export function successRedirect(placed: PlacedOrder): string {
  const redirect = placed.payment?.redirect;
  return redirect && redirect.startsWith('/') ? redirect : orderReceivedPath(placed.order);
}

/**
 * The checkout's one use case: judge the account wish, place the order, make the account with
 * it once the payment has not failed, and say where the shopper goes next. The doors only read
 * their own wire format and write their own answer.
 */
export async function placeCheckout(
  ctx: CheckoutContext,
  session: Session,
  submission: CheckoutSubmission,
): Promise<CheckoutResult> {
  const { input } = submission;
  // Guests may be required to take an account with the order (guest checkout off).
  const { wish, problem } = await checkoutAccountWish(ctx, session, submission.account);
  if (problem || submission.rejected) return { status: 'rejected', accountProblem: problem };
  const placed = await placeOrder(ctx.db, session, input, {
    currency: ctx.currency,
    locale: ctx.locale,
    emailLabel: ctx.t('checkout.email'),
    customerId: session.customerId,
    creatingAccount: wish.wanted,
    payment: submission.payment,
  });
  if (!placed.ok) return { status: 'not_placed', error: placed.error };
  const { payment: outcome, created } = placed.value;
  let order = placed.value.order;
  const wallet = submission.wallet ?? '';
  if (input.express && created && Object.hasOwn(WALLET_NAMES, wallet)) {
    // Which wallet paid, for the shop owner: the method's title says only "card".
    await addOrderNote(ctx.db, order.id, {
      code: 'express.note.wallet_order',
      params: { wallet: WALLET_NAMES[wallet]! },
    });
  }
  if (paymentFailed(outcome)) {
    const error = outcome?.error ?? domainError('payment_declined', 'stripe.error.payment_failed');
    return { status: 'payment_failed', order, outcome, error };
  }
  let cookies: string[] = [];
  if (order.customerId === null && wish.wanted) {
    // A payment that still needs the shopper (3-D Secure, a bank) keeps the session its
    // follow-up calls are bound to.
    cookies = await accountWithOrder(ctx, session, order, wish, { logIn: !outcome?.action });
    order = (await findOrderFor(ctx.db, order.id, { key: order.orderKey })) ?? order;
  }
  const redirect = paymentRedirect(order, outcome, {
    env: ctx.env,
    nonce: sessionNonce(session, ctx.env),
    fallback: successRedirect(placed.value),
  });
  const { emptiedCart } = placed.value;
  return { status: 'placed', order, outcome, created, cookies, redirect, emptiedCart };
}
