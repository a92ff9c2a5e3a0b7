import { readFileSync, readdirSync } from 'node:fs';
import { outboxSettled } from '../support/outbox.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAttribution } from '#app/domain/attribution/attribution.schema.ts';
import { customerMeta } from '#app/domain/customers/customers.schema.ts';
import {
  COMING_SOON_SETTING,
  STORE_NOTICE_SETTING,
} from '#app/domain/settings/site-settings.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { INSTAGRAM_SETTING } from '#app/domain/social/instagram.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import type { TestShop } from '../support/shop.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { StoreClient } from '../support/store-client.ts';

// Pages are shared between visitors as in production: the cookies that change a page (consent,
// hidden store notice) must give each visitor their own rendering.
let shop: TestShop;
let candle: number;
const SECRET = 'site-features-test-secret-0123456789abcdef';
const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: SECRET, DATA_DIR: '/tmp' });
const XSS = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({
    renderCacheSeconds: 5,
    env: { SESSION_SECRET: SECRET },
    candleStock: 100,
  }));
});

afterAll(async () => {
  await shop?.close();
});

const get = (p: string, cookie = '') =>
  fetch(shop.url + p, { headers: { cookie }, redirect: 'manual' });

function usersMe(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${shop.url}/wp-json/wp/v2/users/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const DISMISS = { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } };
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash }, env);
const metaOf = (who: SignedIn) =>
  shop.database.db.select().from(customerMeta).where(eq(customerMeta.customerId, who.customer.id));

describe('POST /wp-json/wp/v2/users/me', () => {
  it('stores the dismissal for a shop manager with the X-WP-Nonce header', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const res = await usersMe(DISMISS, { cookie: manager.cookie, 'x-wp-nonce': nonceOf(manager) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: manager.customer.id,
      woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
    });
    expect(await metaOf(manager)).toMatchObject([
      { key: 'coming_soon_banner_dismissed', value: 'yes' },
    ]);
  });

  it('refuses customers, guests and missing or foreign nonces with 403 and stores nothing', async () => {
    const db = shop.database.db;
    const customer = await signedInCustomer(db);
    const manager = await signedInCustomer(db, { role: 'shop_manager' });
    const asCustomer = await usersMe(DISMISS, {
      cookie: customer.cookie,
      'x-wp-nonce': nonceOf(customer),
    });
    expect(asCustomer.status).toBe(403);
    expect((await asCustomer.json()).code).toBe('rest_forbidden');
    expect(await metaOf(customer)).toEqual([]);
    expect((await usersMe(DISMISS)).status).toBe(403);
    expect((await usersMe(DISMISS, { cookie: manager.cookie })).status).toBe(403);
    // Another session's nonce is no key to this one.
    const foreign = await usersMe(DISMISS, {
      cookie: manager.cookie,
      'x-wp-nonce': nonceOf(customer),
    });
    expect(foreign.status).toBe(403);
    expect(await metaOf(manager)).toEqual([]);
    // A request from another site is stopped before it is read.
    const crossSite = await usersMe(DISMISS, {
      cookie: manager.cookie,
      'x-wp-nonce': nonceOf(manager),
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await metaOf(manager)).toEqual([]);
  });

  it('answers hostile bodies with 400 and never stores an unknown key', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const headers = { cookie: manager.cookie, 'x-wp-nonce': nonceOf(manager) };
    const bodies: unknown[] = [
      { woocommerce_meta: { coming_soon_banner_dismissed: 'maybe' } },
      { woocommerce_meta: { coming_soon_banner_dismissed: ['yes'] } },
      { woocommerce_meta: { role: 'administrator' } },
      { woocommerce_meta: 'yes' },
      { woocommerce_meta: [] },
      { role: 'shop_manager' },
      { woocommerce_meta: { coming_soon_banner_dismissed: TEN_KB } },
      ...HOSTILE_VALUES.map((v) => ({ woocommerce_meta: { coming_soon_banner_dismissed: v } })),
      '[1,2]',
      '{"woocommerce_meta":',
    ];
    for (const body of bodies) {
      const res = await usersMe(body, headers);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).data.status).toBe(400);
    }
    expect(await metaOf(manager)).toEqual([]);
  });
});

