import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type PickupPoint,
  type PickupQuery,
  normalizePostcode,
  pickupProvider,
} from './pickup-points.ts';
import type { PickupPointSettings } from './shipping.schema.ts';
import { shippingSetup } from './shipping.server.ts';

/** The enabled pickup-point method a rate id ("pickup_point:7") names, with its provider. */
async function pickupMethod(db: Tx, rateId: string) {
  const match = /^pickup_point:(\d{1,9})$/.exec(rateId);
  if (!match) return null;
  const instanceId = Number(match[1]);
  for (const zone of await shippingSetup(db)) {
    const method = zone.methods.find((m) => m.instanceId === instanceId);
    if (method?.methodId === 'pickup_point' && method.enabled) {
      return pickupProvider((method.settings as PickupPointSettings).provider);
    }
  }
  return null;
}

/** The points a pickup-point rate offers near a postcode, nearest first. */
export async function pickupPointsNear(
  db: Tx,
  rateId: string,
  query: PickupQuery,
): Promise<Result<PickupPoint[]>> {
  const provider = await pickupMethod(db, rateId);
  if (!provider) return fail(domainError('not_found', 'shipping.error.invalid_rate'));
  if (!normalizePostcode(query.country, query.postcode)) return ok([]);
  return ok(await provider.near(query));
}

/** The point with this id if the rate's provider offers it near the postcode; else null. */
export async function findPickupPoint(
  db: Tx,
  rateId: string,
  query: PickupQuery,
  pointId: string,
): Promise<PickupPoint | null> {
  const points = await pickupPointsNear(db, rateId, query);
  return points.ok ? (points.value.find((p) => p.id === pointId) ?? null) : null;
}
