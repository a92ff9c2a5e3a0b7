import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PM, ok, secretOnly } from './caller.ts';
import { shippingOf } from './intent-params.ts';
import { confirmationTokenObject, now } from './objects.ts';
import { type Params, invalid, missingParam, optEnum, optObject, optString } from './params.ts';
import { createMethodFrom, methodById } from './payment-methods.server.ts';
import { type Stored, insert, load } from './store.server.ts';

/** Confirmation tokens: what Stripe.js (or a wallet's sheet) hands the server to confirm with. */
export async function createConfirmationToken(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  let method: Stored<PM>;
  const pmId = optString(p, 'payment_method', 255);
  const data = optObject(p, 'payment_method_data');
  if (pmId) method = await methodById(tx, caller, pmId, 'payment_method');
  else if (data) method = await createMethodFrom(tx, caller, data, 'payment_method_data');
  else throw missingParam('payment_method_data');
  const token = confirmationTokenObject({
    paymentMethod: method.data,
    returnUrl: optString(p, 'return_url', 2048) ?? null,
    setupFutureUsage:
      optEnum(p, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
    // A wallet's sheet sends the chosen address with the token.
    shipping: (shippingOf(p) as Stripe.ConfirmationToken.Shipping | null | undefined) ?? null,
  });
  await insert(tx, 'confirmation_token', token, { hidden: { paymentMethod: method.id } });
  return ok(token);
}

export async function retrieveConfirmationToken(
  tx: Tx,
  caller: Caller,
  id: string,
): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'confirmation_token', id)).data);
}

export async function methodFromToken(
  tx: Tx,
  id: string,
): Promise<{ method: string; token: Stripe.ConfirmationToken }> {
  const stored = await load<Stripe.ConfirmationToken>(tx, 'confirmation_token', id, {
    param: 'confirmation_token',
  });
  if (stored.data.expires_at && stored.data.expires_at < now()) {
    throw invalid('confirmation_token', 'This ConfirmationToken has expired.', 'resource_missing');
  }
  return { method: stored.hidden.paymentMethod as string, token: stored.data };
}
