import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PI, listParams, ok, secretOnly } from './caller.ts';
import { MAX_AMOUNT } from './intent-params.ts';
import { refundObject } from './objects.ts';
import { type Params, invalid, metadataOf, optEnum, optInt, optString } from './params.ts';
import { type Stored, emit, insert, list, load, save } from './store.server.ts';

/**
 * Refunds of succeeded charges: full or partial, several per charge, never more than is left.
 * The charge follows (`amount_refunded`, `refunded`, `refunds`), and `refund.created` and
 * `charge.refunded` go out through the webhook queue; an update sends `refund.updated`.
 */

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** The charge a refund is for, from `charge` or `payment_intent` (both must agree). */
async function chargeToRefund(tx: Tx, p: Params): Promise<Stored<Stripe.Charge>> {
  const piId = optString(p, 'payment_intent', 255);
  const chargeId = optString(p, 'charge', 255);
  if (!piId && !chargeId) {
    throw invalid(
      undefined,
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  let fromIntent: string | undefined;
  if (piId) {
    const pi = await load<PI>(tx, 'payment_intent', piId, { param: 'payment_intent' });
    if (pi.data.status !== 'succeeded' || !pi.data.latest_charge) {
      throw invalid(
        'payment_intent',
        `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    fromIntent = pi.data.latest_charge as string;
  }
  if (chargeId && fromIntent && chargeId !== fromIntent) {
    throw invalid(
      'charge',
      `The charge ${chargeId} does not belong to the PaymentIntent ${piId}.`,
      'parameter_invalid',
    );
  }
  return load<Stripe.Charge>(tx, 'charge', chargeId ?? fromIntent!, {
    lock: true,
    param: chargeId ? 'charge' : 'payment_intent',
  });
}

export async function createRefund(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const charge = await chargeToRefund(tx, p);
  const c = charge.data;
  if (c.status !== 'succeeded' || !c.captured) {
    throw invalid(
      'charge',
      `Charge ${c.id} has not succeeded and cannot be refunded.`,
      'charge_not_refundable',
    );
  }
  const remaining = c.amount_captured - c.amount_refunded;
  if (remaining <= 0) {
    throw invalid('charge', `Charge ${c.id} has already been refunded.`, 'charge_already_refunded');
  }
  const amount = optInt(p, 'amount', 1, MAX_AMOUNT) ?? remaining;
  if (amount > remaining) {
    throw invalid(
      'amount',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount_too_large',
    );
  }
  const refund = refundObject({
    amount,
    charge: c.id,
    currency: c.currency,
    paymentIntent: c.payment_intent as string,
    customer: typeof c.customer === 'string' ? c.customer : null,
    paymentMethod: typeof c.payment_method === 'string' ? c.payment_method : null,
    reason: optEnum(p, 'reason', REASONS) ?? null,
    metadata: metadataOf(p) ?? {},
  });
  // Listed by intent and charge without reading every refund.
  await insert(tx, 'refund', refund, { customer: c.payment_intent as string });
  const previous = {
    amount_refunded: c.amount_refunded,
    refunded: c.refunded,
    refunds: c.refunds,
  };
  c.amount_refunded += amount;
  c.refunded = c.amount_refunded >= c.amount_captured;
  const earlier = c.refunds?.data ?? [];
  c.refunds = {
    object: 'list',
    data: [refund, ...earlier],
    has_more: false,
    url: `/v1/charges/${c.id}/refunds`,
  };
  await save(tx, charge);
  await emit(tx, caller, 'refund.created', refund);
  await emit(tx, caller, 'charge.refunded', c, previous);
  return ok(refund);
}

export async function retrieveRefund(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'refund', id)).data);
}

/** Only the metadata of a refund changes; the charge's copy follows. */
export async function updateRefund(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<Stripe.Refund>(tx, 'refund', id, { lock: true });
  const refund = stored.data;
  const metadata = metadataOf(p, refund.metadata ?? {});
  if (!metadata) return ok(refund);
  const previous = { metadata: refund.metadata };
  refund.metadata = metadata;
  await save(tx, stored);
  const charge = await load<Stripe.Charge>(tx, 'charge', refund.charge as string, { lock: true });
  const listed = charge.data.refunds?.data ?? [];
  charge.data.refunds = {
    ...charge.data.refunds!,
    data: listed.map((r) => (r.id === refund.id ? refund : r)),
  };
  await save(tx, charge);
  await emit(tx, caller, 'refund.updated', refund, previous);
  return ok(refund);
}

/** Refunds newest first, of one PaymentIntent or one charge, or all. */
export async function listRefunds(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const { limit, startingAfter } = listParams(p);
  const piId = optString(p, 'payment_intent', 255);
  const chargeId = optString(p, 'charge', 255);
  if (piId) await load(tx, 'payment_intent', piId, { param: 'payment_intent' });
  const charge = chargeId
    ? await load<Stripe.Charge>(tx, 'charge', chargeId, { param: 'charge' })
    : null;
  const owner = piId ?? (charge?.data.payment_intent as string | undefined);
  const found = await list<Stripe.Refund>(tx, 'refund', {
    customer: owner,
    limit: chargeId ? 100 : limit,
    startingAfter,
  });
  const data = chargeId ? found.data.filter((r) => r.charge === chargeId) : found.data;
  return ok({
    object: 'list',
    data: data.slice(0, limit),
    has_more: data.length > limit || found.hasMore,
    url: '/v1/refunds',
  });
}
