import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PI, type PM, ok, secretOnly } from './caller.ts';
import { chargeObject, mandateObject } from './objects.ts';
import { type RequestInfo, type Stored, emit, find, insert, load, save } from './store.server.ts';
import { REUSABLE_TYPES } from './test-data.ts';

/**
 * The charges behind PaymentIntents: one per attempt, pending while a debit processes,
 * succeeded (captured or only authorised) or failed.
 */

/** The payment went through: the attempt's charge succeeds, the method may be saved. */
export async function chargeSucceeded(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<PI>,
  method: Stored<PM>,
): Promise<void> {
  const pi = stored.data;
  const pm = method.data;
  const manual = pi.capture_method === 'manual';
  const existing = pi.latest_charge
    ? await find<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, true)
    : null;
  let charge: Stripe.Charge;
  if (existing && existing.data.status === 'pending') {
    existing.data.status = 'succeeded';
    existing.data.paid = true;
    existing.data.captured = true;
    existing.data.amount_captured = pi.amount;
    await save(tx, existing);
    charge = existing.data;
  } else {
    charge = chargeObject({
      paymentIntent: pi,
      paymentMethod: pm,
      status: 'succeeded',
      captured: !manual,
      failure: null,
      authenticated: stored.hidden.challengePassed === true,
      mandate: pm.type === 'sepa_debit' ? await mandateOf(tx, method) : null,
    });
    await insert(tx, 'charge', charge);
  }
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.last_payment_error = null;
  pi.processing = null;
  stored.advanceAt = null;
  if (manual) {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
  } else {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
  }
  // Saving for later attaches the method to the intent's customer, as Stripe does.
  if (pi.setup_future_usage && pi.customer && !pm.customer && REUSABLE_TYPES.includes(pm.type)) {
    const pmStored = await load<PM>(tx, 'payment_method', pm.id, { lock: true });
    pmStored.data.customer = pi.customer as string;
    pmStored.customer = pi.customer as string;
    pmStored.hidden.authenticated = true;
    await save(tx, pmStored);
    await emit(tx, request, 'payment_method.attached', pmStored.data);
  }
  await save(tx, stored);
  await emit(tx, request, 'charge.succeeded', charge);
  await emit(
    tx,
    request,
    manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    pi,
  );
}

/** A declined attempt leaves a failed charge; its id goes into the error. */
export async function chargeDeclined(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<PI>,
  method: Stored<PM>,
  error: { code: string; message: string },
): Promise<Record<string, unknown>> {
  const charge = chargeObject({
    paymentIntent: stored.data,
    paymentMethod: method.data,
    status: 'failed',
    captured: false,
    failure: { code: error.code, message: error.message },
  });
  await insert(tx, 'charge', charge);
  stored.data.latest_charge = charge.id;
  await emit(tx, request, 'charge.failed', charge);
  return {
    charge: charge.id,
    doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`,
  };
}

/** A debit was submitted: the charge is pending until it settles. */
export async function chargePending(
  tx: Tx,
  request: RequestInfo,
  stored: Stored<PI>,
  method: Stored<PM>,
  settleAfterMs: number,
): Promise<void> {
  const pi = stored.data;
  pi.status = 'processing';
  pi.processing = null;
  stored.advanceAt = new Date(Date.now() + settleAfterMs);
  const charge = chargeObject({
    paymentIntent: pi,
    paymentMethod: method.data,
    status: 'pending',
    captured: false,
    failure: null,
    mandate: method.data.type === 'sepa_debit' ? await mandateOf(tx, method) : null,
  });
  await insert(tx, 'charge', charge);
  pi.latest_charge = charge.id;
  await save(tx, stored);
  await emit(tx, request, 'payment_intent.processing', pi);
}

/**
 * The method's SEPA mandate: the one accepted when it was first debited or set up, else a new
 * one, as Stripe reuses a mandate for every later debit of the same account.
 */
export async function mandateOf(tx: Tx, method: Stored<PM>): Promise<string> {
  const known = method.hidden.mandate;
  if (typeof known === 'string') return known;
  const mandate = mandateObject(method.data.id);
  await insert(tx, 'mandate', mandate);
  method.hidden.mandate = mandate.id;
  await save(tx, method);
  return mandate.id;
}

export async function retrieveMandate(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'mandate', id)).data);
}

/** A pending debit came back unpaid. */
export async function chargeReturned(tx: Tx, request: RequestInfo, pi: PI): Promise<void> {
  const charge = pi.latest_charge
    ? await find<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, true)
    : null;
  if (!charge) return;
  charge.data.status = 'failed';
  charge.data.failure_code = 'insufficient_funds';
  charge.data.failure_message = 'The account has insufficient funds to cover this payment.';
  await save(tx, charge);
  await emit(tx, request, 'charge.failed', charge.data);
}

/**
 * Canceling an authorised, uncaptured payment releases it: Stripe refunds the whole
 * authorisation on the charge and says so with charge.refunded.
 */
export async function releaseAuthorization(tx: Tx, request: RequestInfo, pi: PI): Promise<void> {
  if (pi.status !== 'requires_capture' || !pi.latest_charge) return;
  const charge = await load<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, {
    lock: true,
  });
  const previous = { amount_refunded: charge.data.amount_refunded, refunded: charge.data.refunded };
  charge.data.amount_refunded = charge.data.amount;
  charge.data.refunded = true;
  await save(tx, charge);
  await emit(tx, request, 'charge.refunded', charge.data, previous);
}

export async function retrieveCharge(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'charge', id)).data);
}
