import { eq } from 'drizzle-orm';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { Rollback } from '#app/domain/orders/orders.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { storedPickupPoint } from '#app/domain/shipping/pickup-points.ts';
import { findPickupPoint } from '#app/domain/shipping/pickup-points.server.ts';
import type { CheckoutInput } from './checkout-input.ts';

// The checks of a placement that stop it before anything is stored or charged, and the
// idempotency key's lookups.

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
