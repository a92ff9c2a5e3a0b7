import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { outboxSettled } from '../support/outbox.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAttribution } from '#app/domain/attribution/attribution.schema.ts';
import { customerMeta, customers } from '#app/domain/customers/customers.schema.ts';
import {
  COMING_SOON_SETTING,
  STORE_NOTICE_SETTING,
} from '#app/domain/settings/site-settings.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { INSTAGRAM_SETTING } from '#app/domain/social/instagram.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';
import {
  PLACE_TEXTS,
  fillBillingAddress,
  fillCart,
  openCheckout,
  orderIdFromUrl,
} from './checkout-setup.ts';

/**
 * Store notice, cookie consent with order attribution, coming-soon mode and the Instagram
 * feed, in a shop of its own: these change settings every page reads.
 */
let shop: TestShop;
let browser: Browser;
let productId: number;
const SHOTS = process.env.SCREENSHOT_DIR;
const TRACKING = [
  'sbjs_current',
  'sbjs_current_add',
  'sbjs_first',
  'sbjs_first_add',
  'sbjs_session',
  'sbjs_udata',
  'sbjs_migrations',
  'sbjs_promo',
];
const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  productId = (
    await createProduct(db, {
      name: { de: 'Leinentasche', en: 'Linen bag' },
      regularPrice: 1490,
      manageStock: true,
      stockQuantity: 500,
    })
  ).product.id;
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function visitor(
  options: {
    lang?: 'de' | 'en';
    javaScript?: boolean;
    width?: number;
    cookies?: Record<string, string>;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  const cookies = { ...(options.lang ? { lang: options.lang } : {}), ...options.cookies };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, url: shop.url })),
  );
  return context;
}

async function open(context: BrowserContext, url: string, hydrate = true): Promise<Page> {
  const page = await context.newPage();
  // Any script an attacker smuggled in would open a dialog.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.goto(url);
  if (hydrate) await waitForHydration(page);
  return page;
}

