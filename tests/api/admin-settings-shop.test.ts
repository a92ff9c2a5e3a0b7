// The shop and checkout sections of the settings area through their no-JS forms: who may open
// them, each setting saved with its audit entry, hostile input refused, a stale version refused,
// and the storefront following what was saved.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { CHECKOUT_SETTING_KEYS } from '#app/domain/checkout/checkout-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { SHOP_SETTING_KEYS } from '#app/domain/settings/shop-settings.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf, expectRefusedBesideField, tipOf } from '../support/settings-forms.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
const http = customerRequests(() => shop.url);
const SHOP = '/admin/settings/shop';
const CHECKOUT = '/admin/settings/checkout';
const KEYS = [...SHOP_SETTING_KEYS, ...CHECKOUT_SETTING_KEYS];

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 100 }));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });
const get = (path: string, cookie = '') =>
  fetch(shop.url + path, { headers: { cookie }, redirect: 'manual' });

async function stored() {
  const rows = await db().select().from(settings).where(inArray(settings.key, KEYS));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, any>;
}

async function auditOf(keys: string[]) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), inArray(auditLog.entityId, keys)))
    .orderBy(auditLog.id);
}

const SHOP_FORM = {
  owner_name: 'Kerzenwerk Lindner GmbH',
  owner_street: 'Am Markt 3',
  owner_postcode: '04109',
  owner_city: 'Leipzig',
  owner_country: 'DE',
  owner_email: 'info@kerzenwerk.example',
  owner_phone: '+49 341 123456',
  owner_vat_id: 'DE 123 456 789',
  owner_register: 'Amtsgericht Leipzig, HRB 12345',
  owner_representative: 'Jana Lindner',
  notice_de: '',
  notice_en: '',
};

const CHECKOUT_FORM = {
  guest_checkout: 'yes',
  hold_stock_minutes: '60',
  guest_cart_days: '14',
  low_stock_amount: '2',
  notify_low: 'yes',
  notify_out: 'yes',
};

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // Each test starts from the same settings: no notice, the shop open, guests welcome.
  for (const [path, form] of [
    [SHOP, SHOP_FORM],
    [CHECKOUT, CHECKOUT_FORM],
  ] as const) {
    const res = await http.post(manager, path, { ...form, security: nonceOf(manager) });
    expect(res.status).toBe(302);
  }
});

/** The version the page's form carries. */
async function formVersion(who: SignedIn, path: string) {
  const page = await (await http.get(who, path)).text();
  const version = /name="version" value="([^"]+)"/.exec(page)?.[1];
  expect(version).toMatch(/^[\w-]{22}$/);
  return version!;
}

describe('who may open them', () => {
  it('shows both pages to staff and in the overview; the 404 page to everyone else', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    for (const who of [manager, admin]) {
      const page = await (await http.get(who, SHOP)).text();
      expect(page).toContain('Shop-Inhaber');
      expect(page).toContain('Shop-Hinweis anzeigen');
      // The fallback the legal pages use until the owner is entered is shown as a hint.
      expect(page).toContain('Solange nicht gesetzt: „Ladenzeile“.');
      const checkout = await (await http.get(who, CHECKOUT)).text();
      expect(checkout).toContain('Gastbestellung erlauben');
      expect(checkout).toContain('1 bis 525600');
      const overview = await (await http.get(who, '/admin/settings')).text();
      expect(overview).toContain(`href="${SHOP}"`);
      expect(overview).toContain(`href="${CHECKOUT}"`);
    }
    expect(await (await http.get(english(manager), SHOP)).text()).toContain(
      'Show the store notice',
    );
    const before = await stored();
    for (const cookie of ['', customer.cookie]) {
      for (const path of [SHOP, CHECKOUT]) {
        const res = await http.get({ cookie }, path);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('admin-nav');
        const post = await http.post({ cookie }, path, {
          ...SHOP_FORM,
          ...CHECKOUT_FORM,
          guest_checkout: '',
          coming_soon: 'yes',
        });
        expect(post.status).toBe(404);
      }
    }
    expect(await stored()).toEqual(before);
  });
});

