import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { ChargeDetails } from './charge-details.view.ts';
import { stripePaymentDetails } from './stripe.schema.ts';

/** A charge's details as the shop keeps them: never more of the card than brand and last four. */
export function chargeDetailsOf(charge: Stripe.Charge): ChargeDetails {
  const method = charge.payment_method_details;
  const card = method?.card;
  const sepa = method?.sepa_debit;
  const secure = card?.three_d_secure;
  return {
    chargeId: charge.id,
    chargeStatus: charge.status,
    methodType: method?.type ?? 'unknown',
    brand: card?.brand ?? null,
    last4: card?.last4 ?? sepa?.last4 ?? null,
    threeDSecure: secure
      ? {
          flow: secure.authentication_flow ?? null,
          result: secure.result ?? null,
          version: secure.version ?? null,
        }
      : null,
    mandateId: sepa?.mandate ?? null,
  };
}

/**
 * Keeps the charge's details for the order. A succeeded charge is not replaced by an older
 * failed one arriving late; a later attempt's charge replaces an earlier failed one.
 */
export async function recordChargeDetails(
  db: Tx,
  orderId: number,
  charge: Stripe.Charge,
): Promise<void> {
  const details = chargeDetailsOf(charge);
  const t = stripePaymentDetails;
  await db
    .insert(t)
    .values({ orderId, ...details })
    .onConflictDoUpdate({
      target: t.orderId,
      set: { ...details, updatedAt: new Date() },
      setWhere: sql`${t.chargeId} = ${details.chargeId} or ${t.chargeStatus} <> 'succeeded'`,
    });
}

/** The order's kept charge details, if any. */
export async function storedChargeDetails(db: Tx, orderId: number): Promise<ChargeDetails | null> {
  const [row] = await db
    .select()
    .from(stripePaymentDetails)
    .where(eq(stripePaymentDetails.orderId, orderId));
  if (!row) return null;
  const { orderId: _order, updatedAt: _at, ...details } = row;
  return details;
}

/** The shop stops asking Stripe about a charge once it can no longer change. */
const settledCharge = (details: ChargeDetails | null) =>
  details !== null && details.chargeStatus !== 'pending';

/**
 * The order's charge details: the kept ones, else Stripe's latest charge of the order's
 * intent, kept for next time. `unreachable` says Stripe did not answer; the page then shows
 * what it has.
 */
export async function orderChargeDetails(
  db: Tx,
  stripe: Stripe | null,
  order: Pick<OrderRow, 'id' | 'paymentIntentId'>,
): Promise<{ details: ChargeDetails | null; unreachable: boolean }> {
  const kept = await storedChargeDetails(db, order.id);
  if (settledCharge(kept) || !order.paymentIntentId || !stripe) {
    return { details: kept, unreachable: false };
  }
  try {
    const intent = await stripe.paymentIntents.retrieve(
      order.paymentIntentId,
      { expand: ['latest_charge'] },
      { timeout: 5_000, maxNetworkRetries: 0 },
    );
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string') return { details: kept, unreachable: false };
    await recordChargeDetails(db, order.id, charge);
    return { details: chargeDetailsOf(charge), unreachable: false };
  } catch {
    return { details: kept, unreachable: true };
  }
}
