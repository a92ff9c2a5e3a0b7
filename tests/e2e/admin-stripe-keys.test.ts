import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { saveStripeKeys } from '#app/domain/payments/stripe-keys.server.ts';
import { setStripeEndpoint } from '#app/domain/payments/stripe-setup.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** Stripe keys entered on the payment settings page, tried against a local fake Stripe. */
let shop: TestShop;
let browser: Browser;
let fake: http.Server;
const PATH = '/admin/settings/payments';
const KEYS = {
  publishable: 'pk_test_51BrowserPublishable',
  secret: 'sk_test_51BrowserSecretKey1234',
  webhook: 'whsec_BrowserSigningSecret9876',
};

beforeAll(async () => {
  shop = await startTestShop();
  fake = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.headers.authorization === `Bearer ${KEYS.secret}`) {
      res.end(JSON.stringify({ id: 'acct_1Browser', object: 'account', email: 'a@example.com' }));
      return;
    }
    res.statusCode = 401;
    res.end(
      JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key' } }),
    );
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as { port: number }).port;
  setStripeEndpoint(shop.env, { host: '127.0.0.1', port, protocol: 'http' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await new Promise((r) => fake?.close(r));
});

beforeEach(async () => {
  await saveStripeKeys(shop.database.db, shop.env, null, SYSTEM_ACTOR);
});

const TEXT = {
  de: {
    heading: 'Stripe-Schlüssel',
    publishable: 'Veröffentlichbarer Schlüssel',
    secret: 'Geheimer Schlüssel',
    webhook: 'Signaturgeheimnis des Webhooks',
    test: 'Verbindung testen',
    save: 'Schlüssel speichern',
    remove: 'Schlüssel entfernen',
    ok: 'Verbindung in Ordnung: Testmodus, Konto a@example.com (acct_1Browser).',
    saved: 'Die Stripe-Schlüssel wurden gespeichert',
    removed: 'Die Stripe-Schlüssel wurden entfernt',
    mismatch: 'Beide Schlüssel müssen aus demselben Modus sein',
    badge: 'Testmodus',
  },
  en: {
    heading: 'Stripe keys',
    publishable: 'Publishable key',
    secret: 'Secret key',
    webhook: 'Webhook signing secret',
    test: 'Test the connection',
    save: 'Save keys',
    remove: 'Remove keys',
    ok: 'Connection OK: test mode, account a@example.com (acct_1Browser).',
    saved: 'The Stripe keys have been saved',
    removed: 'The Stripe keys have been removed',
    mismatch: 'Both keys must be of the same mode',
    badge: 'Test mode',
  },
} as const;

const keysForm = (page: Page) => page.getByRole('form', { name: /Stripe/ });

/** Whether the storefront shows the sandbox's test mode badge to a shopper. */
async function storefrontBadge(lang: 'de' | 'en') {
  const context = await browser.newContext({ baseURL: shop.url });
  await context.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
  const page = await context.newPage();
  await page.goto('/');
  const shown = await page.locator('.test-mode-badge').count();
  await context.close();
  return shown > 0;
}

describe('Stripe keys', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`enters keys, tests the connection, sees them masked and the sandbox off (${lang})`, async () => {
      const text = TEXT[lang];
      expect(await storefrontBadge(lang)).toBe(true);
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto(PATH);
      await waitForHydration(page);
      const form = keysForm(page);
      await form.getByRole('heading', { name: text.heading }).waitFor();
      await form.getByLabel(text.publishable).fill(KEYS.publishable);
      await form.getByLabel(text.secret).fill(KEYS.secret);
      await form.getByLabel(text.webhook).fill(KEYS.webhook);
      await form.getByRole('button', { name: text.test }).click();
      await form.getByRole('status').filter({ hasText: text.ok }).waitFor();
      await shoot(page, `admin-stripe-keys-tested-${lang}`);
      // The test saved nothing: the sandbox still runs.
      expect(await storefrontBadge(lang)).toBe(true);

      await form.getByLabel(text.secret).fill(KEYS.secret);
      await form.getByLabel(text.webhook).fill(KEYS.webhook);
      await form.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).waitFor();
      await form.getByText('sk_test_••••1234').waitFor();
      await form.getByText('whsec_••••9876').waitFor();
      expect(await form.getByLabel(text.secret).inputValue()).toBe('');
      expect(await page.content()).not.toContain(KEYS.secret);
      expect(await storefrontBadge(lang)).toBe(false);

      // With the secret fields empty, the stored keys are tested.
      await form.getByRole('button', { name: text.test }).click();
      await form.getByRole('status').filter({ hasText: text.ok }).waitFor();

      await form.getByRole('button', { name: text.remove }).click();
      await page.getByText(text.removed).waitFor();
      expect(await storefrontBadge(lang)).toBe(true);
      await context.close();
    });

    for (const width of [1280, 390]) {
      it(`passes axe with stored keys and with a refused form (${lang}, ${width} px)`, async () => {
        const text = TEXT[lang];
        await saveStripeKeys(
          shop.database.db,
          shop.env,
          { publishableKey: KEYS.publishable, secretKey: KEYS.secret, webhookSecret: KEYS.webhook },
          SYSTEM_ACTOR,
        );
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto(`${PATH}#stripe-keys`);
        await waitForHydration(page);
        const form = keysForm(page);
        await form.getByText('sk_test_••••1234').waitFor();
        await expectNoAxeViolations(page);
        await form.scrollIntoViewIfNeeded();
        await shoot(page, `admin-stripe-keys-${lang}-${width}`);
        await form.getByLabel(text.publishable).fill('pk_live_51BrowserPublishable');
        await form.getByRole('button', { name: text.save }).click();
        await page.locator('#stripe-publishable-key-tip').waitFor();
        await expect
          .poll(() => page.getByRole('alert').first().textContent())
          .toContain(text.mismatch);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-stripe-keys-error-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('saves keys without JavaScript', async () => {
    const member = await staffContext(browser, shop, 'de');
    const cookies = await member.cookies();
    await member.close();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(PATH);
    const form = keysForm(page);
    await form.getByLabel(TEXT.de.publishable).fill(KEYS.publishable);
    await form.getByLabel(TEXT.de.secret).fill(KEYS.secret);
    await form.getByRole('button', { name: TEXT.de.test }).click();
    await keysForm(page).getByText(TEXT.de.ok).waitFor();
    await keysForm(page).getByLabel(TEXT.de.secret).fill(KEYS.secret);
    await keysForm(page).getByRole('button', { name: TEXT.de.save }).click();
    await page.getByText(TEXT.de.saved).waitFor();
    expect(page.url()).toContain(`${PATH}?saved=keys`);
    await keysForm(page).getByText('sk_test_••••1234').waitFor();
    await context.close();
  });
});
