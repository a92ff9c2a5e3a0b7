import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { images, productImages } from '#app/domain/catalog/catalog.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

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
    added: '2 Bilder hinzugefügt',
    moved: 'Reihenfolge gespeichert',
    saved: 'Alternativtexte gespeichert',
    up: 'Nach oben Bild 2',
  },
  en: {
    added: '2 pictures added',
    moved: 'Order saved',
    saved: 'Alt texts saved',
    up: 'Move up Picture 2',
  },
} as const;

const png = (color: string) =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: color } })
    .png()
    .toBuffer();

async function keys(productId: number) {
  const rows = await shop.database.db
    .select({ key: images.key })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position);
  return rows.map((r) => r.key);
}

describe('product pictures page', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`uploads by the file field, sets alt texts, reorders by keyboard (${lang})`, async () => {
      const text = TEXT[lang];
      const { product } = await createProduct(shop.database.db, {});
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto(`/admin/products/${product.id}/pictures`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await page.setInputFiles('#pictures-files', [
        { name: 'rot.png', mimeType: 'image/png', buffer: await png('#c00') },
        { name: 'gruen.png', mimeType: 'image/png', buffer: await png('#0a0') },
      ]);
      await page
        .getByRole('button', { name: lang === 'de' ? 'Bilder hochladen' : 'Upload pictures' })
        .click();
      await page
        .getByRole('alert')
        .or(page.getByRole('status'))
        .filter({ hasText: text.added })
        .waitFor();
      const [first, second] = await keys(product.id);

      const altDe = page.locator('input[name^="alt_de_"]').nth(1);
      await altDe.fill('Grüner Teller');
      await page.locator('input[name^="alt_en_"]').nth(1).fill('Green plate');
      await altDe.press('Enter');
      await page.getByRole('status').filter({ hasText: text.saved }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: text.up }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: text.moved }).waitFor();
      expect(await keys(product.id)).toEqual([second, first]);
      await shoot(page, `admin-pictures-${lang}-1280`);

      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page);
      await shoot(page, `admin-pictures-${lang}-390`);

      await page.goto(`/product/${product.slug}`);
      await waitForHydration(page);
      const main = page.locator('.gallery-main img').first();
      expect(await main.getAttribute('src')).toContain(second);
      expect(await main.getAttribute('alt')).toBe(lang === 'de' ? 'Grüner Teller' : 'Green plate');
      await context.close();
    }, 90_000);
  }
});
