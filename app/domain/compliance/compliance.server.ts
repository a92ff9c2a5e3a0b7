import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { FoodData, PowerSupply } from './compliance.types.ts';
import { deliveryTimes, depositTypes, manufacturers } from './compliance.schema.ts';

import type {
  DeliveryTimeView,
  DepositView,
  FoodView,
  ManufacturerView,
} from './compliance.view.ts';

export type ComplianceRefs = {
  deliveryTimes: Map<number, DeliveryTimeView>;
  deposits: Map<number, Omit<DepositView, 'quantity' | 'amount'>>;
  manufacturers: Map<number, ManufacturerView>;
};

type RefIds = {
  deliveryTimeId: number | null;
  depositTypeId: number | null;
  manufacturerId: number | null;
  responsiblePersonId: number | null;
};

/** The delivery times, deposit types and manufacturers: small tables, read once per few seconds. */
export async function loadComplianceRefs(
  db: Tx,
  rows: RefIds[],
  locale: Locale,
): Promise<ComplianceRefs> {
  const load = () =>
    shortLived(db, 'compliance-refs', REFERENCE_TTL_MS, () =>
      readAll(db, [
        () => db.select().from(deliveryTimes),
        () => db.select().from(depositTypes),
        () => db.select().from(manufacturers),
      ] as const),
    );
  let [dts, dps, mks] = await load();
  // A row added since the last read is fetched at once rather than after the cache expires.
  const known = (list: { id: number }[], id: number | null) =>
    id === null || list.some((x) => x.id === id);
  const complete = rows.every(
    (r) =>
      known(dts, r.deliveryTimeId) &&
      known(dps, r.depositTypeId) &&
      known(mks, r.manufacturerId) &&
      known(mks, r.responsiblePersonId),
  );
  if (!complete) {
    forget(db, 'compliance-refs');
    [dts, dps, mks] = await load();
  }
  return {
    deliveryTimes: new Map(
      dts.map((d) => [
        d.id,
        { label: localize(d.label, locale), minDays: d.minDays, maxDays: d.maxDays },
      ]),
    ),
    deposits: new Map(
      dps.map((d) => [
        d.id,
        { name: localize(d.name, locale), packagingType: d.packagingType, unitAmount: d.amount },
      ]),
    ),
    manufacturers: new Map(
      mks.map((m) => [
        m.id,
        { name: m.name, postalAddress: m.postalAddress, email: m.email, url: m.url },
      ]),
    ),
  };
}

export function depositFor(
  refs: ComplianceRefs,
  depositTypeId: number | null,
  quantity: number | null,
): DepositView | null {
  const type = depositTypeId === null ? undefined : refs.deposits.get(depositTypeId);
  if (!type) return null;
  const count = quantity && quantity > 0 ? quantity : 1;
  return { ...type, quantity: count, amount: type.unitAmount * count };
}

export function foodView(food: FoodData | null, locale: Locale): FoodView | null {
  if (!food) return null;
  return {
    description: localize(food.description, locale),
    nutriScore: food.nutriScore ?? null,
    nutrientReference: food.nutrientReference,
    nutrients: food.nutrients,
    ingredients: localize(food.ingredients, locale),
    allergens: food.allergens,
    distributor: food.distributor ?? '',
    placeOfOrigin: localize(food.placeOfOrigin, locale),
    netFillingQuantity: food.netFillingQuantity ?? '',
    drainedWeight: food.drainedWeight ?? '',
    alcoholContent: food.alcoholContent ?? null,
  };
}

export type { PowerSupply };
