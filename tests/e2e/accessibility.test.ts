import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { catalog, simpleInStockProduct } from './catalog-data.ts';

let browser: Browser;
/** Addresses of the pages that depend on the demo catalog, by the name the report shows. */
let catalogPages: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  const all = await catalog();
  const variable = all.find((p) => p.type === 'variable')!;
  const food = all.find((p) => p.extensions.germanized.unit_price !== null)!;
  const categories = await fetch(`${inject('shopUrl')}/shop`).then((r) => r.text());
  const categorySlug = /href="\/product-category\/([^"]+)"/.exec(categories)![1];
  catalogPages = {
    'a category': `/product-category/${categorySlug}`,
    'a variable product': `/product/${variable.slug}`,
    'a food product': `/product/${food.slug}`,
  };
});

afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  '/',
  '/shop',
  '/shop?s=kaffee&orderby=price',
  'a category',
  'a variable product',
  'a food product',
  '/cart',
  '/contact',
  '/rueckruf',
  '/impressum',
  '/agb',
  '/widerruf',
  '/datenschutz',
  '/versand-und-zahlung',
  '/barrierefreiheit',
  '/vertrag-widerrufen',
  '/gibt-es-nicht',
  '/product/%00',
];

describe.each([1280, 390])('accessibility at %i px', (width) => {
  it.each(PAGES)('finds no WCAG 2.1 AA violations on %s', async (name) => {
    const context = await newContext(browser, { width });
    const page = await context.newPage();
    await page.goto(catalogPages[name] ?? name);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('finds none on a filled cart, in both languages', async () => {
    const context = await newContext(browser, { width, lang: 'en' });
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // The add reveals the mini cart (a dropdown, or a drawer on a phone): on from there.
    await page.getByRole('dialog').getByRole('link', { name: 'View cart' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('keyboard', () => {
  it('reaches the content through the skip link and the cart through the header', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Zum Inhalt springen',
    );
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByLabel('Menge', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('In den Warenkorb');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await context.close();
  });
});
