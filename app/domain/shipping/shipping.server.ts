import { asc } from 'drizzle-orm';
import { type Tx, readAll } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import {
  COUNTRY_CODES,
  SHOP_COUNTRY,
  isKnownCountry,
} from '#app/domain/customers/address-locale.ts';
import type { ShippingInput, TotalsInput } from '#app/domain/pricing/totals/totals.ts';
import { computeTotals } from '#app/domain/pricing/totals/totals.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type MethodRule,
  type ZoneRule,
  chooseRate,
  findZone,
  freeShippingOffer,
  quoteRates,
  rateId,
} from './shipping.rules.ts';
import { PICKUP_DELIVERY_METHOD } from './pickup-points.ts';
import { shippingMethods, shippingZoneLocations, shippingZones } from './shipping.schema.ts';
import {
  type CartShipping,
  type CustomerAddress,
  type ShippingPackageView,
  type ShippingRateView,
  emptyAddress,
} from './shipping.view.ts';

type ZoneSetup = ZoneRule & {
  name: typeof shippingZones.$inferSelect.name;
  methods: (MethodRule & typeof shippingMethods.$inferSelect)[];
};

const SETUP_KEY = 'shipping.setup';

/** Zones with their locations and methods; read on every cart view, so kept a few seconds. */
export function shippingSetup(db: Tx): Promise<ZoneSetup[]> {
  return shortLived(db, SETUP_KEY, REFERENCE_TTL_MS, async () => {
    const [zones, locations, methods] = await readAll(db, [
      () =>
        db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
      () => db.select().from(shippingZoneLocations),
      () => db.select().from(shippingMethods),
    ] as const);
    return zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      position: zone.position,
      restOfWorld: zone.restOfWorld,
      locations: locations
        .filter((l) => l.zoneId === zone.id)
        .map((l) => ({ type: l.type, code: l.code })),
      methods: methods.filter((m) => m.zoneId === zone.id).map((m) => ({ ...m, instanceId: m.id })),
    }));
  });
}

/** After an edit of zones or methods, so this instance shows it at once. */
export function forgetShippingSetup(db: Tx): void {
  forget(db, SETUP_KEY);
}

export type CartCustomer = {
  shippingAddress: CustomerAddress;
  billingAddress: CustomerAddress;
  calculated: boolean;
  chosenRates: Record<string, string>;
};

/** The estimate used until the shopper names a destination: the shop's own country. */
export function defaultCustomer(): CartCustomer {
  return {
    shippingAddress: emptyAddress(SHOP_COUNTRY),
    billingAddress: emptyAddress(SHOP_COUNTRY),
    calculated: false,
    chosenRates: {},
  };
}

export type ShippableLine = {
  key: string;
  name: string;
  quantity: number;
  shippingClass: string | null;
  needsShipping: boolean;
};

/**
 * The cart's one package, its rates for the destination and the chosen one. Each rate's VAT
 * comes from the totals engine, split over the cart's rates as the chosen one will be.
 * `totalsInput` is what the cart adds up without shipping (lines, coupons, fees).
 */
