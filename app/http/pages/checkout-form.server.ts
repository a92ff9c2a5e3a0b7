import { type CheckoutInput, checkoutProblems } from '#app/domain/checkout/checkout-input.ts';
import type { CheckoutProblem } from '#app/domain/checkout/checkout.rules.ts';
import {
  checkoutFormSchema,
  checkoutInputFromForm,
} from '#app/domain/checkout/checkout.validation.ts';
import type { DomainError } from '#app/domain/kernel/result.ts';
import type { Attribution } from '#app/domain/attribution/attribution.rules.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { Session } from '#app/lib/session.server.ts';
import { paymentFailureMessage, paymentFields, paymentInput } from '../stripe/payment.server.ts';
import { type CheckoutContext, placeCheckout } from '../checkout.server.ts';

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

/**
 * The classic checkout's submission, for `/wc-ajax/checkout` and the page's own form post:
 * read the serialized form, judge every field, place the order, mail it.
 */
export async function submitCheckoutForm(
  ctx: CheckoutContext,
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
  const result = await placeCheckout(ctx, session, {
    input,
    account: {
      requested: createAccount,
      email: input.billing.email ?? '',
      password: accountPassword,
    },
    payment: request ? paymentInput(request, ctx.env, paymentFields(fields)) : undefined,
    rejected: problems.length > 0,
  });
  switch (result.status) {
    case 'rejected':
      if (result.accountProblem) problems.push(errorMessage(result.accountProblem, t));
      return { ok: false, messages: problems };
    case 'not_placed':
      return {
        ok: false,
        messages: [errorMessage(result.error, t)],
        // Stock, coupons or rates changed under the shopper: the review must show it.
        refresh:
          result.error.kind !== 'invalid' || result.error.code.startsWith('checkout.error.coupon'),
        reload: result.error.code === 'checkout.error.empty_cart',
      };
    case 'payment_failed':
      // The order waits: the same form (same checkout key) tries it again on the same intent.
      return { ok: false, messages: [paymentFailureMessage(result.error, t)] };
    case 'placed':
      return {
        ok: true,
        order: result.order,
        redirect: result.redirect,
        created: result.created,
        cookies: result.cookies,
      };
  }
}