describe('saving the shop section', () => {
  it('saves the owner, the notice and coming-soon, one audit entry each, nothing when unchanged', async () => {
    const security = nonceOf(manager);
    const before = (await auditOf(SHOP_SETTING_KEYS)).length;
    const unchanged = await http.post(manager, SHOP, { ...SHOP_FORM, security });
    expect(unchanged.headers.get('location')).toBe(`${SHOP}?saved=unchanged`);
    expect((await auditOf(SHOP_SETTING_KEYS)).length).toBe(before);

    const changed = await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security,
      owner_name: '  Kerzenwerk Lindner & Söhne GmbH ',
      notice_on: 'yes',
      notice_de: 'Betriebsferien bis 6. Januar',
      notice_en: 'Closed for holidays until 6 January',
    });
    expect(changed.headers.get('location')).toBe(`${SHOP}?saved=yes`);
    const now = await stored();
    expect(now['shop.owner']).toEqual({
      name: 'Kerzenwerk Lindner & Söhne GmbH',
      street: 'Am Markt 3',
      postcode: '04109',
      city: 'Leipzig',
      country: 'DE',
      email: 'info@kerzenwerk.example',
      phone: '+49 341 123456',
      vatId: 'DE123456789',
      register: 'Amtsgericht Leipzig, HRB 12345',
      representative: 'Jana Lindner',
    });
    expect(now['site.store_notice']).toMatchObject({
      text: { de: 'Betriebsferien bis 6. Januar', en: 'Closed for holidays until 6 January' },
      enabled: true,
    });
    const firstId = now['site.store_notice'].id as string;
    expect(firstId).toMatch(/^[\w-]{1,32}$/);
    const entries = (await auditOf(SHOP_SETTING_KEYS)).slice(before);
    expect(entries.map((e) => e.entityId).sort()).toEqual(['shop.owner', 'site.store_notice']);
    expect(entries.find((e) => e.entityId === 'shop.owner')).toMatchObject({
      actorId: manager.customer.id,
      channel: 'admin',
      action: 'update',
    });

    // Switching the notice off and on keeps its id; a new text gets a new one.
    await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security,
      notice_de: 'Betriebsferien bis 6. Januar',
      notice_en: 'Closed for holidays until 6 January',
    });
    expect((await stored())['site.store_notice']).toMatchObject({ id: firstId, enabled: false });
    await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security,
      notice_on: 'yes',
      notice_de: 'Betriebsferien bis 8. Januar',
      notice_en: 'Closed for holidays until 8 January',
    });
    const renewed = (await stored())['site.store_notice'];
    expect(renewed.enabled).toBe(true);
    expect(renewed.id).not.toBe(firstId);

    const page = await (await http.get(manager, `${SHOP}?saved=yes`)).text();
    expect(page).toContain('Die Einstellungen wurden gespeichert.');
    expect(page).toContain('Letzte Änderungen');
    expect(page).toContain('an: Betriebsferien bis 8. Januar');
    expect(page).toContain('Kerzenwerk Lindner &amp; Söhne GmbH');
  });

  it('refuses a save over a change made since the form was opened, and keeps what was typed', async () => {
    const other = await signedInCustomer(db(), { role: 'administrator' });
    const mine = await formVersion(manager, SHOP);
    const first = await http.post(other, SHOP, {
      ...SHOP_FORM,
      security: nonceOf(other),
      version: await formVersion(other, SHOP),
      coming_soon: 'yes',
    });
    expect(first.headers.get('location')).toBe(`${SHOP}?saved=yes`);
    try {
      const before = (await auditOf(SHOP_SETTING_KEYS)).length;
      const late = await http.post(english(manager), SHOP, {
        ...SHOP_FORM,
        security: nonceOf(manager),
        version: mine,
        owner_city: 'Dresden',
      });
      expect(late.status).toBe(409);
      const page = await late.text();
      expect(page).toContain('Someone else changed these settings since you opened this page.');
      expect(page).toContain('value="Dresden"');
      expect(page).toContain(`name="version" value="${await formVersion(manager, SHOP)}"`);
      expect((await stored())['shop.owner'].city).toBe('Leipzig');
      expect((await stored())['site.coming_soon']).toBe(true);
      expect((await auditOf(SHOP_SETTING_KEYS)).length).toBe(before);
    } finally {
      await putSetting(db(), 'site.coming_soon', false);
    }
  });
});

