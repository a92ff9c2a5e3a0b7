import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The product list's search, filters and bulk edit as a shop manager uses them. */
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
  en: {
    search: 'Search products',
    type: 'Type',
    simple: 'Simple',
    apply: 'Apply filters',
    action: 'Change for the selected products',
    regular: 'Regular price',
    change: 'Price change',
    lower: 'Lower by',
    value: 'Amount or percent',
    unit: 'Unit',
    percent: 'Percent',
    bulkApply: 'Apply',
    select: (name: string) => `Select ${name}`,
    done: (n: number) => `${n} products changed.`,
  },
  de: {
    search: 'Produkte suchen',
    type: 'Typ',
    simple: 'Einfach',
    apply: 'Filter anwenden',
    action: 'Änderung für die ausgewählten Produkte',
    regular: 'Regulärer Preis',
    change: 'Preisänderung',
    lower: 'Senken um',
    value: 'Betrag oder Prozent',
    unit: 'Einheit',
    percent: 'Prozent',
    bulkApply: 'Anwenden',
    select: (name: string) => `${name} auswählen`,
    done: (n: number) => `${n} Produkte geändert.`,
  },
};

const priceOf = async (id: number) =>
  (await shop.database.db.select().from(products).where(eq(products.id, id)))[0]!.regularPrice;

describe('product list', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`searches, filters and lowers the selected products' prices by keyboard (${lang})`, async () => {
      const text = TEXT[lang];
      const tag = `k${randomBytes(4).toString('hex')}`;
      const db = shop.database.db;
      const names = ['Becher', 'Teller', 'Schale'].map((n) => `${n} ${tag}`);
      const made = [];
      for (const name of names)
        made.push(
          (await createProduct(db, { name: { de: name, en: name }, regularPrice: 1000 })).product,
        );
      const context = await staffContext(browser, shop, lang, 1280);
      const page = await context.newPage();
      await page.goto('/admin/products');
      await waitForHydration(page);

      await page.getByRole('searchbox', { name: text.search }).fill(tag);
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`q=${tag}`));
      await page.getByRole('combobox', { name: text.type }).selectOption({ label: text.simple });
      await page.getByRole('button', { name: text.apply }).click();
      await page.waitForURL(/type=simple/);
      expect(page.url()).toContain(`q=${tag}`);
      expect(await page.locator('tbody tr').count()).toBe(3);

      // Tick two rows with the space bar, then fill the bulk form from the keyboard.
      for (const name of names.slice(0, 2)) {
        await page.getByRole('checkbox', { name: text.select(name) }).focus();
        await page.keyboard.press('Space');
      }
      const action = page.getByRole('combobox', { name: text.action });
      await action.focus();
      await action.selectOption({ label: text.regular });
      await page.getByRole('combobox', { name: text.change }).selectOption({ label: text.lower });
      await page.getByRole('textbox', { name: text.value }).focus();
      await page.keyboard.type(lang === 'de' ? '12,5' : '12.5');
      await page.getByRole('combobox', { name: text.unit }).selectOption({ label: text.percent });
      await page.getByRole('button', { name: text.bulkApply, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(text.done(2)).waitFor();
      expect(page.url()).toContain('type=simple');
      expect(await priceOf(made[0]!.id)).toBe(875);
      expect(await priceOf(made[1]!.id)).toBe(875);
      expect(await priceOf(made[2]!.id)).toBe(1000);
      await shoot(page, `admin-product-list-bulk-${lang}`);
      await context.close();
    });
  }

  for (const width of [1280, 390]) {
    it(`passes axe with filters, a notice, the bulk form and a stock list at ${width} px`, async () => {
      const tag = `a${randomBytes(4).toString('hex')}`;
      const db = shop.database.db;
      const category = await createCategory(db, {
        name: { de: `Küche ${tag}`, en: `Kitchen ${tag}` },
      });
      await createProduct(db, {
        name: { de: `Topf ${tag}`, en: `Pot ${tag}` },
        regularPrice: 2500,
        salePrice: 1999,
        categoryIds: [category.id],
        manageStock: true,
        stockQuantity: 1,
      });
      await createProduct(db, {
        name: { de: `Pfanne ${tag}`, en: `Pan ${tag}` },
        regularPrice: 3000,
        status: 'draft',
      });
      for (const lang of ['en', 'de'] as const) {
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto(`/admin/products?q=${tag}&bulk_done=publish&bulk_count=2&bulk_skipped=1`);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-product-list-${lang}-${width}`);
        await page.goto(`/admin/products?q=${tag}&stock=low&category=${category.id}`);
        await waitForHydration(page);
        expect(await page.locator('tbody tr').count()).toBe(1);
        await expectNoAxeViolations(page);
        await context.close();
      }
    });
  }
});
