import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttribute,
  createCategory,
  createProduct,
  createReview,
} from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser } from './browser.ts';

// Listing tests need their own products per test, so this file runs a shop whose database it
// can write with the factories (the shared shop's database lives in another process).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function open(
  url: string,
  options: { javaScript?: boolean; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  const page = await context.newPage();
  await page.goto(url);
  if (options.javaScript ?? true) {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.waitForLoadState('networkidle');
  }
  return { context, page };
}

/**
 * A category of its own with four products, names unique to the test:
 * Alpha red 10 € (on sale from 14 €, rated 5), Beta blue 25 € (out of stock),
 * Gamma red+blue variable 30/35 € (rated 3), Delta green 50 €.
 */
async function catalogFor(label: string) {
  const db = shop.database.db;
  const tag = `${label}-${randomBytes(3).toString('hex')}`;
  const category = await createCategory(db, {
    name: { de: `Kategorie ${tag}`, en: `Category ${tag}` },
  });
  const colour = await createAttribute(db, {
    slug: `farbe-${tag}`,
    name: { de: 'Farbe', en: 'Colour' },
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      { slug: 'gruen', name: { de: 'Grün', en: 'Green' } },
    ],
  });
  const name = (n: string) => `${n} ${tag}`;
  const make = async (
    n: string,
    terms: string[],
    extra: Parameters<typeof createProduct>[1],
    menuOrder: number,
  ) =>
    createProduct(db, {
      name: { de: name(n), en: name(n) },
      categoryIds: [category.id],
      menuOrder,
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: terms.map((t) => colour.termIds[t]!),
          usedForVariations: extra?.variations !== undefined,
        },
      ],
      ...extra,
    });
  const alpha = await make('Alpha', ['rot'], { regularPrice: 1400, salePrice: 1000 }, 1);
  await make('Beta', ['blau'], { regularPrice: 2500, stockStatus: 'outofstock' }, 2);
  const gamma = await make(
    'Gamma',
    ['rot', 'blau'],
    {
      variations: [
        { attributes: { [colour.attribute.slug]: 'rot' }, regularPrice: 3000 },
        { attributes: { [colour.attribute.slug]: 'blau' }, regularPrice: 3500 },
      ],
    },
    3,
  );
  await make('Delta', ['gruen'], { regularPrice: 5000 }, 4);
  await createReview(db, { productId: alpha.product.id, rating: 5 });
  await createReview(db, { productId: gamma.product.id, rating: 3 });
  return {
    url: `/product-category/${category.slug}`,
    filterParam: `filter_${colour.attribute.slug}`,
    name,
    names: (...ns: string[]) => ns.map(name),
  };
}

async function productNames(page: Page): Promise<string[]> {
  return page.locator('.product-grid [id^="product-"][id$="-name"]').allTextContents();
}

/** Waits until the grid shows exactly these products, in this order. */
async function expectGrid(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        [...document.querySelectorAll('.product-grid [id^="product-"][id$="-name"]')].map((e) =>
          e.textContent?.trim(),
        ),
      ) === JSON.stringify(expected),
    names,
  );
  expect(await productNames(page)).toEqual(names);
}

