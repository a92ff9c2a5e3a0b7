import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

// This file's products live in a shop of its own: the shared shop's database belongs to
// another process, and these tests need exact names, typos and categories to search for.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const coffee = await createCategory(db, { name: { de: 'Kaffeeröstung', en: 'Coffee roasts' } });
  const shoes = await createCategory(db, { name: { de: 'Laufschuhe', en: 'Running shoes' } });
  await createProduct(db, {
    name: { de: 'Espresso Bergröstung', en: 'Mountain roast espresso' },
    slug: 'espresso-bergroestung',
    sku: 'E2E-ESP-1',
    regularPrice: 1249,
    categoryIds: [coffee.id],
  });
  await createProduct(db, {
    name: { de: 'Espresso Tasse Porzellan', en: 'Porcelain espresso cup' },
    sku: 'E2E-CUP-1',
    regularPrice: 890,
  });
  await createProduct(db, {
    name: { de: 'Turnschuhe Sprint', en: 'Sprint trainers' },
    slug: 'turnschuhe-sprint',
    sku: 'E2E-SHOE-1',
    regularPrice: 7990,
    categoryIds: [shoes.id],
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function open(
  path: string,
  options: { width?: number; lang?: 'de' | 'en'; fakeClock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  if (options.lang)
    await context.addCookies([{ name: 'lang', value: options.lang, url: shop.url }]);
  const page = await context.newPage();
  if (options.fakeClock) await page.clock.install();
  await page.goto(path);
  await waitForHydration(page);
  return { context, page };
}

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Produkte durchsuchen' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suchvorschläge' });

describe('header search', () => {
  it('asks for suggestions only from the third character, after the typing pause', async () => {
    const { context, page } = await open('/', { fakeClock: true });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wc-ajax/product_search')) asked.push(new URL(r.url()).search);
    });
    await combobox(page).pressSequentially('Es');
    await page.clock.runFor(2000);
    expect(asked).toEqual([]);
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');

    await combobox(page).press('p');
    const answered = page.waitForResponse((r) => r.url().includes('/wc-ajax/product_search'));
    await page.clock.runFor(300);
    await answered;
    await listbox(page)
      .getByRole('option', { name: /Espresso Bergröstung/ })
      .waitFor();
    expect(asked).toEqual(['?query=Esp']);
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('shows picture, name and price, and still finds with a typo', async () => {
    const { context, page } = await open('/');
    await combobox(page).fill('turnshuhe');
    const option = listbox(page).getByRole('option', { name: /Turnschuhe Sprint/ });
    await option.waitFor();
    expect(await option.textContent()).toContain('79,90');
    expect(await option.locator('img, .search-suggestion-noimg').count()).toBe(1);
    await context.close();
  });

  it('moves with the arrow keys and opens the chosen product with Enter', async () => {
    const { context, page } = await open('/');
    await combobox(page).fill('espresso');
    await listbox(page).getByRole('option').first().waitFor();
    const options = listbox(page).getByRole('option');
    expect(await options.count()).toBe(2);
    await combobox(page).press('ArrowDown');
    await combobox(page).press('ArrowDown');
    const second = options.nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await combobox(page).getAttribute('aria-activedescendant')).toBe(
      await second.getAttribute('id'),
    );
    await combobox(page).press('ArrowUp');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await combobox(page).press('Enter');
    await page.waitForURL('**/product/espresso-bergroestung');
    await page.getByRole('heading', { level: 1, name: 'Espresso Bergröstung' }).waitFor();
    await context.close();
  });

  it('closes with Escape and submits the form with Enter when no option is active', async () => {
    const { context, page } = await open('/');
    await combobox(page).fill('espresso');
    await listbox(page).waitFor();
    await combobox(page).press('Escape');
    await listbox(page).waitFor({ state: 'hidden' });
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');
    await combobox(page).press('Enter');
    await page.waitForURL('**/shop?*s=espresso*');
    await page
      .getByRole('heading', { level: 1, name: 'Produkte durchsuchen: „espresso“' })
      .waitFor();
    await context.close();
  });

  it('hides the list when the field loses focus, and narrows it to a category', async () => {
    const { context, page } = await open('/', { lang: 'en' });
    const field = page.getByRole('combobox', { name: 'Search products' });
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Running shoes' });
    await field.fill('sprint');
    await page.getByRole('option', { name: /Sprint trainers/ }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Coffee roasts' });
    await page.getByRole('listbox', { name: 'Search suggestions' }).waitFor({ state: 'hidden' });
    await field.fill('espresso');
    await page.getByRole('option', { name: /Mountain roast espresso/ }).waitFor();
    expect(
      await page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').count(),
    ).toBe(1);
    await page.getByRole('link', { name: 'Ladenzeile – Home' }).focus();
    await page.getByRole('listbox', { name: 'Search suggestions' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows a loading indicator while asking, and stops it when the request fails', async () => {
    const { context, page } = await open('/');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/wc-ajax/product_search*', async (route) => {
      await held;
      await route.abort('failed');
    });
    await combobox(page).fill('espresso');
    const spinner = page.locator('.search-spinner');
    await spinner.waitFor({ state: 'visible' });
    await page.getByRole('status').filter({ hasText: 'Suche läuft …' }).waitFor();
    release();
    await spinner.waitFor({ state: 'hidden' });
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('closes an open list when the words typed on find nothing', async () => {
    const { context, page } = await open('/');
    await combobox(page).fill('espresso');
    await listbox(page).getByRole('option').first().waitFor();
    const answered = page.waitForResponse((r) => r.url().includes('query=qxzvqxzv'));
    await combobox(page).fill('qxzvqxzv');
    const body = (await (await answered).json()) as { suggestions: unknown[] };
    expect(body.suggestions).toEqual([]);
    await listbox(page).waitFor({ state: 'hidden' });
    expect(await combobox(page).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`has no accessibility violations with the list open at ${width} px`, async () => {
      const { context, page } = await open('/', { width });
      await combobox(page).fill('espresso');
      await listbox(page).getByRole('option').first().waitFor();
      await combobox(page).press('ArrowDown');
      await expectNoAxeViolations(page);
      const box = await listbox(page).boundingBox();
      expect(box!.height).toBeLessThanOrEqual(300);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await context.close();
    });
  }
});

describe('search results page', () => {
  it('lists matches by relevance, also for a typo', async () => {
    const { context, page } = await open('/shop?s=espreso');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await cards.first().getByRole('heading').textContent()).toContain('Espresso');
    expect(await combobox(page).inputValue()).toBe('espreso');
    // The sort choice names the order shown, and the shop's other orders stay choosable.
    const sort = page.getByRole('combobox', { name: 'Sortierung' });
    expect(await sort.locator('option:checked').textContent()).toBe('Relevanz');
    await sort.selectOption('price-desc');
    await page.waitForURL(/orderby=price-desc/);
    expect(page.url()).toContain('s=espreso');
    await context.close();
  });

  it('without matches offers a spelling, the categories and a new search', async () => {
    const { context, page } = await open('/shop?s=bergroestng');
    await page.getByRole('heading', { name: 'Keine Treffer für „bergroestng“' }).waitFor();
    await page.getByRole('link', { name: 'bergröstung', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Laufschuhe' }).first().waitFor();
    const newSearch = page.getByRole('searchbox', { name: 'Neue Suche' });
    expect(await newSearch.inputValue()).toBe('bergroestng');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'bergröstung', exact: true }).click();
    await page.getByRole('heading', { name: 'Espresso Bergröstung' }).waitFor();
    await newSearch.waitFor({ state: 'detached' });
    await context.close();
  });
});
