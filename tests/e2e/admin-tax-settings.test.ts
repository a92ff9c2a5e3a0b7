import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OSS_SETTING } from '#app/domain/pricing/vat.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';
import { fillBillingAddress, shopperAtCheckout } from './checkout-setup.ts';

/** The tax settings page, in a shop of its own: OSS switched on shows in the checkout. */
let shop: TestShop;
let browser: Browser;
let mugId: number;

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  await seedDemoCheckout(shop.database.db);
  mugId = (
    await createProduct(shop.database.db, {
      name: { de: 'Steingutbecher', en: 'Stoneware mug' },
      regularPrice: 11900,
    })
  ).product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: {
    title: 'Steuern',
    oss: /^One-Stop-Shop \(OSS\)/,
    save: 'Einstellungen speichern',
    saved: 'Die Steuereinstellungen wurden gespeichert.',
    rates: 'Steuersätze je EU-Staat',
    austria: 'Österreich (AT)',
    vat20: 'enthaltene MwSt. 20\u00a0%',
    vat19: 'enthaltene MwSt. 19\u00a0%',
  },
  en: {
    title: 'Tax',
    oss: /^One-Stop-Shop \(OSS\)/,
    save: 'Save settings',
    saved: 'The tax settings have been saved.',
    rates: 'VAT rates per EU country',
    austria: 'Austria (AT)',
    vat20: 'includes 20% VAT',
    vat19: 'includes 19% VAT',
  },
} as const;

describe('the tax settings', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`switches OSS on and the checkout to Austria carries Austrian VAT (${lang}, ${width} px)`, async () => {
      await putSetting(shop.database.db, OSS_SETTING, { enabled: false });
      const text = TEXT[lang];
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/settings/tax');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      const table = page.getByRole('region', { name: text.rates });
      await table.getByRole('rowheader', { name: text.austria }).waitFor();
      await expectNoAxeViolations(page);
      const oss = page.getByRole('checkbox', { name: text.oss });
      expect(await oss.isChecked()).toBe(false);
      await oss.focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).waitFor();
      expect(await page.getByRole('checkbox', { name: text.oss }).isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-tax-settings-${lang}-${width}`);
      await context.close();

      const shopper = await shopperAtCheckout(browser, {
        baseURL: shop.url,
        lang,
        width,
        items: [{ id: mugId }],
      });
      const review = shopper.page.locator('#order_review');
      await review.getByText(text.vat19).waitFor();
      await fillBillingAddress(
        shopper.page,
        lang,
        { postcode: '1010', city: 'Wien', address_1: 'Graben 1' },
        { country: 'AT' },
      );
      await review.getByText(text.vat20).waitFor();
      await shopper.context.close();
    });
  }
});
