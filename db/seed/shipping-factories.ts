import { forgetShippingSetup } from '#app/domain/shipping/shipping.server.ts';
import {
  type ShippingMethodId,
  type ShippingMethodSettings,
  type ZoneLocationType,
  shippingClasses,
  shippingMethods,
  shippingZoneLocations,
  shippingZones,
} from '#app/domain/shipping/shipping.schema.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/lib/db.server.ts';

export async function createShippingClass(
  db: Tx,
  input: { slug: string; name: Localized; description?: Localized },
) {
  const [row] = await db
    .insert(shippingClasses)
    .values({ slug: input.slug, name: input.name, description: input.description ?? null })
    .returning();
  return row!;
}

export type ShippingMethodInput = {
  methodId: ShippingMethodId;
  title: Localized;
  description?: Localized;
  deliveryTime?: Localized;
  enabled?: boolean;
  settings: ShippingMethodSettings;
};

export type ShippingZoneInput = {
  name: Localized;
  position?: number;
  restOfWorld?: boolean;
  locations?: { type: ZoneLocationType; code: string }[];
  methods?: ShippingMethodInput[];
};

/** A zone with its locations and methods (methods in the order given). */
export async function createShippingZone(db: Tx, input: ShippingZoneInput) {
  const [zone] = await db
    .insert(shippingZones)
    .values({
      name: input.name,
      position: input.position ?? 0,
      restOfWorld: input.restOfWorld ?? false,
    })
    .returning();
  if (input.locations?.length) {
    await db
      .insert(shippingZoneLocations)
      .values(input.locations.map((l) => ({ zoneId: zone!.id, ...l })));
  }
  const methods = input.methods?.length
    ? await db
        .insert(shippingMethods)
        .values(
          input.methods.map((m, position) => ({
            zoneId: zone!.id,
            methodId: m.methodId,
            position,
            enabled: m.enabled ?? true,
            title: m.title,
            description: m.description ?? null,
            deliveryTime: m.deliveryTime ?? null,
            settings: m.settings,
          })),
        )
        .returning()
    : [];
  forgetShippingSetup(db);
  return { zone: zone!, methods };
}
