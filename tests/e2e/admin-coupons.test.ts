import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The coupon pages as a shop manager uses them, and the coupon at work in the cart. */
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

const euro = (minor: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
    .format(minor / 100)
    .replace(/\s/g, ' ');

describe('coupon editor', () => {
  it('creates a percent coupon with a minimum spend by keyboard (de); the cart takes it', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const code = `HERBST${tag}`;
    const { product } = await createProduct(shop.database.db, {
      name: { de: `Laterne ${tag}`, en: `Lantern ${tag}` },
      regularPrice: 4000,
    });
    const context = await staffContext(browser, shop, 'de', 1280);
    const page = await context.newPage();
    await page.goto('/admin/coupons');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Gutschein hinzufügen' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/coupons/new');
    await waitForHydration(page);

    await page.getByRole('textbox', { name: /^Gutscheincode/ }).focus();
    await page.keyboard.type(code);
    const type = page.getByRole('combobox', { name: /^Rabattart/ });
    await type.focus();
    await type.selectOption('percent');
    await page.getByRole('textbox', { name: /^Gutscheinbetrag/ }).focus();
    await page.keyboard.type('15');
    await page.getByRole('textbox', { name: /^Mindestbestellwert/ }).focus();
    await page.keyboard.type('30,00');
    await page.getByRole('button', { name: 'Gutschein speichern' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/coupons\/\d+\?done=created$/);
    await page.getByText('Der Gutschein wurde angelegt.').waitFor();
    const [row] = await shop.database.db
      .select()
      .from(coupons)
      .where(sql`${coupons.code} = ${code}`);
    expect(row).toMatchObject({ kind: 'percent', amount: 1500, minimumSpend: 3000 });

    // A refused save keeps what was typed and lists the problem, linked to its field.
    const amount = page.getByRole('textbox', { name: /^Gutscheinbetrag/ });
    await amount.fill('150');
    await page.getByRole('button', { name: 'Gutschein speichern' }).press('Enter');
    const summary = page.getByRole('link', {
      name: 'Ein prozentualer Rabatt darf höchstens 100 % betragen.',
    });
    await summary.waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await amount.inputValue()).toBe('150');
    await context.close();

    // A shopper uses the code in the storefront cart.
    const shopper = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await shopper.addCookies([{ name: 'lang', value: 'de', url: shop.url }]);
    const cart = await shopper.newPage();
    await cart.goto(`/product/${product.slug}`);
    await waitForHydration(cart);
    await cart.getByRole('button', { name: 'In den Warenkorb', exact: true }).first().click();
    await cart.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await cart.goto('/cart');
    await waitForHydration(cart);
    const field = cart.getByRole('textbox', { name: 'Gutscheincode' });
    await field.fill(code.toLowerCase());
    await field.press('Enter');
    const discount = cart.getByRole('row', { name: new RegExp(`Gutschein: ${code}`) });
    await discount.waitFor();
    expect((await discount.textContent())?.replace(/\s/g, ' ')).toContain(euro(600));
    await shopper.close();
  });
});

describe('coupon list', () => {
  it('searches, filters and sorts (en)', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    await createCoupon(shop.database.db, { code: `LIST${tag}A`, kind: 'fixed_cart', amount: 500 });
    await createCoupon(shop.database.db, { code: `LIST${tag}B`, kind: 'percent', amount: 2000 });
    const context = await staffContext(browser, shop, 'en', 1280);
    const page = await context.newPage();
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: /./ })
      .getByRole('link', { name: 'Coupons' })
      .first()
      .click();
    await page.waitForURL('**/admin/coupons');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: 'Search coupons' });
    await search.fill(`list${tag.toLowerCase()}`);
    await search.press('Enter');
    await page.waitForURL(/q=list/);
    const table = page.getByRole('table', { name: 'Coupons' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await page.getByRole('combobox', { name: 'Discount type' }).selectOption('percent');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/type=percent/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.textContent()).toContain(`LIST${tag}B`);
    expect(await table.textContent()).toContain('20%');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.getByRole('link', { name: 'Coupon code' }).click();
    await page.waitForURL(/sort=code/);
    const codes = await table.locator('tbody th a').allTextContents();
    expect(codes).toEqual([`LIST${tag}A`, `LIST${tag}B`]);
    await context.close();
  });
});

describe('accessibility', () => {
  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`list, editor and delete page pass axe at ${width} px (${lang})`, async () => {
      const coupon = await createCoupon(shop.database.db, { usageLimit: 5 });
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/coupons');
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-coupons-${lang}-${width}`);
      await page.goto(`/admin/coupons/${coupon.id}`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-coupon-${lang}-${width}`);
      // With a refused form: errors at the fields and in the summary.
      await page.locator('#coupon-coupon-amount').fill('abc');
      await page.locator('#coupon-code').fill('');
      await page.locator('#coupon-code').press('Enter');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-coupon-refused-${lang}-${width}`);
      await page.goto(`/admin/coupons/${coupon.id}/delete`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
