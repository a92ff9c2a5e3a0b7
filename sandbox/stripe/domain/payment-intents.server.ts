import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PI, ok, secretOnly } from './caller.ts';
import {
  chargeDeclined,
  chargePending,
  chargeSucceeded,
  releaseAuthorization,
} from './charges.server.ts';
import {
  cancelWithReason,
  customerParam,
  intentToConfirm,
  recordTypeChoice,
  retrieveIntent,
  startIntent,
} from './intent-calls.server.ts';
import {
  CAPTURE_METHODS,
  MAX_AMOUNT,
  amountOf,
  currencyOf,
  mandateAccepted,
  shippingOf,
  typesOf,
} from './intent-params.ts';
import {
  CONFIRMABLE,
  type IntentKind,
  type Step,
  choosePaymentMethod,
  confirmIntent,
} from './intent-lifecycle.server.ts';
import { now, paymentIntentObject } from './objects.ts';
import {
  type Params,
  invalid,
  metadataOf,
  missingParam,
  optBool,
  optEnum,
  optInt,
  optNullableString,
  optObject,
  optString,
  unexpectedState,
} from './params.ts';
import { emit, load, save } from './store.server.ts';
import {
  DELAYED_SETTLEMENT_MS,
  DELAYED_TYPES,
  QR_TYPES,
  REDIRECT_TYPES,
  VOUCHER_TYPES,
} from './test-data.ts';

const includes = (list: readonly string[], type: string) => list.includes(type);

/** What confirming a PaymentIntent does with each method and test behaviour. */
function plan(pi: PI, attempt: Parameters<IntentKind<PI>['plan']>[1]): Step {
  const { method, behaviour, returnUrl, params } = attempt;
  const type = method.data.type;
  if (type === 'card') {
    if (behaviour === 'insufficient_funds') {
      const message = 'Your card has insufficient funds.';
      return { do: 'decline', code: 'card_declined', declineCode: 'insufficient_funds', message };
    }
    if (behaviour === 'generic_decline' || behaviour === 'attach_then_decline') {
      const message = 'Your card was declined.';
      return { do: 'decline', code: 'card_declined', declineCode: 'generic_decline', message };
    }
    if (behaviour === 'requires_authentication' && !method.hidden.authenticated) {
      if (optBool(params, 'off_session')) {
        return {
          do: 'decline',
          code: 'authentication_required',
          declineCode: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
      }
      return { do: 'action', page: 'three_d_secure' };
    }
    return { do: 'succeed' };
  }
  if (type === 'blik') {
    const pmo = optObject(params, 'payment_method_options');
    const code = pmo && typeof pmo.blik === 'object' ? (pmo.blik as Params).code : undefined;
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
      throw invalid(
        'payment_method_options[blik][code]',
        'BLIK Code is invalid',
        code === undefined ? 'parameter_missing' : 'payment_method_invalid_parameter',
      );
    }
    return { do: 'action', page: 'blik' };
  }
  if (includes(REDIRECT_TYPES, type)) {
    if (!returnUrl) {
      throw invalid(
        'return_url',
        `A return_url must be specified because this PaymentIntent's payment method (${type}) requires a redirect.`,
        'parameter_missing',
      );
    }
    return { do: 'action', page: 'authorize' };
  }
  // Vouchers are paid later; the sandbox pays them after a while or at the control call.
  if (includes(VOUCHER_TYPES, type)) {
    return { do: 'action', page: 'voucher', settleAfterMs: DELAYED_SETTLEMENT_MS };
  }
  if (includes(QR_TYPES, type)) return { do: 'action', page: 'qr' };
  if (includes(DELAYED_TYPES, type)) {
    // Stripe needs the mandate of a debit that will be reused.
    if (
      type === 'sepa_debit' &&
      !mandateAccepted(params) &&
      pi.setup_future_usage &&
      !method.data.customer
    ) {
      throw missingParam('mandate_data');
    }
    return {
      do: 'processing',
      settleAfterMs: behaviour === 'succeeds' ? 0 : DELAYED_SETTLEMENT_MS,
    };
  }
  return { do: 'succeed' };
}

export const PAYMENT_INTENT: IntentKind<PI> = {
  type: 'payment_intent',
  name: 'PaymentIntent',
  stateCode: 'payment_intent_unexpected_state',
  failedEvent: 'payment_intent.payment_failed',
  cancelable: [...(CONFIRMABLE as PI['status'][]), 'requires_capture'],
  plan,
  succeed: chargeSucceeded,
  declined: chargeDeclined,
  processing: chargePending,
  canceled: async (tx, request, stored) => {
    await releaseAuthorization(tx, request, stored.data);
    stored.data.canceled_at = now();
    stored.data.amount_capturable = 0;
  },
};

const SETUP_FUTURE_USAGE = ['off_session', 'on_session'] as const;