export async function cartShipping(
  db: Tx,
  input: {
    customer: CartCustomer;
    lines: readonly ShippableLine[];
    totalsInput: TotalsInput;
    freeShippingCoupon: boolean;
  },
  locale: Locale,
): Promise<{ view: CartShipping; shipping: ShippingInput | null }> {
  const { customer, lines, totalsInput } = input;
  const shippable = lines.filter((l) => l.needsShipping);
  const base = {
    address: customer.shippingAddress,
    billingAddress: customer.billingAddress,
    hasCalculatedShipping: customer.calculated,
  };
  if (shippable.length === 0) {
    return {
      view: { ...base, packages: [], chosen: null, needsShipping: false },
      shipping: null,
    };
  }
  // Free-shipping thresholds are gross amounts, whoever owes the VAT.
  const withoutShipping = computeTotals({ ...totalsInput, vatFree: false });
  const zone = findZone(await shippingSetup(db), customer.shippingAddress);
  const quotes = zone
    ? quoteRates(zone.methods, {
        classes: shippable.map((l) => l.shippingClass),
        itemsBeforeDiscount: withoutShipping.items.beforeDiscount.gross,
        itemsAfterDiscount: withoutShipping.items.afterDiscount.gross,
        freeShippingCoupon: input.freeShippingCoupon,
      })
    : [];
  const packageId = 0;
  const chosenId = chooseRate(
    quotes.map((q) => ({ rateId: rateId(q) })),
    customer.chosenRates[String(packageId)],
  )?.rateId;
  const methods = new Map(zone?.methods.map((m) => [m.instanceId, m]));
  const rates = quotes.map((q): ShippingRateView => {
    const id = rateId(q);
    const method = methods.get(q.instanceId)!;
    const taxed = computeTotals({
      ...totalsInput,
      shipping: { id, cost: q.cost, taxable: q.taxable },
    }).shipping!;
    return {
      rateId: id,
      instanceId: q.instanceId,
      methodId: q.methodId,
      name: localize(method.title, locale),
      description: localize(method.description, locale),
      deliveryTime: localize(method.deliveryTime, locale),
      // Net under reverse charge and export, as the totals charge it.
      cost: taxed.gross,
      tax: taxed.tax,
      taxable: q.taxable,
      selected: id === chosenId,
      ...(q.methodId === 'pickup_point' ? { deliveryMethodType: PICKUP_DELIVERY_METHOD } : {}),
    };
  });
  const pkg: ShippingPackageView = {
    packageId,
    items: shippable.map((l) => ({ key: l.key, name: l.name, quantity: l.quantity })),
    rates,
    chosenRateId: chosenId ?? null,
  };
  const chosen = rates.find((r) => r.selected) ?? null;
  // The totals take the quoted (gross) cost: the rate's shown cost is already net when no VAT
  // is charged, and netting it twice would undercharge shipping.
  const quoted = quotes.find((q) => rateId(q) === chosen?.rateId);
  return {
    view: { ...base, packages: [pkg], chosen, needsShipping: true },
    shipping:
      chosen && quoted ? { id: chosen.rateId, cost: quoted.cost, taxable: chosen.taxable } : null,
  };
}

/** A cart with nothing to ship still has the shopper's destination. */
export function shippingWithoutPackages(customer: CartCustomer): CartShipping {
  return {
    address: customer.shippingAddress,
    billingAddress: customer.billingAddress,
    hasCalculatedShipping: customer.calculated,
    packages: [],
    chosen: null,
    needsShipping: false,
  };
}

/**
 * The countries some zone ships to with an enabled method, sorted; every known country when
 * the rest-of-world zone has one. Postcode- or state-limited zones count for their country.
 */
export async function shippingCountries(db: Tx): Promise<string[]> {
  const zones = (await shippingSetup(db)).filter((z) => z.methods.some((m) => m.enabled));
  if (zones.some((z) => z.restOfWorld)) return [...COUNTRY_CODES].sort();
  const codes = new Set<string>();
  for (const zone of zones) {
    for (const l of zone.locations) {
      if (l.type === 'country') codes.add(l.code);
      else if (l.type === 'state') codes.add(l.code.split(':')[0]!);
    }
  }
  return [...codes].filter(isKnownCountry).sort();
}

/**
 * The free shipping the zone of a cart without an address (the shop's own country) offers;
 * read from the kept zones, so every page may show it.
 */
export async function homeFreeShipping(db: Tx): Promise<{ minAmount: number | null } | null> {
  const zone = findZone(await shippingSetup(db), defaultCustomer().shippingAddress);
  return zone ? freeShippingOffer(zone.methods) : null;
}

/**
 * The name of each shipping rate the shop offers, in the reader's language, by rate id
 * (`flat_rate:3`): an order stores its rate's name in the shopper's language at the time.
 */
export async function rateNames(db: Tx, locale: Locale): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const zone of await shippingSetup(db)) {
    for (const method of zone.methods) names.set(rateId(method), localize(method.title, locale));
  }
  return names;
}
