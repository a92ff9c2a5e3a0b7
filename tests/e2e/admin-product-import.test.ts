import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    upload: 'Hochladen und weiter',
    dryRun: 'Probelauf starten',
    dryDone: 'Probelauf beendet',
    importNow: 'Jetzt importieren',
    runDone: 'Import beendet.',
    counts: '2 angelegt, 0 aktualisiert, 1 übersprungen',
    progress: 'Fortschritt',
    csv: 'CSV-Datei',
  },
  en: {
    upload: 'Upload and continue',
    dryRun: 'Start dry run',
    dryDone: 'Dry run finished',
    importNow: 'Import now',
    runDone: 'Import finished.',
    counts: '2 created, 0 updated, 1 skipped',
    progress: 'Progress',
    csv: 'CSV file',
  },
} as const;

/** WooCommerce's product CSV as its exporter writes it: two good rows and a bad one. */
function wooCsv(tag: string) {
  const rows = [
    [
      'ID',
      'Type',
      'SKU',
      'Name',
      'Published',
      'Is featured?',
      'Short description',
      'Regular price',
      'Categories',
      'In stock?',
      'Stock',
    ],
    [
      '',
      'simple',
      `${tag}-1`,
      `Kaffeebecher ${tag}`,
      '1',
      '0',
      'Ein Becher.',
      '12.90',
      'Küche > Becher',
      '1',
      '7',
    ],
    ['', 'simple', `${tag}-2`, `Teekanne ${tag}`, '1', '0', '', '39.00', 'Küche', '1', '3'],
    ['', 'simple', `${tag}-3`, `Untersetzer ${tag}`, '1', '0', '', 'teuer', '', '1', ''],
  ];
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;
}

describe('product import pages', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`uploads, maps, dry-runs, imports and reports; the product is in the shop (${lang})`, async () => {
      const text = TEXT[lang];
      const tag = `E2E${lang}${Date.now() % 100000}`;
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto('/admin/products');
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.waitForURL(/\/admin\/products\/import$/);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-upload-${lang}-1280`);
      await page.getByLabel(text.csv).setInputFiles({
        name: 'woocommerce-export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(wooCsv(tag)),
      });
      await page.getByRole('button', { name: text.upload }).click();
      await page.waitForURL(/\/admin\/products\/import\/[\w-]{22}$/);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-map-${lang}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-map-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('button', { name: text.dryRun }).click();
      await page.getByText(text.dryDone).waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.locator('#import-progress-text').innerText())
        .toContain(text.counts);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-dry-${lang}-1280`);

      await page.getByRole('button', { name: text.importNow }).click();
      await page.getByText(text.runDone).waitFor({ timeout: 60_000 });
      await expect(page.locator('#import-progress-text').innerText()).resolves.toContain(
        text.counts,
      );
      const progress = page.getByRole('progressbar', { name: text.progress });
      expect(await progress.getAttribute('value')).toBe('3');
      const bad = page.getByRole('row').filter({ hasText: `${tag}-3` });
      expect(await bad.innerText()).toMatch(/Regular price|Regulärer Preis|regularPrice/);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-report-${lang}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page);
      await shoot(page, `admin-import-report-${lang}-390`);

      // The imported product in the storefront.
      const [row] = await shop.database.db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.sku, `${tag}-1`));
      await page.goto(`/product/${row!.slug}`);
      await page.getByRole('heading', { level: 1, name: `Kaffeebecher ${tag}` }).waitFor();
      await context.close();
    }, 180_000);
  }
});
