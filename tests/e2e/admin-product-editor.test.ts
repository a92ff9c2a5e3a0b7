import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createDeliveryTime, createManufacturer } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The product editor as a shop manager uses it: by keyboard, with the preview, in de and en. */
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
    name: /^Name \(deutsch\)/,
    price: /^Regulärer Preis/,
    status: /^Status/,
    published: 'Veröffentlicht',
    manufacturer: /^Hersteller/,
    delivery: /^Lieferzeit/,
    safety: /^Sicherheitshinweise \(deutsch\)/,
    description: /^Beschreibung \(deutsch\)/,
    save: 'Produkt speichern',
    saved: 'Das Produkt wurde gespeichert.',
    preview: 'Vorschau',
    previewHeading: 'Vorschau der Texte',
    add: 'Produkt hinzufügen',
    fat: /^Fett \(g\)/,
    protein: /^Eiweiß \(g\)/,
    minWatts: /^Mindestleistung \(Watt\)/,
    maxWatts: /^Höchstleistung \(Watt\)/,
    fatShown: '3,5 g',
  },
  en: {
    name: /^Name \(German\)/,
    price: /^Regular price/,
    status: /^Status/,
    published: 'Published',
    manufacturer: /^Manufacturer/,
    delivery: /^Delivery time/,
    safety: /^Safety instructions \(German\)/,
    description: /^Description \(German\)/,
    save: 'Save product',
    saved: 'The product has been saved.',
    preview: 'Preview',
    previewHeading: 'Preview of the texts',
    add: 'Add product',
    fat: /^Fat \(g\)/,
    protein: /^Protein \(g\)/,
    minWatts: /^Minimum power \(watts\)/,
    maxWatts: /^Maximum power \(watts\)/,
    fatShown: '3.5 g',
  },
};

describe('product editor', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`creates a product with legal data by keyboard and the shop shows it (${lang})`, async () => {
      const text = TEXT[lang];
      const tag = `e${randomBytes(4).toString('hex')}`;
      const db = shop.database.db;
      const maker = await createManufacturer(db, { name: `Werkstatt ${tag}` });
      await createDeliveryTime(db, {
        slug: `zeit-${tag}`,
        label: { de: `2 Tage ${tag}`, en: `2 days ${tag}` },
      });
      const context = await staffContext(browser, shop, lang, 1280);
      const page = await context.newPage();
      await page.goto('/admin/products');
      await waitForHydration(page);
      const add = page.getByRole('link', { name: text.add });
      await add.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/products/new');
      await waitForHydration(page);

      const name = page.getByRole('textbox', { name: text.name });
      await name.focus();
      await page.keyboard.type(`Leuchte ${tag}`);
      await page.getByRole('textbox', { name: text.price }).focus();
      await page.keyboard.type('24,90');
      await page.getByRole('combobox', { name: text.status }).selectOption('publish');
      await page.getByRole('combobox', { name: text.manufacturer }).selectOption(String(maker.id));
      await page
        .getByRole('combobox', { name: text.delivery })
        .selectOption({ label: lang === 'de' ? `2 Tage ${tag}` : `2 days ${tag}` });
      await page.getByRole('textbox', { name: text.safety }).focus();
      await page.keyboard.type(`Nur in Innenräumen ${tag}`);
      // Two nutrients (German decimal comma) and the charger's power range.
      for (const [field, value] of [
        [text.fat, '3,5'],
        [text.protein, '12'],
        [text.minWatts, '15'],
        [text.maxWatts, '65'],
      ] as const) {
        await page.getByRole('textbox', { name: field }).focus();
        await page.keyboard.type(value);
      }
      await page.getByRole('button', { name: text.save }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/products\/\d+\?saved=1$/);
      await expect.poll(() => page.getByText(text.saved).count()).toBe(1);

      const id = Number(/products\/(\d+)/.exec(page.url())![1]);
      const [row] = await db.select().from(products).where(eq(products.id, id));
      expect(row).toMatchObject({
        status: 'publish',
        regularPrice: 2490,
        manufacturerId: maker.id,
        food: { nutrients: { fat: 3.5, protein: 12 } },
        powerSupply: { minWatts: 15, maxWatts: 65 },
      });
      const shopPage = await context.newPage();
      await shopPage.goto(`/product/${row!.slug}`);
      const body = await shopPage.textContent('body');
      expect(body).toContain(`Leuchte ${tag}`);
      expect(body).toContain(`Werkstatt ${tag}`);
      expect(body).toContain(`Nur in Innenräumen ${tag}`);
      expect(body).toContain(text.fatShown);
      expect(body).toContain('15–65W');
      await context.close();
    });

    it(`previews the descriptions without a reload (${lang})`, async () => {
      const text = TEXT[lang];
      const context = await staffContext(browser, shop, lang, 1280);
      const page = await context.newPage();
      await page.goto('/admin/products/new');
      await waitForHydration(page);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page
        .getByRole('textbox', { name: text.description })
        .fill('Erster Absatz\n\n<b>Zweiter</b>');
      await page.getByRole('button', { name: text.preview }).click();
      const preview = page.getByRole('region', { name: text.previewHeading });
      await expect.poll(() => preview.count()).toBe(1);
      expect(await preview.locator('p').allTextContents()).toEqual(
        expect.arrayContaining(['Erster Absatz', '<b>Zweiter</b>']),
      );
      // The same document: no reload happened.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      await context.close();
    });

    for (const width of [1280, 390]) {
      it(`passes axe at ${width} px (${lang}), also with a refused form`, async () => {
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto('/admin/products/new');
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-product-editor-${lang}-${width}`);
        await page.getByRole('button', { name: TEXT[lang].save }).click();
        await expect.poll(() => page.locator('.field.is-invalid').count()).toBeGreaterThan(0);
        await expectNoAxeViolations(page);
        await context.close();
      });
    }
  }
});
