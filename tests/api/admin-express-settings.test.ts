// The express checkout section of the settings area through its no-JS form: who may open it,
// the defaults, a save with its audit entry, a stale version and hostile input refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import {
  EXPRESS_SETTINGS_KEY,
  expressSettings,
} from '#app/domain/payments/stripe/express-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf, expectRefusedBesideField, tipOf, versionOf } from '../support/settings-forms.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
const http = customerRequests(() => shop.url);
const PAGE = '/admin/settings/express';

beforeAll(async () => {
  shop = await startTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

/** The section as the form sends it with every default. */
const DEFAULT_FORM = {
  page_product: 'yes',
  page_cart: 'yes',
  page_checkout: 'yes',
  page_pay_for_order: 'yes',
  button_type: 'buy',
  button_theme: 'dark',
  button_height: '48',
  button_radius: '4',
};

async function auditOf() {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, EXPRESS_SETTINGS_KEY)))
    .orderBy(auditLog.id);
}

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  await db().delete(settings).where(eq(settings.key, EXPRESS_SETTINGS_KEY));
});

describe('the express checkout section', () => {
  it('shows the defaults to staff and the 404 page to everyone else', async () => {
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('Express-Checkout');
    expect(page).toMatch(/name="page_product"[^>]*checked/);
    expect(page).toMatch(/name="button_height"[^>]*value="48"/);
    expect(page).not.toMatch(/name="payer_phone"[^>]*checked/);
    expect(page).toContain('Keine Änderungen protokolliert.');
    const overview = await (await http.get(manager, '/admin/settings')).text();
    expect(overview).toContain(`href="${PAGE}"`);
    expect(await (await http.get(english(manager), PAGE)).text()).toContain('Express checkout');

    const customer = await signedInCustomer(db());
    for (const cookie of ['', customer.cookie]) {
      expect((await http.get({ cookie }, PAGE)).status).toBe(404);
      const post = await http.post({ cookie }, PAGE, { ...DEFAULT_FORM, payer_phone: 'yes' });
      expect(post.status).toBe(404);
    }
    expect(
      await db().select().from(settings).where(eq(settings.key, EXPRESS_SETTINGS_KEY)),
    ).toEqual([]);
  });

  it('saves the pages and the buttons with one audit entry; the storefront reads them', async () => {
    const security = nonceOf(manager);
    const unchanged = await http.post(manager, PAGE, { ...DEFAULT_FORM, security });
    expect(unchanged.headers.get('location')).toBe(`${PAGE}?saved=unchanged`);
    expect(await auditOf()).toEqual([]);

    // An unticked box sends nothing.
    const { page_product: _, ...productOff } = DEFAULT_FORM;
    const res = await http.post(manager, PAGE, {
      ...productOff,
      security,
      button_type: 'default',
      button_theme: 'light-outline',
      button_height: ' 52 ',
      button_radius: '0',
      payer_phone: 'yes',
    });
    expect(res.headers.get('location')).toBe(`${PAGE}?saved=yes`);
    expect(await expressSettings(db())).toEqual({
      pages: { product: false, cart: true, checkout: true, pay_for_order: true },
      button: { height: 52, radius: 0, type: 'default', theme: 'light-outline' },
      payerPhone: true,
    });
    const entries = await auditOf();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: manager.customer.id, channel: 'admin' });

    // The changes card names what changed, before and after.
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('Produktseiten: an');
    expect(page).toContain('Produktseiten: aus');
    expect(page).toContain('Farbe: Weiß mit Rahmen');
    expect(page).toContain('Höhe (Pixel): 52');
    expect(page).toMatch(/<option value="light-outline" selected/);
  });

  it('refuses a stale version, keeping what was typed', async () => {
    const security = nonceOf(manager);
    const version = versionOf(await (await http.get(manager, PAGE)).text());
    await http.post(manager, PAGE, {
      ...DEFAULT_FORM,
      security,
      button_radius: '8',
      version: version!,
    });
    const stale = await http.post(manager, PAGE, {
      ...DEFAULT_FORM,
      security,
      button_height: '44',
      version: version!,
    });
    expect(stale.status).toBe(409);
    const page = await stale.text();
    expect(alertOf(page)).toContain('Jemand anderes hat diese Einstellungen geändert');
    expect(page).toMatch(/name="button_height"[^>]*value="44"/);
    expect((await expressSettings(db())).button).toMatchObject({ height: 48, radius: 8 });
  });

  it("refuses hostile input beside the field, in the reader's language, saving nothing", async () => {
    const security = nonceOf(manager);
    const logged = (await auditOf()).length;
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ ...DEFAULT_FORM, security, ...fields }).toString();
    const cases: [string, string, string][] = [
      [form({ button_height: '39' }), 'button-height', 'von 40 bis 55'],
      [form({ button_height: '56' }), 'button-height', 'von 40 bis 55'],
      [form({ button_height: TEN_KB }), 'button-height', 'ganze Zahl'],
      [form({ button_radius: '-1' }), 'button-radius', 'ganze Zahl'],
      [form({ button_radius: '31' }), 'button-radius', 'von 0 bis 30'],
      [form({ button_radius: 'a\u0000b' }), 'button-radius', 'Steuerzeichen'],
      [form({ button_type: 'pay' }), 'button-type', 'falscher Form'],
      [form({ button_theme: '<script>' }), 'button-theme', 'falscher Form'],
      [form({ page_cart: 'on' }), 'page-cart', 'falscher Form'],
      [`${form({})}&button_height=50`, 'button-height', 'mehrfach'],
    ];
    await expectRefusedBesideField((body) => http.post(manager, PAGE, body), cases);
    expect((await http.post(manager, PAGE, `${form({})}&button_type[]=buy`)).status).toBe(400);
    const en = await http.post(english(manager), PAGE, form({ button_height: '60' }));
    expect(tipOf(await en.text(), 'button-height')).toBe('Enter a whole number from 40 to 55.');
    expect(await auditOf()).toHaveLength(logged);
    expect(
      await db().select().from(settings).where(eq(settings.key, EXPRESS_SETTINGS_KEY)),
    ).toEqual([]);
  });
});
