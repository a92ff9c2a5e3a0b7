import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PM, type SI, ok, secretOnly } from './caller.ts';
import {
  cancelWithReason,
  customerParam,
  intentToConfirm,
  recordTypeChoice,
  retrieveIntent,
  startIntent,
} from './intent-calls.server.ts';
import { typesOf } from './intent-params.ts';
import {
  CONFIRMABLE,
  type IntentKind,
  type Step,
  choosePaymentMethod,
  confirmIntent,
} from './intent-lifecycle.server.ts';
import { setupIntentObject } from './objects.ts';
import { mandateOf } from './charges.server.ts';
import { type Params, metadataOf, missingParam, optEnum, optString } from './params.ts';
import { type RequestInfo, type Stored, emit, load, save } from './store.server.ts';
import { REDIRECT_TYPES, REUSABLE_TYPES } from './test-data.ts';

/** What confirming a SetupIntent does: no money moves, so only declines and authentication count. */
function plan(_si: SI, attempt: Parameters<IntentKind<SI>['plan']>[1]): Step {
  const { method, behaviour, returnUrl } = attempt;
  const type = method.data.type;
  if (type === 'card' && behaviour === 'generic_decline') {
    const message = 'Your card was declined.';
    return { do: 'decline', code: 'card_declined', declineCode: 'generic_decline', message };
  }
  if (type === 'card' && behaviour === 'requires_authentication') {
    return { do: 'action', page: 'three_d_secure' };
  }
  if ((REDIRECT_TYPES as readonly string[]).includes(type)) {
    if (!returnUrl) throw missingParam('return_url');
    return { do: 'action', page: 'authorize' };
  }
  if (type === 'cashapp') return { do: 'action', page: 'qr' };
  return { do: 'succeed' };
}

/** The method is set up: authenticated for later, attached to the intent's customer. */
async function setupSucceeded(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<SI>,
  method: Stored<PM>,
): Promise<void> {
  const si = stored.data;
  si.status = 'succeeded';
  si.next_action = null;
  if (method.data.type === 'sepa_debit') si.mandate = await mandateOf(tx, method);
  method.hidden.authenticated = true;
  if (si.customer && !method.data.customer) {
    method.data.customer = si.customer as string;
    method.customer = si.customer as string;
    await save(tx, method);
    await emit(tx, request, 'payment_method.attached', method.data);
  } else {
    await save(tx, method);
  }
  await save(tx, stored);
  await emit(tx, request, 'setup_intent.succeeded', si);
}

export const SETUP_INTENT: IntentKind<SI> = {
  type: 'setup_intent',
  name: 'SetupIntent',
  stateCode: 'setup_intent_unexpected_state',
  failedEvent: 'setup_intent.setup_failed',
  cancelable: [...(CONFIRMABLE as SI['status'][]), 'processing'],
  plan,
  succeed: setupSucceeded,
};

export async function createSetupIntent(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const choice = typesOf(p);
  const { types, automatic } = choice;
  const customer = await customerParam(tx, p);
  const si = setupIntentObject({
    customer: customer ?? null,
    description: optString(p, 'description', 1000) ?? null,
    metadata: metadataOf(p) ?? {},
    paymentMethodTypes: automatic ? types.filter((t) => REUSABLE_TYPES.includes(t)) : types,
    automatic,
    usage: optEnum(p, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
  });
  recordTypeChoice(si, choice);
  return startIntent(tx, caller, si, p, SETUP_INTENT);
}

export async function retrieveSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  return retrieveIntent(tx, caller, SETUP_INTENT, id, p);
}

export async function updateSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<SI>(tx, 'setup_intent', id, { lock: true, param: 'intent' });
  const si = stored.data;
  const metadata = metadataOf(p, si.metadata ?? {});
  if (metadata) si.metadata = metadata;
  const customer = await customerParam(tx, p);
  if (customer) {
    si.customer = customer;
    stored.customer = customer;
  }
  await choosePaymentMethod(tx, caller, stored, p);
  await save(tx, stored);
  return ok(si);
}

export async function confirmSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await intentToConfirm(tx, caller, SETUP_INTENT, id, p);
  return confirmIntent(tx, caller, stored, p, SETUP_INTENT);
}

const CANCELLATION_REASONS = ['abandoned', 'duplicate', 'requested_by_customer'] as const;

export async function cancelSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  return cancelWithReason(tx, caller, SETUP_INTENT, id, p, CANCELLATION_REASONS);
}
