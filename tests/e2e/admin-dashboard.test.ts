import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactForms, formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { CONTACT_FORM } from '#db/seed/demo-forms.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The dashboard's chart and the two read-only lists, in a shop of their own. */
let shop: TestShop;
let browser: Browser;
const DAY = 86_400_000;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const { product } = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  // Sales on a few of the last days, one day clearly the best.
  for (const [daysAgo, total] of [
    [1, 4_990],
    [3, 21_000],
    [3, 3_500],
    [9, 12_000],
    [20, 7_450],
  ] as const) {
    const order = await createOrder(db, { productIds: [product.id] });
    await db
      .update(orders)
      .set({
        total,
        totalTax: Math.round(total * 0.16),
        createdAt: new Date(Date.now() - daysAgo * DAY),
      })
      .where(eq(orders.id, order.id));
  }
  for (const [name, stockQuantity, lowStockAmount] of [
    ['Bienenwachskerze', 0, 3],
    ['Teelichter 12er', 2, null],
    ['Duftkerze Lavendel', 4, 5],
  ] as const) {
    await createProduct(db, {
      name: { de: name, en: name },
      sku: `K-${stockQuantity}-${name.length}`,
      manageStock: true,
      stockQuantity,
      lowStockAmount,
    });
  }
  const [form] = await db
    .insert(contactForms)
    .values({
      slug: 'kontakt-e2e',
      title: { de: 'Kontakt', en: 'Contact' },
      definition: CONTACT_FORM,
    })
    .returning();
  for (const [status, name, message] of [
    ['mail_sent', 'Erika Mustermann', 'Wann wird meine Bestellung geliefert?'],
    ['mail_failed', 'Jonas Weber', 'Gibt es die Kerzen auch in Rot?'],
    ['spam', 'Cheap Pills', 'Buy now'],
  ] as const) {
    await db.insert(formSubmissions).values({
      formId: form!.id,
      status,
      fields: {
        'your-name': [name],
        'your-email': [`${name.split(' ')[0]!.toLowerCase()}@example.org`],
        'your-subject': ['order'],
        'your-message': [message],
      },
      locale: 'de',
      postedDataHash: 'h',
      clientHash: 'c',
    });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const managerContext = (lang: 'de' | 'en', width: number) =>
  staffContext(browser, shop, lang, width);

/** Pixels of the canvas in the bars' colour: the series drawn, not only the axes. */
const barPixels = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.admin-chart-plot canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i] === 0x25 && data[i + 1] === 0x63 && data[i + 2] === 0xeb) n++;
    return n;
  });

const LABEL = {
  en: /^Revenue per day, last 30 days: total €489\.40, highest €245\.00 on \d{1,2} \w+$/,
  de: /^Umsatz pro Tag, letzte 30 Tage: insgesamt 489,40 €, am höchsten 245,00 € am \d{1,2}\. \p{L}+$/u,
};
const TABLE = { en: 'Revenue by day, last 30 days', de: 'Umsatz je Tag, letzte 30 Tage' };

describe('back office dashboard', () => {
  for (const lang of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      it(`draws the revenue chart with its name and table, ${lang} at ${width} px`, async () => {
        const context = await managerContext(lang, width);
        const page = await context.newPage();
        await page.goto('/admin');
        // The box has its height before any script runs, so nothing below moves.
        const box = page.locator('.admin-chart-plot');
        expect((await box.boundingBox())!.height).toBe(240);
        await waitForHydration(page);
        const chart = page.getByRole('img', { name: LABEL[lang] });
        await chart.waitFor();
        await expect.poll(() => barPixels(page)).toBeGreaterThan(100);
        const plotBox = (await chart.boundingBox())!;
        const boxBounds = (await box.boundingBox())!;
        expect(plotBox.width).toBeLessThanOrEqual(boxBounds.width + 1);
        expect(boxBounds.height).toBe(240);
        const table = page.getByRole('table', { name: TABLE[lang] });
        expect(await table.getByRole('row').count()).toBe(31);
        await expectNoAxeViolations(page);
        await shoot(page, `dashboard-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('follows the container when the window narrows', async () => {
    const context = await managerContext('en', 1280);
    const page = await context.newPage();
    await page.goto('/admin');
    await waitForHydration(page);
    const chart = page.getByRole('img', { name: LABEL.en });
    await chart.waitFor();
    const wide = (await chart.boundingBox())!.width;
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(async () => (await chart.boundingBox())!.width).toBeLessThan(390);
    expect(wide).toBeGreaterThan(600);
    await expect.poll(() => barPixels(page)).toBeGreaterThan(50);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`lists contact messages and low stock, axe clean at ${width} px`, async () => {
      const context = await managerContext('en', width);
      const page = await context.newPage();
      await page.goto('/admin');
      await waitForHydration(page);
      await page.getByRole('link', { name: /New contact messages/ }).click();
      await page.waitForURL(/\/admin\/forms\?days=7$/);
      await page.getByRole('heading', { level: 1, name: 'Contact form submissions' }).waitFor();
      const rows = page.getByRole('table', { name: 'Contact form submissions' }).getByRole('row');
      expect(await rows.count()).toBe(3);
      expect(await page.getByRole('main').textContent()).not.toContain('Cheap Pills');
      await expectNoAxeViolations(page);
      await shoot(page, `forms-${width}`);

      await rows.nth(1).getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: /Submission \d+/ }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `form-submission-${width}`);

      await page.goto('/admin');
      await waitForHydration(page);
      await page.getByRole('link', { name: /Products low on stock/ }).click();
      await page.waitForURL(/\/admin\/products\?stock=low$/);
      const stock = page.getByRole('table', { name: 'Low stock' });
      expect(await stock.getByRole('row').count()).toBe(4);
      await expectNoAxeViolations(page);
      await shoot(page, `stock-${width}`);
      await context.close();
    });
  }
});
