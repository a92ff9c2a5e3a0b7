import type { Tx } from '#app/lib/db.server.ts';
import type { PI, PM, SI } from './caller.ts';
import { chargeReturned } from './charges.server.ts';
import {
  type Intent,
  type IntentKind,
  authenticationFailure,
  failAttempt,
} from './intent-lifecycle.server.ts';
import { noSuch } from './params.ts';
import { PAYMENT_INTENT } from './payment-intents.server.ts';
import { SETUP_INTENT } from './setup-intents.server.ts';
import { type RequestInfo, type Stored, find, load, save } from './store.server.ts';
import { VOUCHER_TYPES } from './test-data.ts';

/**
 * What happens after a next action: the buyer's answer on a hosted page (3-D Secure, bank,
 * QR, BLIK, voucher), and the delayed transitions (a debit settles, a voucher is paid).
 */
export type ActionOutcome = { returnUrl: string | null; intent: PI | SI };

function kindOf(id: string): IntentKind<Intent> {
  return (id.startsWith('seti_') ? SETUP_INTENT : PAYMENT_INTENT) as IntentKind<Intent>;
}

/**
 * The buyer's answer on a hosted page. The nonce of the page's address proves the page
 * belongs to the intent's current attempt.
 */
export async function completeAction(
  tx: Tx,
  request: RequestInfo,
  id: string,
  nonce: string,
  approve: boolean,
): Promise<ActionOutcome> {
  const kind = kindOf(id);
  const stored = await find<Intent>(tx, kind.type, id, true);
  if (!stored || !pageKeyMatches(stored, nonce) || stored.data.status !== 'requires_action') {
    throw noSuch(kind.type, id);
  }
  const returnUrl = (stored.hidden.returnUrl as string | undefined) ?? null;
  const method = await load<PM>(tx, 'payment_method', stored.data.payment_method as string);
  stored.hidden.nonce = null;
  if (approve) {
    // An authenticated card is not challenged again off-session.
    method.hidden.authenticated = true;
    await save(tx, method);
    // The charge records the challenge's outcome (3-D Secure on the card payment).
    if (method.data.type === 'card') stored.hidden.challengePassed = true;
    await kind.succeed(tx, request, stored, method);
  } else {
    await failAttempt(tx, request, stored, kind, method, authenticationFailure(kind));
  }
  return { returnUrl, intent: stored.data };
}

/** A hosted page is reached with the attempt's nonce, or (BLIK, from Stripe.js) the client secret. */
function pageKeyMatches(stored: Stored<Intent>, key: string): boolean {
  if (!key) return false;
  return stored.hidden.nonce === key || stored.data.client_secret === key;
}

/** Where an intent's hosted page stands, for rendering it. */
export async function actionPage(tx: Tx, id: string, nonce: string) {
  const kind = kindOf(id);
  const stored = await find<Intent>(tx, kind.type, id);
  if (!stored || !pageKeyMatches(stored, nonce) || stored.data.status !== 'requires_action') {
    return null;
  }
  // The page names the method being paid with (an intent may allow several types).
  const pmId = stored.data.payment_method;
  const pm = typeof pmId === 'string' ? await find<PM>(tx, 'payment_method', pmId) : null;
  return { intent: stored.data, methodType: pm?.data.type ?? null };
}

/** Settles a delayed transition (a debit's processing -> succeeded or failed; a voucher paid). */
export async function advance(tx: Tx, request: RequestInfo, id: string): Promise<boolean> {
  const stored = await find<PI>(tx, 'payment_intent', id, true);
  if (!stored) return false;
  const pi = stored.data;
  const method = pi.payment_method
    ? await find<PM>(tx, 'payment_method', pi.payment_method as string)
    : null;
  stored.advanceAt = null;
  const voucherPaid =
    method &&
    pi.status === 'requires_action' &&
    (VOUCHER_TYPES as readonly string[]).includes(method.data.type);
  if (!method || (!voucherPaid && pi.status !== 'processing')) {
    await save(tx, stored);
    return false;
  }
  if (!voucherPaid && method.hidden.behaviour === 'processing_then_fails') {
    await chargeReturned(tx, request, pi);
    await failAttempt(tx, request, stored, PAYMENT_INTENT, method, {
      type: 'card_error',
      code: 'payment_intent_payment_attempt_failed',
      decline_code: 'insufficient_funds',
      message: 'The payment failed.',
    });
    return true;
  }
  await PAYMENT_INTENT.succeed(tx, request, stored, method);
  return true;
}
