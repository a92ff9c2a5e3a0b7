import {
  type CheckoutInput,
  type PlacedOrder,
  checkoutProblems,
} from '#app/domain/checkout/checkout-input.ts';
import { placeOrder } from '#app/domain/checkout/place-order.server.ts';
import type { CheckoutProblem } from '#app/domain/checkout/checkout.rules.ts';
import {
  checkoutFormSchema,
  checkoutInputFromForm,
} from '#app/domain/checkout/checkout.validation.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Attribution } from '#app/domain/attribution/attribution.rules.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type Session, sessionNonce } from '#app/lib/session.server.ts';
import {
  paymentFailed,
  paymentFailureMessage,
  paymentFields,
  paymentInput,
  paymentRedirect,
} from '../stripe/payment.server.ts';
import { orderReceivedPath } from '../order-links.ts';
import { accountWithOrder, checkoutAccountWish } from './checkout-account.server.ts';

/** One message of a failed checkout; `field` names the control it is about. */
export type CheckoutMessage = { text: string; field?: string };

export type CheckoutOutcome =
  | {
      ok: true;
      order: OrderRow;
      redirect: string;
      created: boolean;
      /** An account made with the order logs the shopper in: its session cookie. */
      cookies: string[];
    }
  | { ok: false; messages: CheckoutMessage[]; reload?: boolean; refresh?: boolean };

export type MailContext = RequestContext;

type RequestContext = {
  db: Tx;
  env: Env;
  locale: Locale;
  currency: string;
  t: Translate;
};

/** "Billing First name is a required field.": the group named before the field's label. */
export function problemMessage(problem: CheckoutProblem, t: Translate): CheckoutMessage {
  const group = problem.field.startsWith('shipping_')
    ? t('checkout.group_shipping')
    : t('checkout.group_billing');
  const label = problem.field === 'billing_email' ? problem.label : `${group} ${problem.label}`;
  return {
    text: t(`checkout.error.${problem.failure}` as TextKey, { label }),
    field: problem.field,
  };
}

export function errorMessage(error: DomainError, t: Translate): CheckoutMessage {
  const field = typeof error.params?.field === 'string' ? error.params.field : undefined;
  return { text: t(error.code as TextKey, error.params), field };
}

/** Every problem the form has, as the classic checkout lists them: fields first, then consent. */
export function formProblems(
  input: CheckoutInput,
  ctx: { locale: Locale; t: Translate },
): CheckoutMessage[] {
  const messages = checkoutProblems(input, ctx.locale, {
    email: ctx.t('checkout.email'),
    vatId: ctx.t('checkout.vat_id'),
  }).map((p) => problemMessage(p, ctx.t));
  if (!input.consent.terms) {
    messages.push({ text: ctx.t('checkout.error.terms'), field: 'terms' });
  }
  return messages;
}

/** Where the shopper goes after placing: the method's redirect, else the order-received page. */
export function successRedirect(placed: PlacedOrder): string {
  const redirect = placed.payment?.redirect;
  return redirect && redirect.startsWith('/') ? redirect : orderReceivedPath(placed.order);
}

/**
 * The classic checkout's submission, for `/wc-ajax/checkout` and the page's own form post:
 * read the serialized form, judge every field, place the order, mail it.
 */
export async function submitCheckoutForm(
  ctx: RequestContext,
  session: Session | null,
  fields: Record<string, unknown>,
  request?: Request,
  /** Where the order came from, when the shopper allowed tracking. */
  attribution: Attribution | null = null,
): Promise<CheckoutOutcome> {
  const { t } = ctx;
  if (!session)
    return { ok: false, messages: [{ text: t('checkout.error.session') }], reload: true };
  const parsed = checkoutFormSchema.safeParse(fields);
  if (!parsed.success) {
    const param = String(parsed.error.issues[0]?.path[0] ?? '');
    return { ok: false, messages: [{ text: t('error.invalid_param', { param }), field: param }] };
  }
  const { input, createAccount, accountPassword } = checkoutInputFromForm(parsed.data);
  input.attribution = attribution;
  const problems = formProblems(input, ctx);
  const { wish, problem } = await checkoutAccountWish(ctx, session, {
    requested: createAccount,
    email: input.billing.email ?? '',
    password: accountPassword,
  });
  if (problem) problems.push(errorMessage(problem, t));
  if (problems.length > 0) return { ok: false, messages: problems };
  const placed = await placeOrder(ctx.db, session, input, {
    currency: ctx.currency,
    locale: ctx.locale,
    emailLabel: t('checkout.email'),
    customerId: session.customerId,
    creatingAccount: wish.wanted,
    payment: request ? paymentInput(request, ctx.env, paymentFields(fields)) : undefined,
  });
  if (!placed.ok) {
    const error = placed.error;
    return {
      ok: false,
      messages: [errorMessage(error, t)],
      // Stock, coupons or rates changed under the shopper: the review must show it.
      refresh: error.kind !== 'invalid' || error.code.startsWith('checkout.error.coupon'),
      reload: error.code === 'checkout.error.empty_cart',
    };
  }
  const { order, payment, created } = placed.value;
  if (paymentFailed(payment)) {
    // The order waits: the same form (same checkout key) tries it again on the same intent.
    const error = payment?.error ?? domainError('payment_declined', 'stripe.error.payment_failed');
    return { ok: false, messages: [paymentFailureMessage(error, t)] };
  }
  // The account comes with the order once its payment has not failed; a payment that still
  // needs the shopper (3-D Secure, a bank) keeps the session its follow-up calls are bound to.
  const cookies =
    order.customerId === null
      ? await accountWithOrder(ctx, session, order, wish, { logIn: !payment?.action })
      : [];
  return {
    ok: true,
    order,
    redirect: paymentRedirect(order, payment, {
      env: ctx.env,
      nonce: sessionNonce(session, ctx.env),
      fallback: successRedirect(placed.value),
    }),
    created,
    cookies,
  };
}
