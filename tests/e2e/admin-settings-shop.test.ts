import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The shop and checkout sections of the settings area, in a shop of their own. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startTestShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** An owner with every required detail, and no notice yet. */
async function start() {
  const db = shop.database.db;
  await putSetting(db, 'shop.owner', {
    name: 'Kerzenwerk Lindner GmbH',
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
  await putSetting(db, 'site.store_notice', { text: { de: '', en: '' }, id: '', enabled: false });
  await putSetting(db, 'site.coming_soon', false);
}

const TEXT = {
  de: { saved: 'Die Einstellungen wurden gespeichert.', changes: 'Letzte Änderungen' },
  en: { saved: 'The settings have been saved.', changes: 'Recent changes' },
} as const;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 80 && (await focusedId(page)) !== id; i++) {
    await page.keyboard.press('Tab');
  }
  expect(await focusedId(page)).toBe(id);
}

describe('store notice', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`is written and switched on with the keyboard alone, then shown in the shop (${lang})`, async () => {
      await start();
      const stamp = Date.now() % 100_000;
      const notice = {
        de: `Betriebsferien ${stamp}: Versand ab 7. Januar`,
        en: `Holiday break ${stamp}: shipping from 7 January`,
      };
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto('/admin/settings/shop');
      await waitForHydration(page);
      await tabTo(page, 'setting-notice-on');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('setting-notice-de');
      await page.keyboard.type(notice.de);
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('setting-notice-en');
      await page.keyboard.type(notice.en);
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('setting-coming-soon');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('type') ?? '')).toBe(
        'submit',
      );
      await page.keyboard.press('Enter');
      await page.getByText(TEXT[lang].saved).waitFor();
      expect(await page.locator('#setting-notice-on').isChecked()).toBe(true);
      expect(await page.locator('#setting-notice-de').inputValue()).toBe(notice.de);
      const audit = page.getByRole('region', { name: TEXT[lang].changes });
      await audit.getByRole('row', { name: new RegExp(`${stamp}`) }).waitFor();
      await shoot(page, `admin-shop-settings-saved-${lang}-1280`);

      // The shop shows it, in the visitor's language.
      const store = await context.newPage();
      await store.goto('/');
      await store.getByText(notice[lang]).waitFor();
      expect(await store.getByText(notice[lang === 'de' ? 'en' : 'de']).count()).toBe(0);
      await shoot(store, `shop-store-notice-${lang}-1280`);
      await context.close();
    });
  }
});

describe('pages pass axe', () => {
  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`the shop and checkout sections, also with a refused form (${lang}, ${width} px)`, async () => {
      await start();
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/settings/shop');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-shop-settings-${lang}-${width}`);
      await page.locator('#setting-owner-email').fill('kein-at.example');
      await page.locator('#setting-owner-vat-id').fill('DE12');
      await page.locator('button[type="submit"]').last().click();
      await page.locator('#setting-owner-email-tip').waitFor();
      await page.locator('#setting-owner-vat-id-tip').waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-shop-settings-error-${lang}-${width}`);

      await page.goto('/admin/settings/checkout');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-checkout-settings-${lang}-${width}`);
      await page.locator('#setting-hold-stock-minutes').fill('0');
      await page.locator('button[type="submit"]').last().click();
      await page.locator('#setting-hold-stock-minutes-tip').waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-checkout-settings-error-${lang}-${width}`);
      await context.close();
    });
  }
});
