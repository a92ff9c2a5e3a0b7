import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import type { Caller, Outcome, PI, PM, SI } from './caller.ts';
import { ok } from './caller.ts';
import { methodFromToken } from './confirmation-tokens.server.ts';
import { type ActionPage, nextAction } from './next-actions.ts';
import { newId } from './objects.ts';
import { type Params, invalid, optObject, optString, unexpectedState } from './params.ts';
import { createMethodFrom, methodById } from './payment-methods.server.ts';
import { type RequestInfo, type Stored, emit, load, save } from './store.server.ts';
import type { Behaviour } from './test-data.ts';

/**
 * The one lifecycle of PaymentIntents and SetupIntents: a payment method is chosen, the intent
 * is confirmed, and the method's test behaviour decides the step (decline, a next action on a
 * hosted page, processing, success); a failed attempt returns the intent to
 * requires_payment_method with its last error; open intents can be canceled. What differs
 * between the two kinds (charges against saved methods) comes in through `IntentKind`.
 * Idempotent replays of every call happen before any of this, in the API handler.
 */
export type Intent = PI | SI;

export type Step =
  | { do: 'decline'; code: string; declineCode: string; message: string }
  | { do: 'action'; page: ActionPage; settleAfterMs?: number }
  | { do: 'processing'; settleAfterMs: number }
  | { do: 'succeed' };

export type Attempt = {
  method: Stored<PM>;
  behaviour: Behaviour;
  returnUrl: string | undefined;
  params: Params;
  caller: Caller;
};

export type AttemptError = {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  [extra: string]: unknown;
};

export type IntentKind<I extends Intent> = {
  type: I['object'];
  name: 'PaymentIntent' | 'SetupIntent';
  stateCode: 'payment_intent_unexpected_state' | 'setup_intent_unexpected_state';
  failedEvent: 'payment_intent.payment_failed' | 'setup_intent.setup_failed';
  /** Statuses an intent can be canceled in. */
  cancelable: I['status'][];
  /** Which step confirming with this method takes (may throw for missing parameters). */
  plan(intent: I, attempt: Attempt): Step;
  /** The intent reached succeeded (or requires_capture): charges, saved methods, events. */
  succeed(tx: Tx, request: RequestInfo, stored: Stored<I>, method: Stored<PM>): Promise<void>;
  /** A declined attempt's own records (the failed charge); returns fields for the error. */
  declined?(
    tx: Tx,
    request: RequestInfo,
    stored: Stored<I>,
    method: Stored<PM>,
    error: AttemptError,
  ): Promise<Record<string, unknown>>;
  processing?(
    tx: Tx,
    request: RequestInfo,
    stored: Stored<I>,
    method: Stored<PM>,
    settleAfterMs: number,
  ): Promise<void>;
  canceled?(tx: Tx, request: RequestInfo, stored: Stored<I>): Promise<void>;
};

