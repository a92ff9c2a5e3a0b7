import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** Linked products and tags as a shop manager adds them by keyboard, and the shop shows them. */
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

const TEXT = {
  de: {
    upsell: /^Upsell hinzufügen/,
    crossSell: /^Cross-Sell hinzufügen/,
    tags: /^Neue Schlagwörter/,
    save: 'Produkt speichern',
    saved: 'Das Produkt wurde gespeichert.',
    upsells: 'Das könnte Ihnen auch gefallen',
    crossSells: 'Das könnte Sie auch interessieren',
    selfLink: 'nicht mit sich selbst',
  },
  en: {
    upsell: /^Add upsell/,
    crossSell: /^Add cross-sell/,
    tags: /^New tags/,
    save: 'Save product',
    saved: 'The product has been saved.',
    upsells: 'You may also like',
    crossSells: 'You may be interested in',
    selfLink: 'cannot be linked to itself',
  },
};

async function products(m: string) {
  const db = shop.database.db;
  const made = [];
  for (const n of ['Lampe', 'Schirm', 'Birne']) {
    made.push(
      (
        await createProduct(db, {
          name: { de: `${n} ${m}`, en: `${n} ${m}` },
          sku: `${n.toUpperCase()}-${m}`,
          regularPrice: 2490,
          status: 'publish',
        })
      ).product,
    );
  }
  return { main: made[0]!, shade: made[1]!, bulb: made[2]! };
}

describe('linked products in the editor', () => {
  for (const lang of ['de', 'en'] as const) {
    it(
      `adds an upsell, a cross-sell and a tag by keyboard; the shop shows them (${lang})`,
      { timeout: 240_000 },
      async () => {
        const text = TEXT[lang];
        const m = `l${randomBytes(4).toString('hex')}`;
        const { main, shade, bulb } = await products(m);
        const context = await staffContext(browser, shop, lang, 1280);
        const page = await context.newPage();
        await page.goto(`/admin/products/${main.id}`);
        await waitForHydration(page);

        // A self link is refused beside its field, and nothing else is lost.
        await page.getByRole('combobox', { name: text.upsell }).focus();
        await page.keyboard.type(main.sku!);
        await page.getByRole('button', { name: text.save }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByText(text.selfLink).count()).toBeGreaterThan(0);
        await expectNoAxeViolations(page);

        const upsell = page.getByRole('combobox', { name: text.upsell });
        await upsell.focus();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(shade.sku!);
        await page.getByRole('combobox', { name: text.crossSell }).focus();
        await page.keyboard.type(`Birne ${m}`);
        await page.getByRole('textbox', { name: text.tags }).focus();
        await page.keyboard.type(`Licht ${m}`);
        await page.getByRole('button', { name: text.save }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/admin\/products\/\d+\?saved=1$/);
        await expect.poll(() => page.getByText(text.saved).count()).toBe(1);
        expect(
          await page.getByRole('checkbox', { name: `Schirm ${m} (${shade.sku})` }).isChecked(),
        ).toBe(true);
        expect(await page.getByRole('checkbox', { name: `Licht ${m}` }).isChecked()).toBe(true);

        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await expectNoAxeViolations(page);
          await shoot(page, `admin-product-links-${lang}-${width}`);
        }

        const shopPage = await context.newPage();
        await shopPage.goto(`/product/${main.slug}`);
        const upsells = shopPage.getByRole('region', { name: text.upsells });
        await expect.poll(() => upsells.getByText(`Schirm ${m}`).count()).toBe(1);
        const tag = shopPage.getByRole('link', { name: `Licht ${m}` });
        expect(await tag.getAttribute('href')).toBe(`/product-tag/licht-${m}`);

        // The cart suggests the cross-sell.
        await shopPage.goto('/cart');
        const cart = await context.request.post(`${shop.url}/wc-ajax/add_to_cart`, {
          form: { product_id: String(main.id), quantity: '1' },
        });
        expect(cart.status()).toBe(200);
        await shopPage.goto('/cart');
        const crossSells = shopPage.getByRole('region', { name: text.crossSells });
        await expect.poll(() => crossSells.getByText(`Birne ${m}`).count()).toBe(1);
        expect(bulb.id).toBeGreaterThan(0);

        for (const width of [1280, 390]) {
          await shopPage.setViewportSize({ width, height: 900 });
          await shopPage.goto(`/product/${main.slug}`);
          await waitForHydration(shopPage);
          await expectNoAxeViolations(shopPage);
          await shopPage.locator('#upsells-title').scrollIntoViewIfNeeded();
          await shoot(shopPage, `product-upsells-${lang}-${width}`);
          await shopPage.goto('/cart');
          await waitForHydration(shopPage);
          await expectNoAxeViolations(shopPage);
          await shopPage.locator('#cross-sells-title').scrollIntoViewIfNeeded();
          await shoot(shopPage, `cart-cross-sells-${lang}-${width}`);
          await shopPage.goto(`/product-tag/licht-${m}`);
          await waitForHydration(shopPage);
          await expectNoAxeViolations(shopPage);
          await shoot(shopPage, `product-tag-${lang}-${width}`);
        }
        await context.close();
      },
    );
  }
});
