import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The back office as a shop manager uses it, in a shop of its own. */
let shop: TestShop;
let browser: Browser;
let toShip: OrderRow;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const { product } = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  toShip = await createOrder(db, { productIds: [product.id], email: 'versand@example.org' });
  await createOrder(db, { productIds: [product.id], status: 'on-hold' });
  await createOrder(db, { productIds: [product.id], status: 'completed' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const managerContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width, { displayName: 'Maria Lager' });

describe('back office', () => {
  it('leads from the dashboard to the orders to ship and into one of them', async () => {
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto('/admin');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('table', { name: 'Revenue by day, last 30 days' }).waitFor();

    await page.getByRole('link', { name: /Orders to ship/ }).click();
    await page.waitForURL(/\/admin\/orders\?status=processing$/);
    const tabs = page.getByRole('navigation', { name: 'Filter by status' });
    await expect
      .poll(() => tabs.getByRole('link', { name: /Processing/ }).getAttribute('aria-current'))
      .toBe('page');
    const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    // Header row plus the one order that waits for shipping.
    expect(await rows.count()).toBe(2);
    await expect.poll(() => rows.nth(1).textContent()).toContain('versand@example.org');

    await page.getByRole('link', { name: `#${toShip.number}` }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${toShip.number}` }).waitFor();
    await page.getByRole('heading', { name: 'Items' }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Orders']);
    await context.close();
  });

  it('is linked from the account navigation of staff, not of customers', async () => {
    const context = await managerContext('de');
    const page = await context.newPage();
    await page.goto('/my-account');
    await waitForHydration(page);
    const accountNav = page.getByRole('navigation', { name: 'Kontonavigation' });
    await accountNav.getByRole('link', { name: 'Verwaltung', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
    await context.close();

    const customer = await staffContext(browser, shop, 'en', 1280, { role: 'customer' });
    const account = await customer.newPage();
    await account.goto('/my-account');
    await waitForHydration(account);
    const customerNav = account.getByRole('navigation', { name: 'Account navigation' });
    await customerNav.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await customerNav.getByRole('link', { name: 'Back office' }).count()).toBe(0);
    await customer.close();
  });

  it('moves through the side navigation with the keyboard alone', async () => {
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto('/admin');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 8 && (await focusedText()) !== 'Orders'; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedText()).toBe('Orders');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText()).toBe('Dashboard');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('folds the navigation behind a button on a phone', async () => {
    const context = await managerContext('de', 390);
    const page = await context.newPage();
    await page.goto('/admin');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Verwaltung' });
    const toggle = nav.getByRole('button', { name: 'Menü' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Bestellungen' }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Bestellungen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bestellungen' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`passes axe on dashboard, list, detail and product export (${lang}, ${width} px)`, async () => {
      const context = await managerContext(lang, width);
      const page = await context.newPage();
      for (const [name, path] of [
        ['dashboard', '/admin'],
        ['orders', '/admin/orders'],
        ['order', `/admin/orders/${toShip.id}`],
        ['product-export', '/admin/products/export'],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-${name}-${lang}-${width}`);
      }
      await context.close();
    });
  }
});
