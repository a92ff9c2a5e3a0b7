/**
 * Pickup points and parcel lockers for the shipping methods that deliver to one. A provider
 * answers which points are near a postcode and whether a point id is one of them; the shop
 * ships the offline provider, whose demo locations follow from the postcode alone.
 */

/** The delivery method config a rate carries to the page (spec: `delivery_method_type`). */
export const PICKUP_DELIVERY_METHOD = 'pickup_point';

export type PickupPointKind = 'locker' | 'shop' | 'post_office';

/** When a point is open: every day round the clock, or on the named days between two times. */
export type OpeningHours =
  { days: 'always' } | { days: 'mon_fri' | 'mon_sat'; opens: string; closes: string };

export type PickupPoint = {
  /** Stable for the provider: what the order stores and the checkout checks. */
  id: string;
  kind: PickupPointKind;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  hours: OpeningHours;
  /** Metres from the centre of the shipping postcode. */
  distance: number;
};

export type PickupQuery = { country: string; postcode: string };

export interface PickupPointProvider {
  readonly id: string;
  /** Points near the postcode, nearest first; none where the provider does not deliver. */
  near(query: PickupQuery): Promise<PickupPoint[]>;
}

/** A postcode the providers can look up: the country's digits, nothing else. */
export function normalizePostcode(country: string, postcode: string): string | null {
  const compact = postcode.replace(/\s+/g, '');
  if (country === 'DE') return /^\d{5}$/.test(compact) ? compact : null;
  return null;
}

/** FNV-1a: a small, stable hash, so the same postcode always yields the same places. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The larger city of each German postcode region (first digit). */
const REGION_CITIES = [
  'Dresden',
  'Berlin',
  'Hamburg',
  'Hannover',
  'Düsseldorf',
  'Köln',
  'Frankfurt am Main',
  'Stuttgart',
  'München',
  'Nürnberg',
];
/** Cities whose two-digit postcode area the demo names; other areas get their region's city. */
const AREA_CITIES: Readonly<Record<string, string>> = {
  '04': 'Leipzig',
  '10': 'Berlin',
  '12': 'Berlin',
  '13': 'Berlin',
  '20': 'Hamburg',
  '22': 'Hamburg',
  '50': 'Köln',
  '60': 'Frankfurt am Main',
  '70': 'Stuttgart',
  '80': 'München',
  '81': 'München',
};
const STREETS = [
  'Bahnhofstraße',
  'Hauptstraße',
  'Marktplatz',
  'Schillerstraße',
  'Goethestraße',
  'Lindenallee',
  'Kirchgasse',
  'Ringstraße',
  'Gartenweg',
  'Am Anger',
];
const SHOPS = [
  'Kiosk am Markt',
  'Schreibwaren Lehmann',
  'Getränke Krause',
  'Tabak & Presse Yilmaz',
  'Bäckerei Sommer',
  'Blumen Hoffmann',
];

/**
 * Six demo points per postcode area (the first three digits), so neighbouring postcodes share
 * their points and a chosen point stays valid when the shopper corrects the postcode's last
 * digits; the distances follow the full postcode.
 */
export function offlinePoints(query: PickupQuery): PickupPoint[] {
  const postcode = normalizePostcode(query.country, query.postcode);
  if (!postcode) return [];
  const area = postcode.slice(0, 3);
  const city = AREA_CITIES[postcode.slice(0, 2)] ?? REGION_CITIES[Number(postcode[0])]!;
  const seed = hash(area);
  const kinds: PickupPointKind[] = ['locker', 'shop', 'locker', 'post_office', 'shop', 'locker'];
  const points = kinds.map((kind, i): PickupPoint => {
    const n = (seed >>> (i * 3)) % 1000;
    const street = `${STREETS[(seed + i * 7) % STREETS.length]} ${1 + ((seed >>> i) % 98)}`;
    const name =
      kind === 'locker'
        ? `Packstation ${100 + ((n + i * 131) % 900)}`
        : kind === 'post_office'
          ? `Postfiliale ${500 + (n % 400)}`
          : `DHL Paketshop ${SHOPS[(seed + i) % SHOPS.length]}`;
    const hours: OpeningHours =
      kind === 'locker'
        ? { days: 'always' }
        : kind === 'post_office'
          ? { days: 'mon_fri', opens: '09:00', closes: '18:00' }
          : { days: 'mon_sat', opens: '08:00', closes: '20:00' };
    return {
      id: `dhl-${area}-${i + 1}`,
      kind,
      name,
      street,
      postcode: `${area}${String((seed + i * 13) % 100).padStart(2, '0')}`,
      city,
      country: 'DE',
      hours,
      distance: 150 + (hash(`${postcode}:${i}`) % 2850),
    };
  });
  return points.sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));
}

export const offlineProvider: PickupPointProvider = {
  id: 'offline',
  near: async (query) => offlinePoints(query),
};

const PROVIDERS: Readonly<Record<string, PickupPointProvider>> = { offline: offlineProvider };

export function pickupProvider(id: string): PickupPointProvider | null {
  return Object.hasOwn(PROVIDERS, id) ? PROVIDERS[id]! : null;
}

/** What the order keeps of the chosen point: the provider's data, never the browser's. */
export function storedPickupPoint(
  point: PickupPoint,
  rate: { rateId: string; name: string },
): Record<string, string> {
  return {
    delivery_method_type: PICKUP_DELIVERY_METHOD,
    rate_id: rate.rateId,
    method: rate.name,
    id: point.id,
    kind: point.kind,
    name: point.name,
    street: point.street,
    postcode: point.postcode,
    city: point.city,
    country: point.country,
  };
}

/** The stored point as address lines: method, name, street, town. */
export function pickupPointLines(point: Record<string, string>): string[] {
  return [
    point.method ?? '',
    point.name ?? '',
    point.street ?? '',
    [point.postcode, point.city].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');
}