describe('hostile input', () => {
  it('refuses every bad shop field with its message beside it, in German and English', async () => {
    const security = nonceOf(manager);
    const before = { settings: await stored(), audit: (await auditOf(KEYS)).length };
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ ...SHOP_FORM, security, ...fields }).toString();
    const cases: [string, number, string, string][] = [
      [form({ owner_name: 'a\u0000b' }), 400, 'owner-name', 'Steuerzeichen'],
      [form({ owner_name: TEN_KB }), 400, 'owner-name', 'höchstens 120 Zeichen'],
      [form({ owner_name: '   ' }), 400, 'owner-name', 'Füllen Sie dieses Feld aus'],
      [form({ owner_email: 'kein-at.example' }), 400, 'owner-email', 'E-Mail-Adresse wie'],
      [form({ owner_email: 'a@b.c\r\nBcc: x@y.z' }), 400, 'owner-email', 'Steuerzeichen'],
      [form({ owner_phone: '0341<script>' }), 400, 'owner-phone', 'Telefonnummer'],
      [form({ owner_country: 'XX' }), 400, 'owner-country', 'Wählen Sie ein Land'],
      [form({ owner_country: 'Deutschland' }), 400, 'owner-country', 'Wählen Sie ein Land'],
      [form({ owner_vat_id: 'DE12345' }), 400, 'owner-vat-id', 'USt-IdNr.'],
      [form({ owner_vat_id: 'ATU12345678' }), 400, 'owner-vat-id', 'Format des gewählten'],
      [form({ notice_de: 'x'.repeat(501) }), 400, 'notice-de', 'höchstens 500 Zeichen'],
      [form({ notice_en: TEN_KB }), 400, 'notice-en', 'höchstens 500 Zeichen'],
      [form({ notice_de: 'a\u0000b' }), 400, 'notice-de', 'Steuerzeichen'],
      [form({ notice_on: 'yes' }), 400, 'notice-de', 'deutschen Text'],
      [form({ coming_soon: 'true' }), 400, 'coming-soon', 'falscher Form'],
      [`${form({})}&owner_name=Zweiter`, 400, 'owner-name', 'mehrfach'],
      [`${form({})}&owner_city[]=Leipzig`, 400, '', 'mehrfach'],
      [`${form({})}&version=a&version=b`, 400, '', 'mehrfach'],
      [form({ security: 'forged' }), 403, '', 'abgelaufen'],
      [new URLSearchParams(SHOP_FORM).toString(), 403, '', 'abgelaufen'],
      ['%%%', 403, '', 'abgelaufen'],
    ];
    for (const [body, status, field, text] of cases) {
      const res = await http.post(manager, SHOP, body);
      const label = body.slice(0, 100);
      expect(res.status, label).toBe(status);
      const page = await res.text();
      expect(alertOf(page), label).toContain(text);
      if (field) {
        expect(page, label).toContain(`href="#setting-${field}"`);
        expect(tipOf(page, field), label).toContain(text);
      }
      // What was typed comes back escaped.
      expect(page, label).not.toContain('0341<script>');
    }
    // A made-up version is a stale one.
    const madeUp = await http.post(manager, SHOP, { ...SHOP_FORM, security, version: 'x' });
    expect(madeUp.status).toBe(409);
    const en = await http.post(english(manager), SHOP, form({ owner_email: 'nope' }));
    expect(en.status).toBe(400);
    expect(tipOf(await en.text(), 'owner-email')).toBe(
      'Enter an e-mail address such as shop@example.com.',
    );
    expect(await stored()).toEqual(before.settings);
    expect((await auditOf(KEYS)).length).toBe(before.audit);
  });

  it('refuses numbers out of range, as text or in other notations, naming the limits', async () => {
    const security = nonceOf(manager);
    const before = { settings: await stored(), audit: (await auditOf(KEYS)).length };
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ ...CHECKOUT_FORM, security, ...fields }).toString();
    const cases: [string, string, string][] = [
      [form({ hold_stock_minutes: '0' }), 'hold-stock-minutes', 'von 1 bis 525600'],
      [form({ hold_stock_minutes: '525601' }), 'hold-stock-minutes', 'von 1 bis 525600'],
      [form({ hold_stock_minutes: '-5' }), 'hold-stock-minutes', 'ganze Zahl'],
      [form({ hold_stock_minutes: '1e3' }), 'hold-stock-minutes', 'ganze Zahl'],
      [form({ hold_stock_minutes: '0x1F' }), 'hold-stock-minutes', 'ganze Zahl'],
      [form({ hold_stock_minutes: '12.5' }), 'hold-stock-minutes', 'ganze Zahl'],
      [form({ guest_cart_days: '3651' }), 'guest-cart-days', 'von 1 bis 3650'],
      [form({ guest_cart_days: TEN_KB }), 'guest-cart-days', 'von 1 bis 3650'],
      [form({ guest_cart_days: '' }), 'guest-cart-days', 'ganze Zahl'],
      [form({ low_stock_amount: '1000001' }), 'low-stock-amount', 'von 0 bis 1000000'],
      [form({ low_stock_amount: 'a\u0000b' }), 'low-stock-amount', 'Steuerzeichen'],
      [form({ guest_checkout: '' }), 'guest-checkout', 'falscher Form'],
      [form({ notify_low: 'on' }), 'notify-low', 'falscher Form'],
      [`${form({})}&low_stock_amount=3`, 'low-stock-amount', 'mehrfach'],
    ];
    await expectRefusedBesideField((body) => http.post(manager, CHECKOUT, body), cases);
    const en = await http.post(english(manager), CHECKOUT, form({ guest_cart_days: '0' }));
    expect(tipOf(await en.text(), 'guest-cart-days')).toBe('Enter a whole number from 1 to 3650.');
    expect(await stored()).toEqual(before.settings);
    expect((await auditOf(KEYS)).length).toBe(before.audit);
  });
});