describe('sorting', () => {
  it('sorts without JavaScript through the sort button and keeps the filters', async () => {
    const c = await catalogFor('sort-nojs');
    const { context, page } = await open(`${c.url}?${c.filterParam}=rot,blau`, {
      javaScript: false,
    });
    await expectGrid(page, c.names('Alpha', 'Beta', 'Gamma'));
    await page.getByRole('combobox', { name: 'Sortierung' }).selectOption('price-desc');
    await page.getByRole('button', { name: 'Sortieren' }).click();
    await page.waitForURL(/orderby=price-desc/);
    expect(new URL(page.url()).searchParams.get(c.filterParam)).toBe('rot,blau');
    await expectGrid(page, c.names('Gamma', 'Beta', 'Alpha'));
    await context.close();
  });

  it('sorts in place with JavaScript, keeps the scroll position and announces the result', async () => {
    const c = await catalogFor('sort-js');
    const { context, page } = await open(`${c.url}?on_sale=0&stock_status=instock`, {
      width: 390,
    });
    await expectGrid(page, c.names('Alpha', 'Gamma', 'Delta'));
    expect(await page.getByRole('button', { name: 'Sortieren' }).count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      window.scrollTo(0, 300);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByRole('combobox', { name: 'Sortierung' }).selectOption('price-desc');
    await expectGrid(page, c.names('Delta', 'Gamma', 'Alpha'));
    expect(new URL(page.url()).searchParams.get('stock_status')).toBe('instock');
    expect(new URL(page.url()).searchParams.get('orderby')).toBe('price-desc');
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page
      .getByRole('status')
      .filter({ hasText: 'Sortiert nach „Preis: absteigend“: 3 Produkte' })
      .waitFor();
    await context.close();
  });
});

describe('filters', () => {
  it('filters by colour, price, stock, sale and rating, each and combined, and removes chips', async () => {
    const c = await catalogFor('filters');
    const { context, page } = await open(c.url);
    const sidebar = page.getByRole('complementary', { name: 'Filter' });
    await expectGrid(page, c.names('Alpha', 'Beta', 'Gamma', 'Delta'));
    // Counts per term
    await sidebar.getByRole('checkbox', { name: 'Rot (2)' }).waitFor();
    await sidebar.getByRole('checkbox', { name: 'Blau (2)' }).check();
    await expectGrid(page, c.names('Beta', 'Gamma'));
    await sidebar.getByRole('checkbox', { name: 'Rot (2)' }).check();
    await expectGrid(page, c.names('Alpha', 'Beta', 'Gamma'));
    expect(new URL(page.url()).searchParams.get(c.filterParam)).toBe('rot,blau');
    // In stock only: Beta is sold out.
    await sidebar.getByRole('checkbox', { name: 'Nur vorrätige Produkte' }).check();
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    // Price from 20 € (typed the German way): only Gamma's variations cost that much.
    await sidebar.getByRole('textbox', { name: 'Mindestpreis in €' }).fill('20,00');
    await sidebar.getByRole('textbox', { name: 'Mindestpreis in €' }).press('Enter');
    await expectGrid(page, c.names('Gamma'));
    const chips = page.getByRole('navigation', { name: 'Aktive Filter' });
    await chips.getByRole('link', { name: /^Filter entfernen: ab 20,00\s€$/ }).click();
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    await chips.getByRole('link', { name: 'Filter entfernen: Nur vorrätige Produkte' }).click();
    await chips.getByRole('link', { name: 'Filter entfernen: Blau' }).click();
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    await chips.getByRole('link', { name: 'Alle Filter entfernen' }).click();
    await expectGrid(page, c.names('Alpha', 'Beta', 'Gamma', 'Delta'));
    // On sale, then a minimum rating.
    await sidebar.getByRole('checkbox', { name: 'Nur Angebote' }).check();
    await expectGrid(page, c.names('Alpha'));
    await sidebar.getByRole('checkbox', { name: 'Nur Angebote' }).uncheck();
    await sidebar.getByRole('radio', { name: '3 Sterne und mehr' }).check();
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    await sidebar.getByRole('radio', { name: '4 Sterne und mehr' }).check();
    await expectGrid(page, c.names('Alpha'));
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('combines filters from a shared address and ignores malformed values', async () => {
    const c = await catalogFor('shared');
    const { context, page } = await open(
      `${c.url}?${c.filterParam}=rot,lila&max_price=31&stock_status=instock&rating_filter=x&min_price=abc&filter_NOPE=1`,
    );
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    const chips = page.getByRole('navigation', { name: 'Aktive Filter' });
    const texts = await chips.getByRole('link').allTextContents();
    expect(texts.map((s) => s.replace(/\s/g, ' '))).toEqual([
      'bis 31,00 €',
      'Rot',
      'Nur vorrätige Produkte',
      'Alle Filter entfernen',
    ]);
    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
    expect(`${canonical.pathname}${canonical.search}`).toBe(
      `${c.url}?max_price=31&${c.filterParam}=rot&stock_status=instock`,
    );
    await context.close();
  });

  it('filters without JavaScript through the apply button', async () => {
    const c = await catalogFor('filter-nojs');
    const { context, page } = await open(c.url, { javaScript: false });
    const sidebar = page.getByRole('complementary', { name: 'Filter' });
    await sidebar.getByRole('checkbox', { name: 'Grün (1)' }).check();
    await sidebar.getByRole('button', { name: 'Filter anwenden' }).click();
    await page.waitForURL(new RegExp(`${c.filterParam}=gruen`));
    await expectGrid(page, c.names('Delta'));
    await page
      .getByRole('navigation', { name: 'Aktive Filter' })
      .getByRole('link', { name: 'Filter entfernen: Grün' })
      .click();
    await expectGrid(page, c.names('Alpha', 'Beta', 'Gamma', 'Delta'));
    await context.close();
  });

  it('opens the filters in a drawer on small screens and passes axe there', async () => {
    const c = await catalogFor('drawer');
    const { context, page } = await open(c.url, { width: 390 });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Filter anzeigen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter' });
    await drawer.getByRole('checkbox', { name: 'Rot (2)' }).check();
    await expectGrid(page, c.names('Alpha', 'Gamma'));
    await expectNoAxeViolations(page);
    await drawer.getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('button', { name: 'Filter anzeigen (1)' }).waitFor();
    await context.close();
  });
});

describe('pages and canonical addresses', () => {
  it('pages with a canonical address per page that leaves out the sort order', async () => {
    const db = shop.database.db;
    const tag = randomBytes(3).toString('hex');
    const category = await createCategory(db, { name: { de: `Viele ${tag}`, en: `Many ${tag}` } });
    for (let i = 1; i <= 14; i++) {
      await createProduct(db, {
        name: { de: `Stück ${i} ${tag}`, en: `Piece ${i} ${tag}` },
        regularPrice: 100 * i,
        categoryIds: [category.id],
        menuOrder: i,
      });
    }
    const url = `/product-category/${category.slug}`;
    const { context, page } = await open(`${url}?orderby=price`);
    // The absolute address comes from SHOP_URL; the path and query are what each page sets.
    const canonical = async () => {
      const href = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
      return `${href.pathname}${href.search}`;
    };
    expect(await canonical()).toBe(url);
    await page.getByRole('link', { name: 'Seite 2' }).click();
    await page.waitForURL(/page=2/);
    expect(new URL(page.url()).searchParams.get('orderby')).toBe('price');
    expect(await canonical()).toBe(`${url}?page=2`);
    expect(await productNames(page)).toEqual([`Stück 13 ${tag}`, `Stück 14 ${tag}`]);
    await context.close();
  });
});

describe('sidebar tabs', () => {
  it('switch between newest, popular and top rated with arrows, Home and End', async () => {
    const catalog = await catalogFor('picks');
    const { context, page } = await open(catalog.url);
    const tablist = page.getByRole('tablist', { name: 'Produkttipps' });
    const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
    const newest = page.getByRole('tabpanel', { name: 'Neu' });
    // The picks are kept a few seconds per instance: the new products show after that.
    await expect
      .poll(async () => {
        await page.reload();
        return newest.getByRole('link', { name: catalog.name('Delta') }).count();
      })
      .toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await tab('Neu').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'Beliebt' }).count()).toBe(0);

    await tab('Neu').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Beliebt').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Beliebt');
    await page.getByRole('tabpanel', { name: 'Beliebt' }).waitFor();
    expect(await tab('Neu').getAttribute('tabindex')).toBe('-1');

    await page.keyboard.press('End');
    await expect.poll(() => tab('Top bewertet').getAttribute('aria-selected')).toBe('true');
    const rated = page.getByRole('tabpanel', { name: 'Top bewertet' });
    expect(await rated.getByRole('link').count()).toBeGreaterThan(0);
    await page.keyboard.press('Home');
    await expect.poll(() => tab('Neu').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tab('Top bewertet').getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/sidebar-tabs-1280.png` });
    }
    await context.close();
  });

  it('shows all three lists without JavaScript', async () => {
    const { context, page } = await open('/shop', { javaScript: false });
    for (const name of ['Neu', 'Beliebt', 'Top bewertet']) {
      await page.getByRole('heading', { name, exact: true, level: 3 }).waitFor();
    }
    await context.close();
  });
});
