import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { SHOP_NAME_SETTING } from '#app/domain/settings/shop-name.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** Renaming the shop in the back office with the keyboard alone, and the storefront after it. */
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

/** The owner the form requires, and the shop's default name. */
async function start() {
  const db = shop.database.db;
  await putSetting(db, 'shop.owner', {
    name: 'Kerzenwerk Lindner GmbH',
    street: 'Am Markt 3',
    postcode: '04109',
    city: 'Leipzig',
    country: 'DE',
    email: 'info@kerzenwerk.example',
    phone: '',
    vatId: '',
    register: '',
    representative: '',
  });
  await putSetting(db, SHOP_NAME_SETTING, 'Ladenzeile');
}

const TEXT = {
  de: {
    saved: 'Die Einstellungen wurden gespeichert.',
    label: 'Name des Shops',
    home: 'Startseite',
    required: 'Füllen Sie dieses Feld aus.',
  },
  en: {
    saved: 'The settings have been saved.',
    label: 'Shop name',
    home: 'Home',
    required: 'Fill in this field.',
  },
} as const;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 80 && (await focusedId(page)) !== id; i++) {
    await page.keyboard.press('Tab');
  }
  expect(await focusedId(page)).toBe(id);
}

/** Empties the focused field and types the text, as a keyboard user does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

describe('the shop name', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['de', 390],
    ['en', 1280],
    ['en', 390],
  ] as const) {
    it(`is changed with the keyboard alone and shown by the shop (${lang}, ${width} px)`, async () => {
      await start();
      const name = `Kerzenstube ${lang} ${width}`;
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/settings/shop');
      await waitForHydration(page);
      const field = page.getByRole('textbox', { name: new RegExp(`^${TEXT[lang].label}`) });
      expect(await field.inputValue()).toBe('Ladenzeile');
      await expectNoAxeViolations(page);

      // Refused while empty, the message beside the field.
      await tabTo(page, 'setting-shop-name');
      await retype(page, '');
      await page.keyboard.press('Enter');
      await page.locator('#setting-shop-name-tip', { hasText: TEXT[lang].required }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-shop-name-error-${lang}-${width}`);

      await page.locator('#setting-shop-name').focus();
      await retype(page, name);
      await page.keyboard.press('Enter');
      await page.getByText(TEXT[lang].saved).waitFor();
      expect(await field.inputValue()).toBe(name);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-shop-name-saved-${lang}-${width}`);

      // The storefront: the logo link named by it, the title, the footer.
      const store = await context.newPage();
      await store.goto('/');
      await waitForHydration(store);
      await store.getByRole('link', { name: `${name} – ${TEXT[lang].home}` }).waitFor();
      expect(await store.title()).toContain(name);
      expect(await store.locator('footer').textContent()).toContain(name);
      expect(await store.locator('body').textContent()).not.toContain('Ladenzeile');
      await expectNoAxeViolations(store);
      await shoot(store, `shop-name-home-${lang}-${width}`);
      await context.close();
    });
  }
});