describe('saving the checkout section', () => {
  it('saves each setting as the code that reads it expects, with an audit entry, and refuses a stale version', async () => {
    const security = nonceOf(manager);
    const version = await formVersion(manager, CHECKOUT);
    const before = (await auditOf(CHECKOUT_SETTING_KEYS)).length;
    const saved = await http.post(manager, CHECKOUT, {
      security,
      version,
      hold_stock_minutes: ' 90 ',
      guest_cart_days: '30',
      low_stock_amount: '0',
      notify_out: 'yes',
    });
    expect(saved.status, alertOf(await saved.clone().text())).toBe(302);
    expect(saved.headers.get('location')).toBe(`${CHECKOUT}?saved=yes`);
    expect(await stored()).toMatchObject({
      'checkout.guest_checkout': false,
      'orders.hold_stock_minutes': 90,
      'cart.guest_cart_days': 30,
      'stock.low_amount': 0,
      'stock.notify_low': false,
    });
    // Left as it was (on by default), it is not written at all.
    expect((await stored())['stock.notify_out']).toBeUndefined();
    const entries = (await auditOf(CHECKOUT_SETTING_KEYS)).slice(before);
    expect(entries.map((e) => e.entityId).sort()).toEqual(
      [
        'cart.guest_cart_days',
        'checkout.guest_checkout',
        'orders.hold_stock_minutes',
        'stock.low_amount',
        'stock.notify_low',
      ].sort(),
    );
    expect(entries.find((e) => e.entityId === 'orders.hold_stock_minutes')).toMatchObject({
      before: { value: 60 },
      after: { value: 90 },
    });
    const page = await (await http.get(manager, CHECKOUT)).text();
    expect(page).toContain('Ware reservieren (Minuten)');
    expect(page).toContain('value="90"');

    // The form opened before that save is stale now.
    const late = await http.post(manager, CHECKOUT, { ...CHECKOUT_FORM, security, version });
    expect(late.status).toBe(409);
    expect((await stored())['orders.hold_stock_minutes']).toBe(90);
  });
});