export async function createPaymentIntent(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const currency = currencyOf(p, true)!;
  const amount = amountOf(p, currency, true)!;
  const choice = typesOf(p);
  const { types, automatic } = choice;
  const customer = await customerParam(tx, p);
  const pi = paymentIntentObject({
    amount,
    currency,
    customer: customer ?? null,
    description: optString(p, 'description', 1000) ?? null,
    metadata: metadataOf(p) ?? {},
    paymentMethodTypes: types,
    automatic,
    captureMethod: optEnum(p, 'capture_method', CAPTURE_METHODS) ?? 'automatic_async',
    confirmationMethod:
      optEnum(p, 'confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
    receiptEmail: optString(p, 'receipt_email', 512) ?? null,
    setupFutureUsage: optEnum(p, 'setup_future_usage', SETUP_FUTURE_USAGE) ?? null,
    shipping: shippingOf(p) ?? null,
    statementDescriptor: optString(p, 'statement_descriptor', 22) ?? null,
    paymentMethodOptions:
      (optObject(p, 'payment_method_options') as PI['payment_method_options']) ?? null,
  });
  recordTypeChoice(pi, choice);
  return startIntent(tx, caller, pi, p, PAYMENT_INTENT);
}

export async function retrievePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  return retrieveIntent(tx, caller, PAYMENT_INTENT, id, p);
}

export async function updatePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  const pi = stored.data;
  const metadata = metadataOf(p, pi.metadata);
  const onlyMetadata = Object.keys(p).every(
    (k) => k === 'metadata' || k === 'expand' || k === 'description',
  );
  if (!CONFIRMABLE.includes(pi.status) && !onlyMetadata) {
    throw unexpectedState(
      `This PaymentIntent's status is ${pi.status}; it cannot be updated. Only metadata and description can be changed.`,
    );
  }
  const currency = currencyOf(p, false);
  if (currency) pi.currency = currency;
  const amount = amountOf(p, pi.currency, false);
  if (amount !== undefined) pi.amount = amount;
  const customer = optNullableString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  if (customer !== undefined) {
    pi.customer = customer;
    stored.customer = customer;
  }
  const description = optNullableString(p, 'description', 1000);
  if (description !== undefined) pi.description = description;
  if (metadata) pi.metadata = metadata;
  const receipt = optNullableString(p, 'receipt_email', 512);
  if (receipt !== undefined) pi.receipt_email = receipt;
  if (p.setup_future_usage === '') pi.setup_future_usage = null;
  else {
    const sfu = optEnum(p, 'setup_future_usage', SETUP_FUTURE_USAGE);
    if (sfu) pi.setup_future_usage = sfu;
  }
  const shipping = shippingOf(p);
  if (shipping !== undefined) pi.shipping = shipping;
  const capture = optEnum(p, 'capture_method', CAPTURE_METHODS);
  if (capture) pi.capture_method = capture;
  if (
    p.payment_method_types !== undefined ||
    p.allowed_payment_method_types !== undefined ||
    p.excluded_payment_method_types !== undefined
  ) {
    const choice = typesOf(p);
    pi.payment_method_types = choice.types;
    recordTypeChoice(pi, choice);
    pi.automatic_payment_methods = choice.automatic
      ? { enabled: true, allow_redirects: 'always' }
      : null;
  }
  const pmo = optObject(p, 'payment_method_options');
  if (pmo) pi.payment_method_options = pmo as PI['payment_method_options'];
  await choosePaymentMethod(tx, caller, stored, p);
  if (CONFIRMABLE.includes(pi.status) && !onlyMetadata) {
    // A changed intent must be confirmed again.
    pi.status = pi.payment_method ? 'requires_confirmation' : 'requires_payment_method';
    pi.next_action = null;
  }
  await save(tx, stored);
  return ok(pi);
}

export async function confirmPaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await intentToConfirm(tx, caller, PAYMENT_INTENT, id, p);
  if (caller.key === 'secret' && CONFIRMABLE.includes(stored.data.status)) {
    // Parameters confirm accepts beyond the payment method.
    const pi = stored.data;
    const sfu = optEnum(p, 'setup_future_usage', SETUP_FUTURE_USAGE);
    if (sfu) pi.setup_future_usage = sfu;
    const receipt = optString(p, 'receipt_email', 512);
    if (receipt) pi.receipt_email = receipt;
    const shipping = shippingOf(p);
    if (shipping !== undefined) pi.shipping = shipping;
  }
  return confirmIntent(tx, caller, stored, p, PAYMENT_INTENT);
}

const CANCELLATION_REASONS = [
  'abandoned',
  'duplicate',
  'fraudulent',
  'requested_by_customer',
] as const;

export async function cancelPaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  return cancelWithReason(tx, caller, PAYMENT_INTENT, id, p, CANCELLATION_REASONS);
}

export async function capturePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  const pi = stored.data;
  if (pi.status !== 'requires_capture') {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const amount = optInt(p, 'amount_to_capture', 1, MAX_AMOUNT) ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalid(
      'amount_to_capture',
      'The amount to capture must be less than or equal to the amount capturable.',
    );
  }
  pi.status = 'succeeded';
  pi.amount_received = amount;
  pi.amount_capturable = 0;
  const charge = await load<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, {
    lock: true,
  });
  charge.data.captured = true;
  charge.data.amount_captured = amount;
  await save(tx, charge);
  await save(tx, stored);
  await emit(tx, caller, 'charge.captured', charge.data);
  await emit(tx, caller, 'payment_intent.succeeded', pi);
  return ok(pi);
}
