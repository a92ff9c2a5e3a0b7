import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  paymentSettingsFields,
  savePaymentSettings,
} from '#app/domain/payments/payment-settings.server.ts';
import type { FreeShippingSettings } from '#app/domain/shipping/shipping.schema.ts';
import { listZones, zoneVersion } from '#app/domain/shipping/shipping-zones.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

// A shop set up from an empty catalog states only what its own settings bear out: free
// shipping as its zone for Germany offers it, secure card payment only with card payment on,
// a product information section only with information in it.
let shop: TestShop;
let demo: TestShop;
let manager: SignedIn;
const actor: Actor = { channel: 'admin', id: null, label: 'inhaber@example.org' };
const http = customerRequests(() => shop.url);
const ZONES = '/admin/settings/shipping';

beforeAll(async () => {
  [shop, demo] = await Promise.all([startTestShop(), startTestShop()]);
  // Seeded before its first page view, as a demo shop is at its start.
  await seedDemoShipping(demo.database.db);
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
}, 120_000);

afterAll(async () => {
  await Promise.all([shop?.close(), demo?.close()]);
});

/** A page's rendered markup, without the scripts that carry the page's message catalog. */
async function page(path: string, lang: 'de' | 'en' = 'de', at = shop): Promise<string> {
  const res = await fetch(at.url + path, { headers: { cookie: `lang=${lang}` } });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<script\b[\s\S]*?<\/script>/g, '');
}

/** The texts between tags, spaces as typed (the amounts' spaces stay plain). */
const texts = (html: string) => html.replace(/<[^>]+>/g, '\n');

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Posts the back office's zone form; answers the zone's id from where it sends the manager. */
async function postZone(path: string, fields: [string, string][]): Promise<number> {
  const form = new URLSearchParams([
    ['security', sessionNonce({ idHash: manager.idHash } as never, shop.env)],
    ['intent', 'save'],
    ['name_de', 'Deutschland'],
    ['name_en', 'Germany'],
    ['countries', 'DE'],
    ['states', ''],
    ['postcodes', ''],
    ...fields,
  ]);
  const res = await http.post(manager, path, form.toString());
  expect(res.status, await res.clone().text()).toBe(302);
  return Number(/\/(\d+)\?done=/.exec(res.headers.get('location') ?? '')![1]);
}

/**
 * Saves the German zone's free-shipping method as the back office's form does; without
 * settings it ticks the method's removal.
 */
async function saveFreeShipping(zoneId: number, settings: Partial<FreeShippingSettings> | null) {
  const zone = (await listZones(shop.database.db)).find((z) => z.id === zoneId)!;
  const fields: [string, string][] = [
    ['version', zoneVersion(zone)],
    ['add_method', ''],
  ];
  zone.methods.forEach((m, i) => {
    const p = `method-${i}-`;
    const s = { ...(m.settings as FreeShippingSettings), ...settings };
    fields.push(
      [`${p}id`, String(m.id)],
      [`${p}enabled`, m.enabled ? 'yes' : ''],
      [`${p}title_de`, m.title.de],
      [`${p}title_en`, m.title.en ?? ''],
      [`${p}requires`, s.requires],
      [`${p}min_amount`, euros(s.minAmount)],
      [`${p}remove`, settings === null ? 'yes' : ''],
    );
  });
  await postZone(`${ZONES}/${zoneId}`, fields);
}

describe('free shipping claim', () => {
  it("states the demo zones' 50 € exactly as before, in both languages", async () => {
    const german = texts(await page('/', 'de', demo));
    expect(german.split('Versandkostenfrei ab 50 € in Deutschland').length - 1).toBe(2);
    expect(texts(await page('/shop', 'en', demo))).toContain('Free shipping in Germany from €50');
  });

  it('follows the back office on the next page view, and says nothing without an offer', async () => {
    expect(await page('/')).not.toContain('Versandkostenfrei');
    const zoneId = await postZone(`${ZONES}/new`, [['add_method', 'free_shipping']]);

    await saveFreeShipping(zoneId, { requires: 'min_amount', minAmount: 7500 });
    expect(texts(await page('/'))).toContain('Versandkostenfrei ab 75 € in Deutschland');
    expect(texts(await page('/', 'en'))).toContain('Free shipping in Germany from €75');

    await saveFreeShipping(zoneId, { minAmount: 7990 });
    const html = texts(await page('/shop'));
    expect(html).toContain('Versandkostenfrei ab 79,90 € in Deutschland');
    expect(html).not.toContain('ab 75 €');

    await saveFreeShipping(zoneId, { requires: 'none' });
    const always = texts(await page('/'));
    expect(always).toContain('Versandkostenfrei in Deutschland');
    expect(always).not.toContain('Versandkostenfrei ab');
    expect(texts(await page('/', 'en'))).toContain('Free shipping in Germany');

    await saveFreeShipping(zoneId, { requires: 'coupon' });
    expect(await page('/')).not.toContain('Versandkostenfrei');

    await saveFreeShipping(zoneId, { requires: 'either', minAmount: 5000 });
    expect(await page('/')).toContain('Versandkostenfrei ab 50 € in Deutschland');

    await saveFreeShipping(zoneId, null);
    expect((await listZones(shop.database.db))[0]!.methods).toEqual([]);
    expect(await page('/')).not.toContain('Versandkostenfrei');
    expect(await page('/', 'en')).not.toContain('Free shipping in Germany');
  });
});

describe('secure payment claim', () => {
  async function enable(update: (enabled: string[]) => string[]) {
    const current = await paymentSettingsFields(shop.database.db);
    const saved = await savePaymentSettings(
      shop.database.db,
      { ...current, enabled: update(current.enabled) },
      actor,
    );
    expect(saved.ok).toBe(true);
  }

  it('shows only while card payment is switched on', async () => {
    expect(await page('/')).toContain('Sichere Zahlung mit Karte und Wallet');
    await enable((ids) => ids.filter((id) => id !== 'stripe'));
    expect(await page('/')).not.toContain('Sichere Zahlung');
    expect(await page('/', 'en')).not.toContain('Secure payment');
    await enable((ids) => [...ids, 'stripe']);
    expect(await page('/')).toContain('Sichere Zahlung mit Karte und Wallet');
    expect(await page('/', 'en')).toContain('Secure payment by card and wallet');
  });
});

describe('product information section', () => {
  it('is left out for a product without any such data', async () => {
    const { product } = await createProduct(shop.database.db, {
      name: { de: 'Schlichte Tasse', en: 'Plain mug' },
      regularPrice: 900,
    });
    for (const lang of ['de', 'en'] as const) {
      const html = await page(`/product/${product.slug}`, lang);
      expect(html).toContain(lang === 'de' ? 'Schlichte Tasse' : 'Plain mug');
      expect(html).not.toContain('compliance-title');
      expect(html).not.toContain(lang === 'de' ? 'Produktinformationen' : 'Product information');
    }
  });

  it('keeps its heading where there is something under it', async () => {
    const { product } = await createProduct(shop.database.db, {
      name: { de: 'Holzkreisel', en: 'Wooden top' },
      regularPrice: 1200,
      safetyInstructions: {
        de: 'Nicht für Kinder unter 3 Jahren.',
        en: 'Not for children under 3.',
      },
    });
    const html = await page(`/product/${product.slug}`);
    expect(html).toContain('id="compliance-title"');
    expect(html).toContain('Produktinformationen');
    expect(html).toContain('Nicht für Kinder unter 3 Jahren.');
  });
});
