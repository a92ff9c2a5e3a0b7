// The catalog and product page section of the settings area through its no-JS form: who may
// open it, the defaults, each changed setting saved with its audit entry, a stale version and
// hostile input refused, and the storefront following a save at once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { PRODUCT_PAGE_SETTING_KEYS } from '#app/domain/cart/product-page-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createAttribute, createImage, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf, expectRefusedBesideField, tipOf, versionOf } from '../support/settings-forms.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let shirt: { slug: string; id: number };
let mug: number;
const http = customerRequests(() => shop.url);
const PAGE = '/admin/settings/catalog';
const KEYS = PRODUCT_PAGE_SETTING_KEYS;
const ATTRIBUTE = 'farbe-cs';

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const colour = await createAttribute(db, {
    slug: ATTRIBUTE,
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
    ],
  });
  const picture = await createImage(db, {
    rendered: {
      key: 'hemd-cs',
      width: 1200,
      height: 1200,
      sizes: [
        { name: 'large', width: 800, height: 800 },
        { name: 'full', width: 1200, height: 1200 },
      ],
    },
    alt: { de: 'Ein rotes Hemd', en: 'A red shirt' },
  });
  const made = await createProduct(db, {
    name: { de: 'Hemd', en: 'Shirt' },
    regularPrice: 4900,
    images: [picture.id],
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: Object.values(colour.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { [ATTRIBUTE]: 'rot' }, sku: 'HEMD-CS-ROT' },
      { attributes: { [ATTRIBUTE]: 'blau' }, sku: 'HEMD-CS-BLAU' },
    ],
  });
  shirt = { slug: made.product.slug!, id: made.product.id };
  mug = (await createProduct(db, { name: { de: 'Tasse', en: 'Mug' }, regularPrice: 900 })).product
    .id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

async function stored() {
  const rows = await db().select().from(settings).where(inArray(settings.key, KEYS));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, any>;
}

async function auditOf() {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), inArray(auditLog.entityId, KEYS)))
    .orderBy(auditLog.id);
}

/** The section as the form sends it with every default. */
const DEFAULT_FORM = {
  ajax_threshold: '30',
  clear_on_reselect: 'yes',
  deselect_unavailable: 'yes',
  stock_label_threshold: '5',
  reveal_mini_cart: 'yes',
  reveal_seconds: '5',
  gallery_zoom: 'yes',
  gallery_lightbox: 'yes',
};

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // Each test starts from the defaults.
  const res = await http.post(manager, PAGE, { ...DEFAULT_FORM, security: nonceOf(manager) });
  expect(res.status).toBe(302);
});

