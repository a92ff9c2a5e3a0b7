import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { de } from '#app/lib/messages/de.ts';
import { launchBrowser, newContext, waitForHydration } from './browser.ts';
import { catalog, simpleInStockProduct } from './catalog-data.ts';

// Each page sends only its part of the catalog; a key it forgot shows as the raw key.
const KEYS = Object.keys(de);
const RAW_KEYS = [...new Set([...KEYS, ...KEYS.map((k) => k.replace(/_(one|other)$/, ''))])];

const LABELS = {
  de: {
    allProducts: 'Alle Produkte',
    addToCart: 'In den Warenkorb',
    viewCart: 'Warenkorb anzeigen',
  },
  en: { allProducts: 'All products', addToCart: 'Add to cart', viewCart: 'View cart' },
};

let browser: Browser;
let pages: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  const all = await catalog();
  const variable = all.find((p) => p.type === 'variable')!;
  const food = all.find((p) => p.extensions.germanized.unit_price !== null)!;
  const withDeposit = all.find((p) => p.extensions.germanized.deposit_amount)!;
  const categories = await fetch(`${inject('shopUrl')}/shop`).then((r) => r.text());
  const categorySlug = /href="\/product-category\/([^"]+)"/.exec(categories)![1];
  pages = [
    '/',
    '/shop',
    '/shop?page=2',
    `/product-category/${categorySlug}`,
    `/product/${variable.slug}`,
    `/product/${food.slug}`,
    `/product/${withDeposit.slug}`,
    '/cart',
    '/impressum',
    '/versand-und-zahlung',
    '/barrierefreiheit',
    '/vertrag-widerrufen',
    '/contact',
    '/rueckruf',
    '/gibt-es-nicht',
    '/product/gibt-es-nicht',
  ];
});

afterAll(async () => {
  await browser?.close();
});

/** Catalog keys that stand on the page as text or in a label instead of their text. */
async function rawKeysOn(page: Page): Promise<string[]> {
  return page.evaluate((keys) => {
    const texts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    const all = texts.join('\n');
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return keys.filter((key) => new RegExp(`(^|[^\\w.-])${escape(key)}($|[^\\w.-])`).test(all));
  }, RAW_KEYS);
}

describe.each(['de', 'en'] as const)('page texts in %s', (lang) => {
  it('shows no raw message key on any page after hydration', async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await waitForHydration(page);
      found.push(...(await rawKeysOn(page)).map((key) => `${path}: ${key}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('shows none after moving between pages in the browser and filling the cart', async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const labels = LABELS[lang];
    const product = await simpleInStockProduct();
    await page.goto('/');
    await waitForHydration(page);
    const found: string[] = [];
    const check = async (step: string) =>
      found.push(...(await rawKeysOn(page)).map((key) => `${step}: ${key}`));

    await page
      .locator('.category-nav-wide')
      .getByRole('link', { name: labels.allProducts, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: labels.allProducts }).waitFor();
    await check('listing');

    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: labels.addToCart, exact: true }).click();
    await page.getByRole('link', { name: labels.viewCart }).first().click();
    await page.locator('.cart-table').waitFor();
    await check('cart');

    const line = page.locator('.cart-col-name').getByRole('link').first();
    const name = (await line.textContent())!;
    await line.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await check('product');
    expect(found).toEqual([]);
    await context.close();
  });
});