export const CONFIRMABLE: Intent['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/** Applies payment_method / payment_method_data / confirmation_token of the request. */
export async function choosePaymentMethod(
  tx: Tx,
  caller: Caller,
  stored: Stored<Intent>,
  p: Params,
): Promise<void> {
  const intent = stored.data;
  let pmId = optString(p, 'payment_method', 255);
  const data = optObject(p, 'payment_method_data');
  const tokenId = optString(p, 'confirmation_token', 255);
  if (tokenId) {
    const { method, token } = await methodFromToken(tx, tokenId);
    pmId = method;
    if (token.return_url) stored.hidden.returnUrl = token.return_url;
    if (token.setup_future_usage && intent.object === 'payment_intent') {
      intent.setup_future_usage = token.setup_future_usage;
    }
  }
  if (data && !pmId) pmId = (await createMethodFrom(tx, caller, data, 'payment_method_data')).id;
  if (!pmId) return;
  const pm = await methodById(tx, caller, pmId, 'payment_method');
  if (pm.data.customer && pm.data.customer !== intent.customer) {
    throw invalid(
      'payment_method',
      `The provided PaymentMethod ${pm.id} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
    );
  }
  if (!intent.payment_method_types.includes(pm.data.type)) {
    throw invalid(
      'payment_method',
      `The PaymentMethod provided (${pm.data.type}) is not allowed for this ${intent.object === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'}. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.`,
      'payment_intent_incompatible_payment_method',
    );
  }
  intent.payment_method = pm.id;
  if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
}

/** Confirms an intent whose payment method is chosen; the kind's plan picks the step. */
export async function confirmIntent<I extends Intent>(
  tx: Tx,
  caller: Caller,
  stored: Stored<I>,
  p: Params,
  kind: IntentKind<I>,
): Promise<Outcome> {
  const intent = stored.data;
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      intent.status === 'succeeded'
        ? `You cannot confirm this ${kind.name} because it has already succeeded after being previously confirmed.`
        : `You cannot confirm this ${kind.name} because it has a status of ${intent.status}. Only a ${kind.name} with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
      kind.stateCode,
    );
  }
  if (!intent.payment_method) {
    throw unexpectedState(
      `You cannot confirm this ${kind.name} because it's missing a payment method. To confirm the ${kind.name} with a customer, specify a payment method attached to this customer along with the customer ID.`,
      kind.stateCode,
    );
  }
  const method = await load<PM>(tx, 'payment_method', intent.payment_method as string, {
    param: 'payment_method',
  });
  const returnUrl =
    optString(p, 'return_url', 2048) ?? (stored.hidden.returnUrl as string | undefined);
  stored.hidden.nonce = newId('n', 24);
  if (returnUrl) stored.hidden.returnUrl = returnUrl;
  clearLastError(intent);
  intent.next_action = null;
  const behaviour = (method.hidden.behaviour as Behaviour | undefined) ?? 'succeeds';
  const step = kind.plan(intent, { method, behaviour, returnUrl, params: p, caller });
  switch (step.do) {
    case 'decline': {
      const error: AttemptError = {
        type: 'card_error',
        code: step.code,
        decline_code: step.declineCode,
        message: step.message,
      };
      const extra = (await kind.declined?.(tx, caller, stored, method, error)) ?? {};
      const body = await failAttempt(tx, caller, stored, kind, method, { ...error, ...extra });
      return { ok: false, error: { kind: 'card', body: { ...body, [kind.type]: intent } } };
    }
    case 'action': {
      if (step.settleAfterMs !== undefined) {
        stored.advanceAt = new Date(Date.now() + step.settleAfterMs);
      }
      const action = nextAction(step.page, caller, stored, method.data.type, returnUrl);
      return ok(await requireAction(tx, caller, stored, kind, action));
    }
    case 'processing':
      if (!kind.processing) throw new Error(`${kind.name} has no processing step`);
      await kind.processing(tx, caller, stored, method, step.settleAfterMs);
      return ok(intent);
    case 'succeed':
      await kind.succeed(tx, caller, stored, method);
      return ok(intent);
  }
}

function clearLastError(intent: Intent) {
  if (intent.object === 'payment_intent') intent.last_payment_error = null;
  else intent.last_setup_error = null;
}

export async function requireAction<I extends Intent>(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<I>,
  kind: IntentKind<I>,
  action: Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction,
): Promise<I> {
  const intent = stored.data;
  intent.status = 'requires_action';
  intent.next_action = action;
  await save(tx, stored);
  await emit(tx, request, `${kind.type}.requires_action`, intent);
  return intent;
}

/**
 * A failed attempt (declined, authentication failed, debit returned): the intent waits for
 * another payment method and names the error. Returns the error as stored.
 */
export async function failAttempt<I extends Intent>(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<I>,
  kind: IntentKind<I>,
  method: Stored<PM>,
  error: AttemptError,
): Promise<AttemptError & { payment_method: PM }> {
  const intent = stored.data;
  const stated = { ...error, payment_method: method.data };
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  if (intent.object === 'payment_intent') {
    intent.last_payment_error = stated as unknown as Stripe.PaymentIntent.LastPaymentError;
  } else {
    intent.last_setup_error = stated as unknown as Stripe.SetupIntent.LastSetupError;
  }
  stored.advanceAt = null;
  await save(tx, stored);
  await emit(tx, request, kind.failedEvent, intent);
  return stated;
}

/** The buyer failed the hosted page's authentication (3-D Secure, bank, BLIK). */
export function authenticationFailure(kind: IntentKind<Intent>): AttemptError {
  return {
    type: 'invalid_request_error',
    code: `${kind.type}_authentication_failure`,
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  };
}

export async function cancelIntent<I extends Intent>(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<I>,
  kind: IntentKind<I>,
  reason: string | null,
): Promise<I> {
  const intent = stored.data;
  if (!kind.cancelable.includes(intent.status)) {
    throw unexpectedState(
      `You cannot cancel this ${kind.name} because it has a status of ${intent.status}. Only a ${kind.name} with one of the following statuses may be canceled: ${kind.cancelable.join(', ')}.`,
      kind.stateCode,
    );
  }
  // The kind's own effects see the status the intent is canceled from.
  await kind.canceled?.(tx, request, stored);
  intent.status = 'canceled';
  intent.cancellation_reason = reason as never;
  intent.next_action = null;
  stored.advanceAt = null;
  await save(tx, stored);
  await emit(tx, request, `${kind.type}.canceled`, intent);
  return intent;
}