describe('who may open it', () => {
  it('shows the page and its overview entry to staff, the 404 page to everyone else', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    for (const who of [manager, admin]) {
      const page = await (await http.get(who, PAGE)).text();
      expect(page).toContain('Katalog und Produktseite');
      expect(page).toContain('Standard: 30.');
      expect(page).toContain('href="/admin/reviews/settings"');
      const overview = await (await http.get(who, '/admin/settings')).text();
      expect(overview).toContain(`href="${PAGE}"`);
    }
    expect(await (await http.get(english(manager), PAGE)).text()).toContain(
      'Catalog and product page',
    );
    const before = await stored();
    for (const cookie of ['', customer.cookie]) {
      const res = await http.get({ cookie }, PAGE);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('admin-nav');
      const post = await http.post({ cookie }, PAGE, {
        ...DEFAULT_FORM,
        ajax_threshold: '1',
        redirect_after_add: 'yes',
      });
      expect(post.status).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('saving the section', () => {
  it('shows the defaults of a shop that never set them', async () => {
    const fresh = await startTestShop();
    try {
      const who = await signedInCustomer(fresh.database.db, { role: 'shop_manager' });
      const page = await (
        await fetch(fresh.url + PAGE, { headers: { cookie: who.cookie } })
      ).text();
      expect(page).toMatch(/name="ajax_threshold"[^>]*value="30"/);
      expect(page).toMatch(/name="stock_label_threshold"[^>]*value="5"/);
      expect(page).toMatch(/name="reveal_seconds"[^>]*value="5"/);
      expect(page).toMatch(/name="reveal_mini_cart"[^>]*checked/);
      expect(page).not.toMatch(/name="redirect_after_add"[^>]*checked/);
      expect(page).toContain('Keine Änderungen protokolliert.');
    } finally {
      await fresh.close();
    }
  });

  it('saves each changed setting with one audit entry, and the storefront follows at once', async () => {
    const security = nonceOf(manager);
    const before = (await auditOf()).length;
    const unchanged = await http.post(manager, PAGE, { ...DEFAULT_FORM, security });
    expect(unchanged.headers.get('location')).toBe(`${PAGE}?saved=unchanged`);
    expect((await auditOf()).length).toBe(before);

    // The storefront reads the cart behaviour now, so this instance keeps it for a while.
    const add = async () =>
      (await (
        await fetch(`${shop.url}/wc-ajax/add_to_cart`, {
          method: 'POST',
          body: `product_id=${mug}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json()) as { redirect?: string; reveal_mini_cart?: boolean };
    expect(await add()).toMatchObject({ reveal_mini_cart: true });
    expect((await add()).redirect).toBeUndefined();
    // The product as the page and the quick view send it to the browser.
    const variationsSent = async () => {
      const res = await fetch(`${shop.url}/wc-ajax/quick_view`, {
        method: 'POST',
        body: `product=${shirt.id}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
      });
      const body = (await res.json()) as { product: { variations: unknown[] } };
      return body.product.variations.length;
    };
    expect(await variationsSent()).toBe(2);

    // An unticked box sends nothing.
    const { reveal_mini_cart: _, ...revealOff } = DEFAULT_FORM;
    const changed = await http.post(manager, PAGE, {
      ...revealOff,
      security,
      ajax_threshold: ' 1 ',
      clickable_out_of_stock: 'yes',
      reveal_seconds: '12',
      redirect_after_add: 'yes',
    });
    expect(changed.headers.get('location')).toBe(`${PAGE}?saved=yes`);
    expect(await stored()).toEqual({
      'product.swatches': {
        ajaxThreshold: 1,
        clearOnReselect: true,
        deselectUnavailable: true,
        clickableOutOfStock: true,
        stockLabelThreshold: 5,
      },
      'cart.behaviour': { revealMiniCart: false, redirectAfterAdd: true, revealSeconds: 12 },
    });
    const entries = (await auditOf()).slice(before);
    expect(entries.map((e) => e.entityId).sort()).toEqual(['cart.behaviour', 'product.swatches']);
    expect(entries[0]).toMatchObject({
      actorId: manager.customer.id,
      channel: 'admin',
      action: 'update',
    });

    // Right after the save, on the same instance: the add answers the new behaviour, and the
    // product leaves its two variations out (each is asked for).
    expect(await add()).toMatchObject({ redirect: '/cart', reveal_mini_cart: false });
    expect(await variationsSent()).toBe(0);

    // The changes card names what changed, before and after.
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('Varianten-Swatches');
    expect(page).toMatch(/Varianten einzeln beim Server abfragen ab \(Anzahl\): 30/);
    expect(page).toMatch(/Varianten einzeln beim Server abfragen ab \(Anzahl\): 1/);
    expect(page).toContain('Zum Warenkorb weiterleiten: an');
  });

  it("switches the gallery's zoom and lightbox off, and the product page and quick view follow", async () => {
    const security = nonceOf(manager);
    const productPage = async () => (await fetch(`${shop.url}/product/${shirt.slug}`)).text();
    const quickView = async () => {
      const res = await fetch(`${shop.url}/wc-ajax/quick_view`, {
        method: 'POST',
        body: `product=${shirt.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return res.text();
    };
    const lightboxLink =
      /<a [^>]*aria-label="Bild 1 von 1 im Vollbild öffnen[^>]*class="gallery-main"/;
    for (const html of [await productPage(), await quickView()]) {
      expect(html).toMatch(lightboxLink);
      expect(html).toContain('gallery-zoom-status');
    }

    const { gallery_zoom: _zoom, gallery_lightbox: _lightbox, ...galleryOff } = DEFAULT_FORM;
    const res = await http.post(manager, PAGE, { ...galleryOff, security });
    expect(res.headers.get('location')).toBe(`${PAGE}?saved=yes`);
    expect((await stored())['product.gallery']).toEqual({ zoom: false, lightbox: false });
    expect((await auditOf()).at(-1)).toMatchObject({ entityId: 'product.gallery' });

    // The picture stays on the page: no fullscreen link, no zoom; the picture itself is shown.
    for (const html of [await productPage(), await quickView()]) {
      expect(html).not.toMatch(/<a [^>]*class="gallery-main"/);
      expect(html).toMatch(/<div class="gallery-main"/);
      expect(html).not.toContain('gallery-zoom-status');
    }
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('Vollbildansicht beim Klick auf ein Bild: aus');
    expect(page).not.toMatch(/name="gallery_lightbox"[^>]*checked/);

    // Zoom alone back on.
    await http.post(manager, PAGE, { ...galleryOff, gallery_zoom: 'yes', security });
    const html = await productPage();
    expect(html).toContain('gallery-zoom-status');
    expect(html).not.toMatch(/<a [^>]*class="gallery-main"/);
  });

  it('keeps the ajax threshold when the variations tab saves the other swatch options', async () => {
    const security = nonceOf(manager);
    await http.post(manager, PAGE, { ...DEFAULT_FORM, security, ajax_threshold: '7' });
    const path = `/admin/products/${shirt.id}/variations`;
    const tab = await (await http.get(manager, path)).text();
    const res = await http.post(manager, path, {
      intent: 'swatches',
      security: /name="security" value="([^"]+)"/.exec(tab)![1]!,
      stock_label_threshold: '9',
    });
    expect(res.status).toBeLessThan(400);
    expect((await stored())['product.swatches']).toMatchObject({
      ajaxThreshold: 7,
      stockLabelThreshold: 9,
    });
  });

  it('refuses a stale version and keeps what was typed', async () => {
    const security = nonceOf(manager);
    const version = versionOf(await (await http.get(manager, PAGE)).text());
    expect(version).toMatch(/^[\w-]{22}$/);
    // Someone else saves in between.
    await http.post(manager, PAGE, {
      ...DEFAULT_FORM,
      security,
      reveal_seconds: '9',
      version: version!,
    });
    const before = { settings: await stored(), audit: (await auditOf()).length };
    const stale = await http.post(manager, PAGE, {
      ...DEFAULT_FORM,
      security,
      ajax_threshold: '44',
      version: version!,
    });
    expect(stale.status).toBe(409);
    const page = await stale.text();
    expect(alertOf(page)).toContain('Jemand anderes hat diese Einstellungen geändert');
    expect(page).toMatch(/name="ajax_threshold"[^>]*value="44"/);
    const fresh = versionOf(page);
    expect(fresh).not.toBe(version);
    expect(await stored()).toEqual(before.settings);
    expect((await auditOf()).length).toBe(before.audit);
    // Saved again against the version the refusal carried, it goes through.
    const again = await http.post(manager, PAGE, {
      ...DEFAULT_FORM,
      security,
      ajax_threshold: '44',
      version: fresh!,
    });
    expect(again.status).toBe(302);
    expect((await stored())['product.swatches'].ajaxThreshold).toBe(44);
  });

  it("refuses hostile input beside the field, in the reader's language, saving nothing", async () => {
    const security = nonceOf(manager);
    const before = { settings: await stored(), audit: (await auditOf()).length };
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ ...DEFAULT_FORM, security, ...fields }).toString();
    const cases: [string, string, string][] = [
      [form({ ajax_threshold: '0' }), 'ajax-threshold', 'von 1 bis 10000'],
      [form({ ajax_threshold: '10001' }), 'ajax-threshold', 'von 1 bis 10000'],
      [form({ ajax_threshold: '-5' }), 'ajax-threshold', 'ganze Zahl'],
      [form({ ajax_threshold: '1e3' }), 'ajax-threshold', 'ganze Zahl'],
      [form({ ajax_threshold: TEN_KB }), 'ajax-threshold', 'ganze Zahl'],
      [form({ stock_label_threshold: '12.5' }), 'stock-label-threshold', 'ganze Zahl'],
      [form({ reveal_seconds: '61' }), 'reveal-seconds', 'von 1 bis 60'],
      [form({ reveal_seconds: '' }), 'reveal-seconds', 'ganze Zahl'],
      [form({ reveal_seconds: 'a\u0000b' }), 'reveal-seconds', 'Steuerzeichen'],
      [form({ redirect_after_add: 'on' }), 'redirect-after-add', 'falscher Form'],
      [form({ clear_on_reselect: TEN_KB }), 'clear-on-reselect', 'falscher Form'],
      [`${form({})}&ajax_threshold=3`, 'ajax-threshold', 'mehrfach'],
    ];
    await expectRefusedBesideField((body) => http.post(manager, PAGE, body), cases);
    const arrays = await http.post(manager, PAGE, `${form({})}&reveal_seconds[]=3`);
    expect(arrays.status).toBe(400);
    const en = await http.post(english(manager), PAGE, form({ reveal_seconds: '0' }));
    expect(tipOf(await en.text(), 'reveal-seconds')).toBe('Enter a whole number from 1 to 60.');
    expect(await stored()).toEqual(before.settings);
    expect((await auditOf()).length).toBe(before.audit);
  });
});