describe('coming-soon mode', () => {
  it('shows the public a 503 coming-soon page with noindex; staff the shop with the banner until dismissed', async () => {
    const db = shop.database.db;
    await putSetting(db, COMING_SOON_SETTING, true);
    try {
      const customer = await signedInCustomer(db);
      for (const cookie of ['', customer.cookie, 'lang=en']) {
        const res = await get('/shop', cookie);
        expect(res.status).toBe(503);
        expect(res.headers.get('x-robots-tag')).toBe('noindex');
        expect(res.headers.get('retry-after')).toBeTruthy();
        const html = await res.text();
        expect(html).toContain('<meta name="robots" content="noindex"');
        expect(html).toContain(cookie === 'lang=en' ? 'Coming soon' : 'Bald geht es los');
        expect(html).not.toContain('product-card');
        // No script runs on it (a signed-in visitor's data block is JSON, never executed).
        expect(html).not.toMatch(/<script(?! type="application\/json")/);
      }
      // Signing in and the legal notice stay open.
      expect((await get('/my-account')).status).toBe(200);
      expect((await get('/impressum')).status).toBe(200);
      const manager = await signedInCustomer(db, { role: 'shop_manager' });
      const staffPage = await get('/shop', manager.cookie);
      expect(staffPage.status).toBe(200);
      const html = await staffPage.text();
      expect(html).toContain('coming-soon-banner');
      expect(html).toContain(nonceOf(manager));
      // The staff rendering is never handed to the public.
      const after = await get('/shop');
      expect(after.status).toBe(503);
      const dismissed = await usersMe(DISMISS, {
        cookie: manager.cookie,
        'x-wp-nonce': nonceOf(manager),
      });
      expect(dismissed.status).toBe(200);
      const later = await (await get('/shop', manager.cookie)).text();
      expect(later).not.toContain('coming-soon-banner');
      // Dismissed per user: another manager still sees it.
      const other = await signedInCustomer(db, { role: 'shop_manager' });
      expect(await (await get('/shop', other.cookie)).text()).toContain('coming-soon-banner');
    } finally {
      await putSetting(db, COMING_SOON_SETTING, false);
    }
    const open = await get('/shop?open=1');
    expect(open.status).toBe(200);
    expect(await open.text()).not.toContain('coming-soon-banner');
  });
});

