import { eq } from 'drizzle-orm';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import {
  ACCEPTED_AT_CHECKOUT,
  type LegalVersion,
  legalVersionsInForce,
} from '#app/domain/legal/legal.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { Rollback } from '#app/domain/orders/orders.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { storedPickupPoint } from '#app/domain/shipping/pickup-points.ts';
import { findPickupPoint } from '#app/domain/shipping/pickup-points.server.ts';
import { shippingSetup } from '#app/domain/shipping/shipping.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { CheckoutInput } from './checkout-input.ts';
import { consentTextVersion } from './express.server.ts';

// The checks of a placement that stop it before anything is stored or charged, what it reads
// before its transaction, and the idempotency key's lookups.

/**
 * A rate delivering to a pickup point needs one the provider offers near the destination; the
 * order keeps the provider's data for it. Other rates keep none.
 */
export async function chosenPickupPoint(
  tx: Tx,
  shipping: CartView['shipping'],
  wanted: Record<string, string> | null,
): Promise<Record<string, string> | null> {
  const rate = shipping.chosen;
  if (!rate?.deliveryMethodType) return null;
  const params = { field: 'pickup_point', method: rate.name };
  const id = wanted?.id && (!wanted.rate_id || wanted.rate_id === rate.rateId) ? wanted.id : '';
  if (!id) throw new Rollback(domainError('invalid', 'checkout.error.pickup_point', params));
  const { country, postcode } = shipping.address;
  const point = await findPickupPoint(tx, rate.rateId, { country, postcode }, id);
  if (!point) {
    throw new Rollback(domainError('invalid', 'checkout.error.pickup_point_unknown', params));
  }
  return storedPickupPoint(point, rate);
}

/**
 * A wallet charges what its sheet showed: a rate the sheet offered that the cart no longer
 * offers, or a total that moved since (prices, stock, a coupon, another tab), stops the order
 * before anything is charged.
 */
export function checkExpressOrder(
  input: CheckoutInput,
  shipping: CartView['shipping'],
  total: number,
  currency: string,
) {
  const wanted = input.shippingRates['0'];
  if (shipping.needsShipping && wanted && shipping.chosen?.rateId !== wanted) {
    throw new Rollback(
      domainError('invalid', 'checkout.error.no_shipping', { field: 'shipping_method' }),
    );
  }
  const expected = input.express?.expectedTotal ?? null;
  if (expected !== null && expected !== total) {
    throw new Rollback(domainError('conflict', 'express.error.total_changed', { expected, total }));
  }
  const shown = input.express?.shownTotal ?? null;
  const charged = toProviderAmount(total, minorUnit(currency), providerDecimals(currency));
  if (shown !== null && shown !== charged) {
    throw new Rollback(
      domainError('conflict', 'express.error.total_changed', { shown, total: charged }),
    );
  }
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = e as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}

export async function orderByIdempotencyKey(db: Tx, key: string) {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return order ?? null;
}

/**
 * What is read before the transaction, needing no lock: the wording the terms box referred to
 * when the customer ticked it, and the reference tables every instance keeps a few seconds
 * (a transaction only reads those kept values, see shortLived). The embedded database runs
 * one transaction at a time, so every statement kept out of it serves the other shoppers.
 */
export async function readBeforeTransaction(
  db: Tx,
  input: CheckoutInput,
  locale: Locale,
): Promise<Result<Map<string, LegalVersion>>> {
  const shownVersion = input.express?.textVersion ?? null;
  const [accepted] = await Promise.all([
    // Shared by the checkouts of the next few seconds: many buyers at once read (and on a new
    // shop publish) the versions once, not once each. A wallet order that names the texts it
    // showed is compared with the ones in force now, so it reads them afresh.
    shownVersion !== null
      ? legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT)
      : shortLived(db, 'checkout.legal-versions', REFERENCE_TTL_MS, () =>
          legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT),
        ),
    shippingSetup(db),
    loadComplianceRefs(db, [], locale),
  ]);
  // The consent refers to the texts shown: if one was published since, the shopper reads it.
  if (shownVersion !== null && shownVersion !== consentTextVersion(accepted)) {
    return fail(
      domainError('conflict', 'express.error.terms_changed', {
        shown: shownVersion,
        current: consentTextVersion(accepted),
      }),
    );
  }
  return ok(accepted);
}
