import { count, eq, sql } from 'drizzle-orm';
import { forgetShippingSetup } from '#app/domain/shipping/shipping.server.ts';
import { shippingMethods, shippingZones } from '#app/domain/shipping/shipping.schema.ts';
import type { Tx } from '#app/lib/db.server.ts';
import { createShippingClass, createShippingZone } from './shipping-factories.ts';

const EU_WITHOUT_DE = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** Shipping classes the demo products name in `shipping_class`. */
export const DEMO_SHIPPING_CLASSES = {
  bulky: { de: 'Sperrgut', en: 'Bulky goods' },
  crate: { de: 'Getränkekasten', en: 'Drink crate' },
  small: { de: 'Päckchen', en: 'Small parcel' },
} as const;

/**
 * The demo shop's shipping, as the "Versand und Zahlung" page states it: Germany (flat rate
 * 4,90 €, bulky goods 19,90 € in all, drink crates 4,90 € more, free from 50 € without bulky
 * goods, pickup in Leipzig), the rest of the EU (12,90 €) and the world (24,90 €); bulky goods
 * and crates only within Germany; no delivery to the Canary Islands, Ceuta, Melilla and the
 * French overseas territories. Seeds once: does nothing when any zone exists.
 */
export async function seedDemoShipping(db: Tx): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(shippingZones);
    if ((existing?.n ?? 0) > 0) return false;
    for (const [slug, name] of Object.entries(DEMO_SHIPPING_CLASSES)) {
      await createShippingClass(tx, { slug, name });
    }
    const germanyOnly = ['bulky', 'crate'];
    const flat = (cost: number, classCosts: Record<string, number>, excludedClasses: string[]) => ({
      methodId: 'flat_rate' as const,
      title: { de: 'Versand mit DHL', en: 'DHL parcel' },
      settings: {
        cost,
        taxable: true,
        classCosts,
        noClassCost: 0,
        calculation: 'per_class' as const,
        excludedClasses,
      },
    });
    await createShippingZone(tx, {
      name: { de: 'Nicht belieferbare Gebiete', en: 'Areas we cannot deliver to' },
      position: 0,
      locations: [
        { type: 'country', code: 'ES' },
        { type: 'country', code: 'FR' },
        // Las Palmas and Santa Cruz de Tenerife, Ceuta, Melilla; French overseas departments.
        { type: 'postcode', code: '35000...35999' },
        { type: 'postcode', code: '38*' },
        { type: 'postcode', code: '51*' },
        { type: 'postcode', code: '52*' },
        { type: 'postcode', code: '97*' },
        { type: 'postcode', code: '98*' },
      ],
    });
    await createShippingZone(tx, {
      name: { de: 'Deutschland', en: 'Germany' },
      position: 1,
      locations: [{ type: 'country', code: 'DE' }],
      methods: [
        {
          methodId: 'free_shipping',
          title: { de: 'Kostenloser Versand', en: 'Free shipping' },
          deliveryTime: { de: '2–3 Werktage', en: '2–3 working days' },
          settings: {
            requires: 'either',
            minAmount: 5000,
            ignoreDiscounts: false,
            excludedClasses: ['bulky'],
          },
        },
        {
          // Bulky goods ship by freight for 19,90 € in all: 4,90 € plus 15,00 €.
          ...flat(490, { bulky: 1500, crate: 490 }, []),
          deliveryTime: { de: '2–3 Werktage', en: '2–3 working days' },
        },
        {
          methodId: 'local_pickup',
          title: { de: 'Abholung in Leipzig', en: 'Pickup in Leipzig' },
          description: {
            de: 'Ladenzeile, Karl-Liebknecht-Straße 12, 04107 Leipzig – Mo–Fr 10–18 Uhr',
            en: 'Ladenzeile, Karl-Liebknecht-Straße 12, 04107 Leipzig – Mon–Fri 10 am–6 pm',
          },
          settings: { cost: 0, taxable: true },
        },
      ],
    });
    await createShippingZone(tx, {
      name: { de: 'EU', en: 'EU' },
      position: 2,
      locations: EU_WITHOUT_DE.map((code) => ({ type: 'country' as const, code })),
      methods: [
        {
          ...flat(1290, {}, germanyOnly),
          title: { de: 'Versand in die EU', en: 'Shipping within the EU' },
          deliveryTime: { de: '4–7 Werktage', en: '4–7 working days' },
        },
      ],
    });
    await createShippingZone(tx, {
      name: { de: 'Weltweit', en: 'Rest of the world' },
      position: 3,
      restOfWorld: true,
      methods: [
        {
          ...flat(2490, {}, germanyOnly),
          title: { de: 'Weltweiter Versand', en: 'International shipping' },
          deliveryTime: { de: '7–14 Werktage', en: '7–14 working days' },
        },
      ],
    });
    await seedDemoPickupPoint(tx);
    return true;
  });
}

/**
 * Delivery to a DHL Packstation, parcel shop or post office in Germany (3,90 €, the offline
 * provider's demo points), added to the German zone once; demo databases seeded before it
 * get it at their next start.
 */
export async function seedDemoPickupPoint(db: Tx): Promise<boolean> {
  const [existing] = await db
    .select({ n: count() })
    .from(shippingMethods)
    .where(eq(shippingMethods.methodId, 'pickup_point'));
  if ((existing?.n ?? 0) > 0) return false;
  const [germany] = await db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(sql`${shippingZones.name}->>'de' = 'Deutschland'`)
    .limit(1);
  if (!germany) return false;
  await db.insert(shippingMethods).values({
    zoneId: germany.id,
    methodId: 'pickup_point',
    position: 3,
    title: { de: 'DHL Packstation / Paketshop', en: 'DHL Packstation / parcel shop' },
    description: {
      de: 'Zustellung an eine Packstation, einen Paketshop oder eine Postfiliale Ihrer Wahl',
      en: 'Delivered to a Packstation parcel locker, parcel shop or post office of your choice',
    },
    deliveryTime: { de: '2–3 Werktage', en: '2–3 working days' },
    settings: {
      cost: 390,
      taxable: true,
      provider: 'offline',
      excludedClasses: ['bulky', 'crate'],
    },
  });
  forgetShippingSetup(db);
  return true;
}