describe('store notice', () => {
  it('is shown until the cookie named with its id hides it, per visitor in a shared page', async () => {
    const db = shop.database.db;
    await putSetting(db, STORE_NOTICE_SETTING, {
      text: { de: `Sommerpause ${XSS}`, en: 'Summer break' },
      id: 'summer',
    });
    try {
      const shown = await (await get('/agb?n=1')).text();
      expect(shown).toContain('Sommerpause');
      expect(shown).toContain('store-notice');
      expect(shown).not.toContain('<script>alert(1)');
      expect(shown).toContain('Sommerpause &quot;>&lt;script>alert(1)&lt;/script>');
      // Same address, same moment, cookie set: the shared rendering is not reused.
      const hidden = await (await get('/agb?n=1', 'store_noticesummer=hidden')).text();
      expect(hidden).not.toContain('Sommerpause');
      // An old notice's cookie does not hide a new one.
      const old = await (await get('/agb?n=1', 'store_noticespring=hidden')).text();
      expect(old).toContain('Sommerpause');

      const dismiss = await fetch(`${shop.url}/store-notice`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
        body: 'id=summer&redirectTo=%2Fagb',
      });
      expect(dismiss.status).toBe(303);
      expect(dismiss.headers.get('location')).toBe('/agb');
      const cookie = dismiss.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^store_noticesummer=hidden; Path=\//);
    } finally {
      await putSetting(db, STORE_NOTICE_SETTING, { text: { de: '' }, id: '' });
    }
  });

  it('refuses hostile dismissals without a cookie and without a foreign redirect', async () => {
    for (const body of [
      'id=a%3Bb&redirectTo=%2F',
      `id=${'x'.repeat(40)}`,
      'id=summer&redirectTo=https%3A%2F%2Fevil.example',
      'id=summer&redirectTo=%2F%2Fevil.example',
      'id=a%00',
    ]) {
      const res = await fetch(`${shop.url}/store-notice`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
        body,
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/(?!\/)/);
      if (!body.startsWith('id=summer')) expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('consent', () => {
  async function choose(body: string) {
    return fetch(`${shop.url}/cookie-einstellungen`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
      body,
    });
  }

  it('sets the choice; refusing deletes every tracking cookie', async () => {
    const refuse = await choose('choice=refuse&redirectTo=%2Fshop');
    expect(refuse.status).toBe(303);
    expect(refuse.headers.get('location')).toBe('/shop');
    const cookies = refuse.headers.getSetCookie();
    expect(cookies).toContainEqual(
      expect.stringMatching(/^cookie_consent=refuse; Path=\/; Max-Age=31536000/),
    );
    for (const name of [
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_session',
      'sbjs_udata',
      'sbjs_migrations',
      'sbjs_promo',
    ]) {
      expect(cookies).toContainEqual(
        expect.stringMatching(new RegExp(`^${name}=; Path=/; Max-Age=0`)),
      );
    }
    const allow = await choose('choice=allow');
    expect(allow.headers.getSetCookie()).toEqual([expect.stringMatching(/^cookie_consent=allow;/)]);
    for (const bad of ['choice=yes', 'choice=', 'choice=allow%00', `choice=${TEN_KB}`]) {
      const res = await choose(bad);
      expect(res.status).toBe(303);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('shows the banner until a choice is made, per visitor in a shared page', async () => {
    const first = await (await get('/agb')).text();
    expect(first).toContain('consent-banner');
    expect(
      (await (await get('/agb', 'cookie_consent=refuse')).text()).includes('consent-banner'),
    ).toBe(false);
    expect(
      (await (await get('/agb', 'cookie_consent=allow')).text()).includes('consent-banner'),
    ).toBe(false);
    const page = await get('/cookie-einstellungen', 'lang=en');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Necessary only');
  });
});

describe('order attribution through the Store API', () => {
  async function placeWith(extensions: unknown, cookieExtra: string) {
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    const res = await fetch(`${shop.url}/wc/store/v1/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${client.cookieHeader}${cookieExtra}`,
        nonce: client.nonce,
        origin: shop.url,
      },
      body: JSON.stringify({
        billing_address: GERMAN_BILLING,
        payment_method: 'bacs',
        additional_fields: { terms: true },
        extensions,
      }),
    });
    const body = (await res.json()) as any;
    return { status: res.status, body };
  }
  const stored = (orderId: number) =>
    shop.database.db.select().from(orderAttribution).where(eq(orderAttribution.orderId, orderId));

  it('stores cleaned, capped values when tracking is allowed and mails them to the shop', async () => {
    const { status, body } = await placeWith(
      {
        'woocommerce/order-attribution': {
          source_type: 'utm',
          utm_source: XSS,
          utm_campaign: 'c'.repeat(1000),
          utm_medium: ['array'],
          not_a_field: 'x',
        },
      },
      '; cookie_consent=allow',
    );
    expect(status).toBe(200);
    const rows = await stored(body.order_id);
    const byField = Object.fromEntries(rows.map((r) => [r.field, r.value]));
    expect(Object.keys(byField).sort()).toEqual(['source_type', 'utm_campaign', 'utm_source']);
    expect(byField.utm_source).not.toMatch(/[<>]/);
    expect(byField.utm_campaign).toHaveLength(200);
    const outbox = path.join(shop.dataDir, 'outbox');
    await outboxSettled(shop);
    const notice = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes(`${body.order_number}`) && /To: shop@example\.org/.test(m));
    expect(notice).toBeDefined();
    expect(notice).toContain('Herkunft der Bestellung');
    expect(notice).not.toMatch(/<script>alert|<img src=x/);
  });

  it('stores nothing without the consent, or a refusal', async () => {
    const extensions = { 'woocommerce/order-attribution': { source_type: 'utm', utm_source: 'x' } };
    for (const cookie of ['', '; cookie_consent=refuse']) {
      const { status, body } = await placeWith(extensions, cookie);
      expect(status).toBe(200);
      expect(await stored(body.order_id)).toEqual([]);
    }
    for (const extensions of [
      { 'woocommerce/order-attribution': 'utm' },
      { 'woocommerce/order-attribution': [1, 2] },
      { 'woocommerce/order-attribution': null },
    ]) {
      const { status, body } = await placeWith(extensions, '; cookie_consent=allow');
      expect(status).toBe(200);
      expect(await stored(body.order_id)).toEqual([]);
    }
  });
});

describe('GET /wc-ajax/instagram_feed', () => {
  const feed = (cookie = '', query = '') =>
    fetch(`${shop.url}/wc-ajax/instagram_feed${query}`, { headers: { cookie } });

  it('fails soft: shoppers get no reason, shop managers get "Instagram error: …"', async () => {
    const db = shop.database.db;
    const manager = await signedInCustomer(db, { role: 'shop_manager' });
    const guest = await feed();
    expect(guest.status).toBe(200);
    expect(await guest.json()).toEqual({ success: false });
    const staff = await feed(`${manager.cookie}; lang=en`);
    expect(await staff.json()).toEqual({
      success: false,
      error: 'Instagram error: No Instagram account is configured.',
    });
    await putSetting(db, INSTAGRAM_SETTING, { account: 'ladenzeile', token: '' });
    expect((await (await feed(`${manager.cookie}; lang=en`)).json()).error).toBe(
      'Instagram error: No access token is configured for the account.',
    );
    // No network here: the call to Instagram fails and says so.
    await putSetting(db, INSTAGRAM_SETTING, { account: 'ladenzeile', token: 'IGQVJ-test' });
    expect((await (await feed(`${manager.cookie}; lang=en`)).json()).error).toBe(
      'Instagram error: Instagram could not be reached.',
    );
    expect(await (await feed()).json()).toEqual({ success: false });
    await putSetting(db, INSTAGRAM_SETTING, { account: '', token: '' });
  });

  it('refuses a bad count with 400 and never answers 5xx', async () => {
    for (const q of ['?data=0', '?data=13', '?data=abc', `?data=${TEN_KB.slice(0, 100)}`]) {
      const res = await feed('', q);
      expect(res.status, q).toBe(400);
    }
    expect((await feed('', '?data=4')).status).toBe(200);
  });
});