describe('the storefront follows', () => {
  it('shows the saved store notice on the home page in each language', async () => {
    const res = await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security: nonceOf(manager),
      notice_on: 'yes',
      notice_de: 'Heute versandkostenfrei <b>ab 20 €</b>',
      notice_en: 'Free shipping today',
    });
    expect(res.status).toBe(302);
    const home = await (await get('/')).text();
    expect(home).toContain('store-notice');
    expect(home).toContain('Heute versandkostenfrei &lt;b>ab 20 €&lt;/b>');
    expect(await (await get('/', 'lang=en')).text()).toContain('Free shipping today');
    // Switched off, it is gone.
    await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security: nonceOf(manager),
      notice_de: 'Heute versandkostenfrei <b>ab 20 €</b>',
      notice_en: 'Free shipping today',
    });
    expect(await (await get('/')).text()).not.toContain('Heute versandkostenfrei');
  });

  it('shows visitors the coming-soon page and staff the shop while coming-soon mode is on', async () => {
    const security = nonceOf(manager);
    expect(
      (await http.post(manager, SHOP, { ...SHOP_FORM, security, coming_soon: 'yes' })).status,
    ).toBe(302);
    try {
      const visitor = await get('/');
      expect(visitor.status).toBe(503);
      expect(await visitor.text()).toContain('class="container coming-soon"');
      const staff = await http.get(manager, '/');
      expect(staff.status).toBe(200);
      const html = await staff.text();
      expect(html).not.toContain('class="container coming-soon"');
      expect(html).toContain('coming-soon-banner');
    } finally {
      await http.post(manager, SHOP, { ...SHOP_FORM, security });
    }
    expect((await get('/')).status).toBe(200);
  });

  it('names the saved owner on the imprint page', async () => {
    await http.post(manager, SHOP, {
      ...SHOP_FORM,
      security: nonceOf(manager),
      owner_name: 'Wachszieherei Möller KG',
      owner_representative: 'Paul Möller',
    });
    const imprint = await (await get('/impressum')).text();
    expect(imprint).toContain('Wachszieherei Möller KG');
    expect(imprint).toContain('Paul Möller');
    expect(imprint).toContain('DE123456789');
  });

  it('asks a guest to make an account at checkout when guest checkout is off', async () => {
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    const checkoutPage = async () => (await get('/checkout', client.cookieHeader)).text();
    const open = await checkoutPage();
    expect(open).toContain('name="createaccount"');

    const { guest_checkout: _, ...guestsOff } = CHECKOUT_FORM;
    const res = await http.post(manager, CHECKOUT, { ...guestsOff, security: nonceOf(manager) });
    expect(res.headers.get('location')).toBe(`${CHECKOUT}?saved=yes`);
    const closed = await checkoutPage();
    // No choice any more: the password of the new account is asked for and required.
    expect(closed).not.toContain('name="createaccount"');
    expect(closed).toMatch(/<input[^>]*name="account_password"[^>]*required/);
  });
});
