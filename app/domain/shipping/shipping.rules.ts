import type {
  FlatRateSettings,
  FreeShippingSettings,
  LocalPickupSettings,
  ShippingMethodId,
  ShippingMethodSettings,
  ZoneLocationType,
} from './shipping.schema.ts';

/** Pure shipping rules: which zone a destination falls in and what each of its methods costs. */

export type Destination = { country: string; state: string; postcode: string };

export type ZoneRule = {
  id: number;
  position: number;
  restOfWorld: boolean;
  locations: { type: ZoneLocationType; code: string }[];
};

export type MethodRule = {
  instanceId: number;
  methodId: ShippingMethodId;
  position: number;
  enabled: boolean;
  settings: ShippingMethodSettings;
};

/** What the rates depend on; amounts are gross minor units. */
export type PackageFacts = {
  /** The shipping class of each item needing shipping; null for items without one. */
  classes: (string | null)[];
  itemsBeforeDiscount: number;
  itemsAfterDiscount: number;
  /** A coupon in the cart grants free shipping. */
  freeShippingCoupon: boolean;
};

export type RateQuote = {
  instanceId: number;
  methodId: ShippingMethodId;
  cost: number;
  taxable: boolean;
};

const compact = (postcode: string) => postcode.toUpperCase().replace(/[\s-]/g, '');

/**
 * Whether a postcode fits a zone's pattern: exact ("04109"), a wildcard prefix ("04*"), or a
 * numeric range ("04000...04999"). Spaces and dashes are ignored on both sides.
 */
export function postcodeMatches(pattern: string, postcode: string): boolean {
  const code = compact(postcode);
  if (code === '') return false;
  const range = /^\s*([0-9]+)\s*\.\.\.\s*([0-9]+)\s*$/.exec(pattern);
  if (range) {
    if (!/^\d+$/.test(code)) return false;
    const value = Number(code);
    const low = Number(range[1]);
    const high = Number(range[2]);
    return value >= Math.min(low, high) && value <= Math.max(low, high);
  }
  const wanted = compact(pattern);
  if (wanted.endsWith('*')) return code.startsWith(wanted.slice(0, -1));
  return code === wanted;
}

/**
 * A zone matches when one of its regions (countries or states) holds the destination and,
 * if it lists postcodes, one of them fits. A zone without regions or postcodes matches nothing.
 */
export function zoneMatches(zone: ZoneRule, to: Destination): boolean {
  if (zone.restOfWorld) return true;
  const regions = zone.locations.filter((l) => l.type !== 'postcode');
  const postcodes = zone.locations.filter((l) => l.type === 'postcode');
  if (regions.length === 0 && postcodes.length === 0) return false;
  const inRegion =
    regions.length === 0 ||
    regions.some((l) =>
      l.type === 'country' ? l.code === to.country : l.code === `${to.country}:${to.state}`,
    );
  if (!inRegion) return false;
  return postcodes.length === 0 || postcodes.some((l) => postcodeMatches(l.code, to.postcode));
}

/** The first matching zone in position order; the rest-of-world zone only when none does. */
export function findZone<Z extends ZoneRule>(zones: readonly Z[], to: Destination): Z | null {
  const ordered = [...zones].sort((a, b) => a.position - b.position || a.id - b.id);
  return (
    ordered.find((z) => !z.restOfWorld && zoneMatches(z, to)) ??
    ordered.find((z) => z.restOfWorld) ??
    null
  );
}

/** Flat rate: the base cost plus the cost of the classes in the package. */
export function flatRateCost(
  settings: FlatRateSettings,
  classes: readonly (string | null)[],
): number {
  const present = [...new Set(classes)];
  const extras = present.map((slug) =>
    slug === null ? settings.noClassCost : (settings.classCosts[slug] ?? 0),
  );
  if (extras.length === 0) return settings.cost;
  const extra =
    settings.calculation === 'per_order'
      ? Math.max(...extras)
      : extras.reduce((sum, cost) => sum + cost, 0);
  return settings.cost + extra;
}

/**
 * Free shipping as WooCommerce decides it: the minimum is compared with the items' gross after
 * coupon discounts unless the method ignores discounts; deposits and fees never count.
 */
export function freeShippingAvailable(
  settings: FreeShippingSettings,
  facts: PackageFacts,
): boolean {
  const amount = settings.ignoreDiscounts ? facts.itemsBeforeDiscount : facts.itemsAfterDiscount;
  const reachesMinimum = amount >= settings.minAmount;
  switch (settings.requires) {
    case 'none':
      return true;
    case 'min_amount':
      return reachesMinimum;
    case 'coupon':
      return facts.freeShippingCoupon;
    case 'either':
      return reachesMinimum || facts.freeShippingCoupon;
    case 'both':
      return reachesMinimum && facts.freeShippingCoupon;
  }
}

/** The rates a zone's methods offer for a package, in method order. */
export function quoteRates(methods: readonly MethodRule[], facts: PackageFacts): RateQuote[] {
  return [...methods]
    .filter((m) => m.enabled)
    .filter((m) => !m.settings.excludedClasses?.some((c) => facts.classes.includes(c)))
    .sort((a, b) => a.position - b.position || a.instanceId - b.instanceId)
    .flatMap((m): RateQuote[] => {
      const base = { instanceId: m.instanceId, methodId: m.methodId };
      switch (m.methodId) {
        case 'flat_rate': {
          const s = m.settings as FlatRateSettings;
          return [{ ...base, cost: flatRateCost(s, facts.classes), taxable: s.taxable }];
        }
        case 'free_shipping':
          return freeShippingAvailable(m.settings as FreeShippingSettings, facts)
            ? [{ ...base, cost: 0, taxable: false }]
            : [];
        case 'local_pickup':
        case 'pickup_point': {
          const s = m.settings as LocalPickupSettings;
          return [{ ...base, cost: s.cost, taxable: s.taxable }];
        }
      }
    });
}

export const rateId = (q: { methodId: string; instanceId: number }) =>
  `${q.methodId}:${q.instanceId}`;

/** The shopper's choice if it is still offered, otherwise the first rate. */
export function chooseRate<R extends { rateId: string }>(
  rates: readonly R[],
  chosen: string | undefined,
): R | null {
  return rates.find((r) => r.rateId === chosen) ?? rates[0] ?? null;
}

/**
 * What a zone's free shipping promises every shopper: `minAmount` null when it is always free,
 * the lowest minimum otherwise, null when none of its enabled free-shipping methods is
 * reached by spending alone (only with a coupon, or no such method).
 */
export function freeShippingOffer(
  methods: readonly MethodRule[],
): { minAmount: number | null } | null {
  const minimums = methods
    .filter((m) => m.enabled && m.methodId === 'free_shipping')
    .flatMap((m) => {
      const s = m.settings as FreeShippingSettings;
      if (s.requires === 'none') return [0];
      if (s.requires === 'min_amount' || s.requires === 'either') return [Math.max(0, s.minAmount)];
      return [];
    });
  if (minimums.length === 0) return null;
  const lowest = Math.min(...minimums);
  return { minAmount: lowest > 0 ? lowest : null };
}
