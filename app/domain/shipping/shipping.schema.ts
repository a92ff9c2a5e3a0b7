import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Localized } from '#app/domain/kernel/localized.ts';

/** Groups of products that cost the same to ship (Sperrgut); products name one by `shipping_class`. */
export const shippingClasses = pgTable('shipping_classes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>(),
});

/**
 * Where the shop ships, tried in `position` order; the first zone whose locations match the
 * destination wins, and the one rest-of-world zone takes everything else.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Localized>().notNull(),
    position: integer('position').notNull().default(0),
    restOfWorld: boolean('rest_of_world').notNull().default(false),
  },
  (t) => [
    uniqueIndex('shipping_zones_rest_of_world_idx')
      .on(t.restOfWorld)
      .where(sql`${t.restOfWorld}`),
  ],
);

export const ZONE_LOCATION_TYPES = ['country', 'state', 'postcode'] as const;
export type ZoneLocationType = (typeof ZONE_LOCATION_TYPES)[number];

/** country: "DE"; state: "US:CA"; postcode: "04109", "04*" or "04000...04999". */
export const shippingZoneLocations = pgTable(
  'shipping_zone_locations',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ZONE_LOCATION_TYPES }).notNull(),
    code: text('code').notNull(),
  },
  (t) => [index('shipping_zone_locations_zone_idx').on(t.zoneId)],
);

export const SHIPPING_METHOD_IDS = [
  'flat_rate',
  'free_shipping',
  'local_pickup',
  'pickup_point',
] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

/** Every method may refuse packages holding certain classes (bulky goods only within Germany). */
type ClassLimits = { excludedClasses?: string[] };

export type FlatRateSettings = ClassLimits & {
  /** Gross minor units for the package. */
  cost: number;
  taxable: boolean;
  /** Extra gross cost per shipping class slug present in the package. */
  classCosts: Record<string, number>;
  /** Extra cost for items without a shipping class (a class without a cost adds nothing). */
  noClassCost: number;
  /** per_class: every class present adds its cost; per_order: only the most expensive one. */
  calculation: 'per_class' | 'per_order';
};

export type FreeShippingSettings = ClassLimits & {
  /** What makes the method available: nothing, a minimum amount, a free-shipping coupon, or both. */
  requires: 'none' | 'min_amount' | 'coupon' | 'either' | 'both';
  /** Gross minor units the items must reach. */
  minAmount: number;
  /** Whether the minimum is compared before coupon discounts (WooCommerce: off). */
  ignoreDiscounts: boolean;
};

export type LocalPickupSettings = ClassLimits & { cost: number; taxable: boolean };

/** Delivery to a pickup point or parcel locker the shopper chooses from the provider's list. */
export type PickupPointSettings = ClassLimits & {
  cost: number;
  taxable: boolean;
  provider: string;
};

export type ShippingMethodSettings =
  FlatRateSettings | FreeShippingSettings | LocalPickupSettings | PickupPointSettings;

/** A method offered in a zone; its id is the instance id in rate ids such as "flat_rate:3". */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    methodId: text('method_id', { enum: SHIPPING_METHOD_IDS }).notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    title: jsonb('title').$type<Localized>().notNull(),
    /** Shown under the rate: where to pick up, how it is delivered. */
    description: jsonb('description').$type<Localized>(),
    deliveryTime: jsonb('delivery_time').$type<Localized>(),
    settings: jsonb('settings').$type<ShippingMethodSettings>().notNull(),
  },
  (t) => [index('shipping_methods_zone_idx').on(t.zoneId, t.position)],
);
