import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The order list's filters and bulk actions as a shop manager uses them. */
let shop: TestShop;
let browser: Browser;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  productId = (await createProduct(shop.database.db, { name: { de: 'Kerze', en: 'Candle' } }))
    .product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const managerContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width);

/** Orders of one test, told apart from the others' by a tag in the e-mail and paid by COD. */
async function ordersTagged(tag: string, statuses: OrderRow['status'][]) {
  const db = shop.database.db;
  const made: OrderRow[] = [];
  for (const [i, status] of statuses.entries()) {
    const order = await createOrder(db, {
      productIds: [productId],
      status,
      email: `${tag}-${i}@example.org`,
    });
    await db
      .update(orders)
      .set({ paymentMethod: 'cod', paymentMethodTitle: 'Nachnahme' })
      .where(eq(orders.id, order.id));
    made.push(order);
  }
  return made;
}

const statusOf = async (id: number) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

const TEXT = {
  en: {
    search: 'Search orders',
    payment: 'Payment method',
    apply: 'Apply filters',
    action: 'Action for the selected orders',
    complete: 'Mark completed',
    bulkApply: 'Apply',
    select: (n: number) => `Select order #${n}`,
    done: (n: number) => `${n} orders marked completed`,
    skipped: (n: number) => `#${n} could not be changed from Cancelled`,
  },
  de: {
    search: 'Bestellungen durchsuchen',
    payment: 'Zahlungsart',
    apply: 'Filter anwenden',
    action: 'Aktion für ausgewählte Bestellungen',
    complete: 'Als „Abgeschlossen“ markieren',
    bulkApply: 'Anwenden',
    select: (n: number) => `Bestellung #${n} auswählen`,
    done: (n: number) => `${n} Bestellungen als „Abgeschlossen“ markiert`,
    skipped: (n: number) => `#${n} konnte nicht von „Storniert“ geändert werden`,
  },
};

describe('order list', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`filters by payment method and completes the selected orders (${lang})`, async () => {
      const text = TEXT[lang];
      const tag = `bulk${lang}${Date.now().toString(36)}`;
      const [a, b, cancelled] = await ordersTagged(tag, ['processing', 'on-hold', 'cancelled']);
      const context = await managerContext(lang);
      const page = await context.newPage();
      await page.goto('/admin/orders');
      await waitForHydration(page);

      await page.getByRole('searchbox', { name: text.search }).fill(tag);
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`q=${tag}`));
      await page.getByRole('combobox', { name: text.payment }).selectOption('cod');
      await page.getByRole('button', { name: text.apply }).click();
      await page.waitForURL(/payment=cod/);
      expect(page.url()).toContain(`q=${tag}`);

      for (const order of [a!, b!, cancelled!])
        await page.getByRole('checkbox', { name: text.select(order.number) }).check();
      await page
        .getByRole('combobox', { name: text.action })
        .selectOption({ label: text.complete });
      await page.getByRole('button', { name: text.bulkApply, exact: true }).click();
      await page.getByText(text.done(2)).waitFor();
      await page.getByText(text.skipped(cancelled!.number)).waitFor();
      expect(page.url()).toContain('payment=cod');
      expect(await statusOf(a!.id)).toBe('completed');
      expect(await statusOf(b!.id)).toBe('completed');
      expect(await statusOf(cancelled!.id)).toBe('cancelled');
      await shoot(page, `admin-order-list-bulk-${lang}`);
      await context.close();
    });
  }

  it('focuses the search with "/" except while typing in a field', async () => {
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto('/admin/orders');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.inputValue()).toBe('');
    // Typing a slash into another field types it.
    const from = page.getByLabel('From date');
    await page.getByRole('combobox', { name: 'Payment method' }).focus();
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    await search.fill('a/b');
    expect(await search.inputValue()).toBe('a/b');
    expect(await from.count()).toBe(1);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`passes axe with filters, a notice and the bulk bar at ${width} px`, async () => {
      const tag = `axe${width}${Date.now().toString(36)}`;
      await ordersTagged(tag, ['processing', 'completed']);
      for (const lang of ['en', 'de'] as const) {
        const context = await managerContext(lang, width);
        const page = await context.newPage();
        await page.goto(
          `/admin/orders?q=${tag}&payment=cod&from=2020-01-01&bulk_done=completed&bulk_count=1`,
        );
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-order-list-${lang}-${width}`);
        await context.close();
      }
    });
  }
});
