import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** A grouped product made in the editor by keyboard, and two of its children bought from its page. */
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

describe('grouped products', () => {
  it(
    'is made in the editor and sells two of its children at once',
    { timeout: 240_000 },
    async () => {
      const m = `g${randomBytes(4).toString('hex')}`;
      const db = shop.database.db;
      const children = [];
      for (const [n, price] of [
        ['Teller', 1290],
        ['Schale', 890],
        ['Tasse', 690],
      ] as const) {
        children.push(
          (
            await createProduct(db, {
              name: { de: `${n} ${m}`, en: `${n} ${m}` },
              sku: `${n.toUpperCase()}-${m}`,
              regularPrice: price,
              status: 'publish',
            })
          ).product,
        );
      }
      const [plate, bowl, cup] = children as [
        (typeof children)[number],
        (typeof children)[number],
        (typeof children)[number],
      ];
      const context = await staffContext(browser, shop, 'en', 1280);
      const page = await context.newPage();
      await page.goto('/admin/products/new');
      await waitForHydration(page);
      await page.getByRole('combobox', { name: 'Product type' }).selectOption('grouped');
      await page.getByRole('textbox', { name: /^Name \(German\)/ }).focus();
      await page.keyboard.type(`Geschirr ${m}`);
      await page.getByRole('combobox', { name: /^Status/ }).selectOption('publish');
      await page.getByRole('combobox', { name: /^Add a product to the group/ }).focus();
      await page.keyboard.type(plate.sku!);
      await page.getByRole('button', { name: 'Save product' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/products\/\d+\?saved=1$/);
      for (const child of [cup, bowl]) {
        await page.getByRole('combobox', { name: /^Add a product to the group/ }).focus();
        await page.keyboard.type(child.sku!);
        await page.getByRole('button', { name: 'Save product' }).focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByRole('checkbox', { name: `Tasse ${m} (${cup.sku})` }).count())
          .toBe(1);
      }
      await expect
        .poll(() => page.getByRole('checkbox', { name: `Schale ${m} (${bowl.sku})` }).count())
        .toBe(1);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/product/geschirr-${m}`);
      await waitForHydration(page);
      const table = page.getByRole('table', { name: 'Products in this group' });
      const names = await table.getByRole('rowheader').allInnerTexts();
      expect(names).toEqual([`Teller ${m}`, `Tasse ${m}`, `Schale ${m}`]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
        await shoot(page, `grouped-product-${width}`);
      }
      await page.getByRole('spinbutton', { name: `Quantity of Teller ${m}` }).focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('2');
      await page.getByRole('spinbutton', { name: `Quantity of Schale ${m}` }).focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('1');
      await page.getByRole('button', { name: 'Add to cart', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByText(`Added to your cart: Teller ${m}, Schale ${m}.`).count())
        .toBe(1);
      await expectNoAxeViolations(page);
      const cart = await (await context.request.get(`${shop.url}/wc/store/v1/cart`)).json();
      expect(cart.items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([
        [plate.id, 2],
        [bowl.id, 1],
      ]);
      await context.close();
    },
  );
});