async function cookieMap(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('cookie consent', () => {
  it('sets no tracking cookie until allowed, fills them on allow and deletes them on refuse, from the footer', async () => {
    const context = await visitor({ lang: 'de' });
    const page = await open(
      context,
      '/shop?utm_source=newsletter&utm_medium=email&utm_campaign=fruehling',
    );
    const banner = page.getByRole('region', { name: 'Cookies und Herkunft Ihres Besuchs' });
    await banner.waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'consent-1280');
    const allow = banner.getByRole('button', { name: 'Erlauben' });
    const refuse = banner.getByRole('button', { name: 'Nur notwendige' });
    // Equal choices: same size, same look.
    const [a, r] = [await allow.boundingBox(), await refuse.boundingBox()];
    expect(Math.abs(a!.height - r!.height)).toBeLessThan(1);
    expect(await allow.getAttribute('class')).toBe(await refuse.getAttribute('class'));
    expect(Object.keys(await cookieMap(context)).filter((n) => n.startsWith('sbjs_'))).toEqual([]);

    // By keyboard.
    await allow.focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await expect
      .poll(async () => (await cookieMap(context)).sbjs_current ?? '')
      .toContain('src%3Dnewsletter');
    const cookies = await cookieMap(context);
    expect(cookies.cookie_consent).toBe('allow');
    for (const name of TRACKING) expect(cookies[name], name).toBeTruthy();
    const promo = Number(decodeURIComponent(cookies.sbjs_promo!).replace('code=', ''));
    expect(promo).toBeGreaterThanOrEqual(100000);
    expect(promo).toBeLessThanOrEqual(999999);
    const session = (await context.cookies()).find((c) => c.name === 'sbjs_session')!;
    const current = (await context.cookies()).find((c) => c.name === 'sbjs_current')!;
    const now = Date.now() / 1000;
    expect(session.expires - now).toBeGreaterThan(29 * 60);
    expect(session.expires - now).toBeLessThanOrEqual(30 * 60 + 5);
    expect(current.expires - now).toBeGreaterThan(179 * 86_400);
    expect(current.expires - now).toBeLessThanOrEqual(180 * 86_400 + 5);

    // The choice is changed from the footer at any time.
    const settings = page.getByRole('link', { name: 'Cookie-Einstellungen' });
    await settings.click();
    await banner.waitFor();
    await banner.getByText('Ihre aktuelle Wahl: Herkunft des Besuchs merken erlaubt.').waitFor();
    // Focus moves once the banner has rendered, in the frame after it appears.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('consent-title');
    await banner.getByRole('button', { name: 'Nur notwendige' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Cookie-Einstellungen');
    const after = await cookieMap(context);
    expect(after.cookie_consent).toBe('refuse');
    for (const name of TRACKING) expect(after[name], name).toBeUndefined();
    // A later page view sets none again, and the server leaves the banner out.
    const next = await open(context, '/shop?utm_source=again');
    expect(
      await next.getByRole('region', { name: 'Cookies und Herkunft Ihres Besuchs' }).count(),
    ).toBe(0);
    expect(Object.keys(await cookieMap(context)).filter((n) => n.startsWith('sbjs_'))).toEqual([]);
    await context.close();
  });

  it('works without JavaScript and in English, and looks right on a phone', async () => {
    const context = await visitor({ lang: 'en', javaScript: false, width: 390 });
    const page = await open(context, '/agb', false);
    const banner = page.getByRole('region', { name: 'Cookies and where your visit came from' });
    await banner.waitFor();
    await shoot(page, 'consent-390');
    await banner.getByRole('button', { name: 'Necessary only' }).click();
    await page.waitForURL(/\/agb$/);
    expect(await banner.count()).toBe(0);
    expect((await cookieMap(context)).cookie_consent).toBe('refuse');
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await page.waitForURL(/\/cookie-einstellungen$/);
    await page.getByText('Your current choice: necessary cookies only.').waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page
      .getByText('Your current choice: remembering where your visit came from is allowed.')
      .waitFor();
    expect((await cookieMap(context)).cookie_consent).toBe('allow');
    await context.close();
  });
});

describe('order attribution', () => {
  async function checkout(context: BrowserContext, landing: string) {
    const page = await open(context, landing);
    await fillCart(page, [{ id: productId }]);
    await openCheckout(page);
    await fillBillingAddress(page, 'de');
    await page.getByRole('radio', { name: PLACE_TEXTS.de.bankTransfer }).check();
    await page.getByRole('checkbox', { name: PLACE_TEXTS.de.terms }).check();
    return page;
  }

  async function place(page: Page): Promise<number> {
    await page.getByRole('button', { name: PLACE_TEXTS.de.buy }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
    return orderIdFromUrl(page);
  }

  const stored = async (orderId: number) =>
    Object.fromEntries(
      (
        await shop.database.db
          .select()
          .from(orderAttribution)
          .where(eq(orderAttribution.orderId, orderId))
      ).map((r) => [r.field, r.value]),
    );

  it('sends the values with the classic checkout when allowed; hostile utm values stay inert', async () => {
    const context = await visitor({ lang: 'de', cookies: { cookie_consent: 'allow' } });
    const landing = `/shop?utm_source=${encodeURIComponent(XSS)}&utm_medium=cpc&utm_campaign=herbst`;
    const page = await checkout(context, landing);
    const input = page.locator('input[name="wc_order_attribution_utm_source"]');
    await expect.poll(() => input.inputValue()).not.toBe('');
    expect(await input.inputValue()).not.toMatch(/[<>]/);
    expect(await page.locator('input[name="wc_order_attribution_source_type"]').inputValue()).toBe(
      'utm',
    );
    const orderId = await place(page);
    const values = await stored(orderId);
    expect(values).toMatchObject({
      source_type: 'utm',
      utm_medium: 'cpc',
      utm_campaign: 'herbst',
      session_pages: expect.stringMatching(/^\d+$/),
      session_count: '1',
    });
    expect(values.utm_source).toContain('img src=x onerror=alert(1)');
    expect(values.utm_source).not.toMatch(/[<>]/);
    expect(values.user_agent).toBeTruthy();
    // The shop's notice of the new order shows where it came from.
    const outbox = path.join(shop.dataDir, 'outbox');
    await outboxSettled(shop);
    const notice = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => /To: shop@example\.org/.test(m) && m.includes('herbst'));
    expect(notice).toBeDefined();
    expect(notice).toContain('Herkunft der Bestellung');
    await context.close();
  });

  it('renders a hostile tracking cookie inert and stores it cleaned', async () => {
    const context = await visitor({
      lang: 'de',
      cookies: {
        cookie_consent: 'allow',
        sbjs_migrations: '1418474375998%3D1',
        sbjs_current: encodeURIComponent(`typ=referral|||src=${XSS}|||mdm=referral|||cmp=(none)`),
        sbjs_current_add: encodeURIComponent(`fd=2026-01-01 10:00:00|||ep=${XSS}|||rf=(none)`),
        sbjs_session: encodeURIComponent('pgs=1|||cpg=x'),
      },
    });
    const page = await checkout(context, '/shop');
    const entry = page.locator('input[name="wc_order_attribution_session_entry"]');
    await expect.poll(() => entry.inputValue()).not.toBe('');
    const orderId = await place(page);
    const values = await stored(orderId);
    expect(values.source_type).toBe('referral');
    for (const value of Object.values(values)) expect(value).not.toMatch(/[<>]/);
    await context.close();
  });

  it('sends nothing when refused', async () => {
    const context = await visitor({ lang: 'de', cookies: { cookie_consent: 'refuse' } });
    const page = await checkout(context, '/shop?utm_source=newsletter');
    const values = await page
      .locator('input[name^="wc_order_attribution_"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values.length).toBe(16);
    expect(values.every((v) => v === '')).toBe(true);
    const orderId = await place(page);
    expect(await stored(orderId)).toEqual({});
    expect(Object.keys(await cookieMap(context)).filter((n) => n.startsWith('sbjs_'))).toEqual([]);
    await context.close();
  });
});

describe('store notice', () => {
  it('hides on dismiss, keeps hidden by its cookie, and shows a new notice again', async () => {
    const db = shop.database.db;
    await putSetting(db, STORE_NOTICE_SETTING, {
      text: {
        de: 'Betriebsferien bis 6. Januar – Bestellungen gehen danach raus.',
        en: 'Closed until 6 January.',
      },
      id: 'winter',
    });
    try {
      const context = await visitor({ lang: 'de', cookies: { cookie_consent: 'refuse' } });
      const page = await open(context, '/');
      const notice = page.getByRole('region', { name: 'Hinweis des Shops' });
      await notice.getByText(/Betriebsferien bis 6\. Januar/).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, 'store-notice-1280');
      await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
      await notice.waitFor({ state: 'detached' });
      const cookie = (await context.cookies()).find((c) => c.name === 'store_noticewinter')!;
      expect(cookie.value).toBe('hidden');
      expect(cookie.path).toBe('/');
      // The server reads the cookie: the bar is not even in the next page's HTML.
      const html = await (await page.request.get('/shop')).text();
      expect(html).not.toContain('Betriebsferien');
      await putSetting(db, STORE_NOTICE_SETTING, {
        text: { de: 'Neu: Geschenkgutscheine', en: 'New: gift cards' },
        id: 'gifts',
      });
      const again = await open(context, '/shop');
      await again
        .getByRole('region', { name: 'Hinweis des Shops' })
        .getByText('Neu: Geschenkgutscheine')
        .waitFor();
      await context.close();

      const english = await visitor({
        lang: 'en',
        width: 390,
        cookies: { cookie_consent: 'allow' },
      });
      const enPage = await open(english, '/');
      const enNotice = enPage.getByRole('region', { name: 'Shop notice' });
      await enNotice.getByText('New: gift cards').waitFor();
      await shoot(enPage, 'store-notice-390');
      await enNotice.getByRole('button', { name: 'Dismiss notice' }).click();
      await enNotice.waitFor({ state: 'detached' });
      await english.close();
    } finally {
      await putSetting(db, STORE_NOTICE_SETTING, { text: { de: '' }, id: '' });
    }
  });
});

describe('coming-soon mode', () => {
  it('shows the public the coming-soon page and staff the shop with a banner they can dismiss', async () => {
    const db = shop.database.db;
    await putSetting(db, COMING_SOON_SETTING, true);
    try {
      for (const lang of ['de', 'en'] as const) {
        const context = await visitor({ lang });
        const page = await context.newPage();
        const response = await page.goto('/shop');
        expect(response!.status()).toBe(503);
        expect(response!.headers()['x-robots-tag']).toBe('noindex');
        await page
          .getByRole('heading', { name: lang === 'de' ? 'Bald geht es los' : 'Coming soon' })
          .waitFor();
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        await expectNoAxeViolations(page);
        await shoot(page, `coming-soon-${lang}`);
        await context.close();
      }

      const manager = await signedInCustomer(db, { role: 'shop_manager' });
      const context = await visitor({
        lang: 'de',
        cookies: { [SESSION_COOKIE]: manager.sessionId, cookie_consent: 'refuse' },
      });
      const page = await open(context, '/shop');
      const banner = page.getByRole('region', { name: 'Demnächst geöffnet' });
      await banner.getByText(/im Modus „Demnächst“/).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, 'coming-soon-banner-1280');
      const posted = page.waitForRequest((r) => r.url().endsWith('/wp-json/wp/v2/users/me'));
      await banner.getByRole('button', { name: 'Hinweis ausblenden' }).click();
      const request = await posted;
      expect(request.method()).toBe('POST');
      expect(request.headers()['x-wp-nonce']).toBeTruthy();
      expect(request.postDataJSON()).toEqual({
        woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
      });
      await banner.waitFor({ state: 'detached' });
      const meta = await db
        .select()
        .from(customerMeta)
        .where(eq(customerMeta.customerId, manager.customer.id));
      expect(meta).toMatchObject([{ key: 'coming_soon_banner_dismissed', value: 'yes' }]);
      const later = await open(context, '/');
      await later.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await later.getByRole('region', { name: 'Demnächst geöffnet' }).count()).toBe(0);
      await context.close();
    } finally {
      await putSetting(db, COMING_SOON_SETTING, false);
    }
  });

  it('keeps the banner and says so when the dismissal is not allowed', async () => {
    const db = shop.database.db;
    await putSetting(db, COMING_SOON_SETTING, true);
    try {
      const manager = await signedInCustomer(db, { role: 'shop_manager' });
      const context = await visitor({
        lang: 'en',
        width: 390,
        cookies: { [SESSION_COOKIE]: manager.sessionId, cookie_consent: 'refuse' },
      });
      const page = await open(context, '/shop');
      const banner = page.getByRole('region', { name: 'Coming soon' });
      await banner.waitFor();
      await shoot(page, 'coming-soon-banner-390');
      // The role is taken away while the page is open.
      await db
        .update(customers)
        .set({ role: 'customer' })
        .where(eq(customers.id, manager.customer.id));
      const answer = page.waitForResponse((r) => r.url().endsWith('/wp-json/wp/v2/users/me'));
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      expect((await answer).status()).toBe(403);
      await banner.getByRole('alert').getByText('The notice could not be dismissed.').waitFor();
      const meta = await db
        .select()
        .from(customerMeta)
        .where(eq(customerMeta.customerId, manager.customer.id));
      expect(meta).toEqual([]);
      await context.close();
    } finally {
      await putSetting(db, COMING_SOON_SETTING, false);
    }
  });
});

describe('Instagram feed', () => {
  it('shows shoppers nothing and staff the error when the feed cannot be had', async () => {
    const db = shop.database.db;
    await putSetting(db, INSTAGRAM_SETTING, { account: 'ladenzeile', token: '' });
    try {
      const guest = await visitor({ lang: 'de', cookies: { cookie_consent: 'refuse' } });
      const guestPage = await open(guest, '/');
      const guestAnswer = await guestPage.request.get('/wc-ajax/instagram_feed');
      expect(await guestAnswer.json()).toEqual({ success: false });
      expect(await guestPage.getByRole('heading', { name: 'Auf Instagram' }).count()).toBe(0);
      await guest.close();

      const manager = await signedInCustomer(db, { role: 'shop_manager' });
      const staff = await visitor({
        lang: 'en',
        cookies: { [SESSION_COOKIE]: manager.sessionId, cookie_consent: 'refuse' },
      });
      const page = await open(staff, '/');
      await page
        .getByText('Instagram error: No access token is configured for the account.')
        .waitFor();
      await staff.close();
    } finally {
      await putSetting(db, INSTAGRAM_SETTING, { account: '', token: '' });
    }
  });
});
