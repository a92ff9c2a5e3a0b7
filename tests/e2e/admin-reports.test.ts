import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The reports page in a shop of its own: two sales in the last days. */
let shop: TestShop;
let browser: Browser;
const DAY = 86_400_000;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const { product } = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  for (const [daysAgo, total] of [
    [1, 4_990],
    [3, 21_000],
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
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const berlinDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(ms));

const TEXT = {
  en: {
    nav: 'Reports',
    byDay: 'Revenue by day',
    byWeek: 'Revenue by week',
    from: 'From',
    group: 'Group by',
    week: 'Week',
    show: 'Show reports',
    chart: /^Revenue per period: total €259\.90, highest €210\.00 in /,
    taxes: 'VAT by rate and country',
  },
  de: {
    nav: 'Berichte',
    byDay: 'Umsatz je Tag',
    byWeek: 'Umsatz je Woche',
    from: 'Von',
    group: 'Gruppieren nach',
    week: 'Woche',
    show: 'Berichte anzeigen',
    chart: /^Umsatz je Zeitraum: gesamt 259,90 €, am höchsten 210,00 € in /,
    taxes: 'Umsatzsteuer nach Steuersatz und Land',
  },
} as const;

describe('back office reports', () => {
  for (const lang of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      it(`opens the reports, changes range and grouping, ${lang} at ${width} px`, async () => {
        const text = TEXT[lang];
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto('/admin/orders');
        await waitForHydration(page);
        // On a narrow screen the side navigation folds behind its button.
        const menu = page.locator('.admin-nav-toggle');
        if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false')
          await menu.click();
        await page.locator('.admin-nav').getByRole('link', { name: text.nav, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: text.nav }).waitFor();
        // The last 30 days by day: a row for each, beside the chart.
        const byDay = page.getByRole('table', { name: text.byDay });
        expect(await byDay.getByRole('row').count()).toBe(31);
        await page.getByRole('img', { name: text.chart }).waitFor();
        expect(await page.getByRole('table', { name: text.taxes }).isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await shoot(page, `reports-${lang}-${width}`);

        // The last 7 days by week.
        const from = berlinDay(Date.now() - 6 * DAY);
        await page.getByLabel(text.from, { exact: true }).fill(from);
        await page.getByLabel(text.group).selectOption({ label: text.week });
        await page.getByRole('button', { name: text.show }).click();
        await page.waitForURL((url) => url.searchParams.get('group') === 'week');
        expect(new URL(page.url()).searchParams.get('from')).toBe(from);
        const byWeek = page.getByRole('table', { name: text.byWeek });
        await byWeek.waitFor();
        const rows = await byWeek.getByRole('row').count();
        expect(rows).toBeGreaterThanOrEqual(2);
        expect(rows).toBeLessThanOrEqual(3);
        await expectNoAxeViolations(page);
        await shoot(page, `reports-week-${lang}-${width}`);
        await context.close();
      });
    }
  }
});
