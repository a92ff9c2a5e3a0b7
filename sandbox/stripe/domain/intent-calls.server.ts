import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, checkClientSecret, ok, secretOnly } from './caller.ts';
import type { TypeChoice } from './intent-params.ts';
import {
  type Intent,
  type IntentKind,
  cancelIntent,
  choosePaymentMethod,
  confirmIntent,
} from './intent-lifecycle.server.ts';
import { type Params, optBool, optEnum, optString } from './params.ts';
import { type Stored, emit, insert, load, save } from './store.server.ts';

/**
 * The parts of the API calls that PaymentIntents and SetupIntents answer alike: the customer
 * parameter, the recorded method type choice, creating, retrieving, confirming and canceling.
 */

/** The `customer` parameter, which must name an existing customer. */
export async function customerParam(tx: Tx, p: Params): Promise<string | undefined> {
  const customer = optString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  return customer;
}

/** The allowed and excluded types as given, as Stripe shows them on the intent. */
export function recordTypeChoice<I extends Intent>(intent: I, choice: TypeChoice): void {
  intent.allowed_payment_method_types = choice.allowed as I['allowed_payment_method_types'];
  intent.excluded_payment_method_types = choice.excluded as I['excluded_payment_method_types'];
}

/** Stores a new intent with its payment method, announces it, and confirms it if asked to. */
export async function startIntent<I extends Intent>(
  tx: Tx,
  caller: Caller,
  intent: I,
  p: Params,
  kind: IntentKind<I>,
): Promise<Outcome> {
  const stored = await insert(tx, kind.type, intent, {
    customer: intent.customer as string | null,
  });
  await choosePaymentMethod(tx, caller, stored, p);
  await emit(tx, caller, `${kind.type}.created` as Stripe.Event.Type, intent);
  if (optBool(p, 'confirm')) return confirmIntent(tx, caller, stored, p, kind);
  await save(tx, stored);
  return ok(intent);
}

export async function retrieveIntent<I extends Intent>(
  tx: Tx,
  caller: Caller,
  kind: IntentKind<I>,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await load<I>(tx, kind.type, id, { param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  return ok(stored.data);
}

/** The intent a confirm call names, locked, with the payment method the call chooses. */
export async function intentToConfirm<I extends Intent>(
  tx: Tx,
  caller: Caller,
  kind: IntentKind<I>,
  id: string,
  p: Params,
): Promise<Stored<I>> {
  const stored = await load<I>(tx, kind.type, id, { lock: true, param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  await choosePaymentMethod(tx, caller, stored, p);
  return stored;
}

export async function cancelWithReason<I extends Intent>(
  tx: Tx,
  caller: Caller,
  kind: IntentKind<I>,
  id: string,
  p: Params,
  reasons: readonly string[],
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<I>(tx, kind.type, id, { lock: true, param: 'intent' });
  const reason = optEnum(p, 'cancellation_reason', reasons) ?? null;
  return ok(await cancelIntent(tx, caller, stored, kind, reason));
}
