import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  shopUrl,
  waitForHydration,
  openPage,
} from './browser.ts';
import { type ApiProduct } from './catalog-data.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const open = (path: string, options: Parameters<typeof newContext>[1] = {}) =>
  openPage(browser, path, options);

/** Scrolls the page as a visitor would, with the mouse wheel. */
async function scrollBy(page: Page, pixels: number) {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(640, 450);
  await page.mouse.wheel(0, pixels);
  await page.waitForFunction((y) => window.scrollY > y, before);
}

const documentTop = (page: Page, selector: string) =>
  page.evaluate(
    (s) => document.querySelector(s)!.getBoundingClientRect().top + window.scrollY,
    selector,
  );

describe('sticky header', () => {
  it('sticks to the top after scrolling past it, slimmer, without moving the page', async () => {
    const { context, page } = await open('/shop');
    const header = page.getByRole('banner');
    const fullHeight = (await header.boundingBox())!.height;
    const mainTop = await documentTop(page, '#main');
    await scrollBy(page, 1200);
    await page.waitForFunction(() => {
      const box = document.querySelector('.site-header')!.getBoundingClientRect();
      return getComputedStyle(document.querySelector('.site-header')!).position === 'fixed'
        ? box.top === 0
        : false;
    });
    // Record how often the header enters the stuck state: once, not back and forth.
    const entries = await page.evaluate(
      () => document.querySelector('.site-header')!.getAnimations().length,
    );
    await page.waitForFunction(
      () => document.querySelector('.site-header')!.getAnimations().length === 0,
    );
    const stuck = (await header.boundingBox())!;
    expect(entries).toBeLessThanOrEqual(1);
    expect(stuck.y).toBe(0);
    expect(stuck.height).toBeLessThan(fullHeight);
    // The header's place is kept: the content did not jump up when it left the flow.
    expect(await documentTop(page, '#main')).toBe(mainTop);
    // Sticky parts of the page (a filter sidebar) can offset themselves by its height.
    const property = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--sticky-header-height'),
    );
    expect(property.trim()).toBe(`${Math.round(stuck.height)}px`);
    // The search is still in the stuck header on wide screens.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Produkte durchsuchen' }).isVisible())
      .toBe(true);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.site-header')!).position !== 'fixed',
    );
    expect((await header.boundingBox())!.height).toBe(fullHeight);
    await context.close();
  });
});

describe('back to top', () => {
  it('appears after a screen of scrolling, goes to the top and takes focus there', async () => {
    const { context, page } = await open('/');
    const link = page.getByRole('link', { name: 'Nach oben' });
    expect(await link.count()).toBe(0);
    await scrollBy(page, 1400);
    await link.waitFor();
    await link.click();
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('top');
    // From there the next Tab reaches the header's first control.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('header') !== null)).toBe(
      true,
    );
    // Back at the top it hides again, out of the Tab order.
    await expect.poll(() => page.getByRole('link', { name: 'Nach oben' }).count()).toBe(0);
    await context.close();
  });

  it('is named in English for English visitors', async () => {
    const { context, page } = await open('/', { lang: 'en' });
    await scrollBy(page, 1400);
    await page.getByRole('link', { name: 'Back to top' }).waitFor();
    await context.close();
  });
});

/** Adds an in-page link as a table of contents would, and clicks it; answers scrollY just after. */
async function clickInPageLink(page: Page, targetId: string) {
  return page.evaluate((id) => {
    const link = document.createElement('a');
    link.href = `#${id}`;
    link.textContent = 'Zu den Zahlen';
    document.querySelector('main')!.prepend(link);
    link.click();
    return window.scrollY;
  }, targetId);
}

describe('scroll-to anchors', () => {
  it('scrolls an in-page link target below the header and moves focus to it', async () => {
    const { context, page } = await open('/');
    const startY = await clickInPageLink(page, 'featured-title');
    // The scroll is animated: it has not jumped yet when the click returns.
    expect(startY).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('featured-title');
    // It ends 100 px below the top of the screen, clear of the stuck header.
    await page.waitForFunction(() => {
      const top = document.getElementById('featured-title')!.getBoundingClientRect().top;
      return Math.abs(top - 100) <= 1;
    });
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.y + header.height).toBeLessThanOrEqual(100);
    expect(new URL(page.url()).hash).toBe('#featured-title');
    await context.close();
  });
});

describe('off-canvas menu', () => {
  it('opens from the menu button, keeps focus inside, closes on Escape', async () => {
    const { context, page } = await open('/', { width: 390 });
    const button = page.getByRole('button', { name: 'Menü' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Kategorien' });
    await drawer.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await drawer.getByRole('link', { name: 'Alle Produkte' }).waitFor();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement?.closest('dialog[open]') !== null,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menü');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('leads to a category and closes on the way', async () => {
    const { context, page } = await open('/', { width: 390 });
    await page.getByRole('button', { name: 'Menü' }).click();
    const drawer = page.getByRole('dialog', { name: 'Kategorien' });
    const first = drawer.locator('a[href^="/product-category/"]').first();
    const name = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('is not there on wide screens, where the menu bar shows the categories', async () => {
    const { context, page } = await open('/');
    expect(await page.getByRole('button', { name: 'Menü' }).isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).first().waitFor();
    await context.close();
  });
});

describe('hero slider', () => {
  const current = (page: Page) =>
    page
      .getByRole('group', { name: 'Folie wählen' })
      .locator('[aria-current="true"]')
      .getAttribute('aria-label');

  it('moves with its named buttons and its slide picker', async () => {
    const { context, page } = await open('/');
    const slider = page.getByRole('region', { name: 'Empfehlungen' });
    const picker = slider.getByRole('group', { name: 'Folie wählen' });
    const dots = picker.getByRole('button');
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    expect(await current(page)).toMatch(/^Folie 1: /);

    await slider.getByRole('button', { name: 'Nächste Folie' }).click();
    await expect.poll(() => current(page)).toMatch(/^Folie 2: /);
    // The visitor took over: autoplay stops and the button says how to start it again.
    await slider.getByRole('button', { name: 'Automatischen Folienwechsel starten' }).waitFor();

    await slider.getByRole('button', { name: 'Vorherige Folie' }).click();
    await expect.poll(() => current(page)).toMatch(/^Folie 1: /);
    await slider.getByRole('button', { name: 'Vorherige Folie' }).click();
    await expect.poll(() => current(page)).toMatch(new RegExp(`^Folie ${count}: `));

    await dots.nth(2).click();
    await expect.poll(() => current(page)).toMatch(/^Folie 3: /);
    // Only the slide on screen can be reached: the others are inert.
    const slides = slider.locator('[aria-roledescription="slide"]');
    expect(await slides.nth(2).getAttribute('inert')).toBeNull();
    expect(await slides.nth(0).getAttribute('inert')).not.toBeNull();
    const link = slides.nth(2).getByRole('link');
    await link.focus();
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    await context.close();
  });

  it('plays on its own only with a pause button, and never under reduced motion', async () => {
    const normal = await open('/');
    await normal.page.getByRole('button', { name: 'Automatischen Folienwechsel anhalten' }).click();
    await normal.page
      .getByRole('button', { name: 'Automatischen Folienwechsel starten' })
      .waitFor();
    await normal.context.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Nächste Folie' }).waitFor();
    expect(await page.getByRole('button', { name: /Folienwechsel/ }).count()).toBe(0);
    await context.close();
  });
});

/** What the home page's numbers must say, read from the Store API and the menu. */
async function expectedFacts(page: Page) {
  const products: ApiProduct[] = [];
  let total = 0;
  for (let p = 1; ; p++) {
    const res = await fetch(shopUrl(`/wc/store/v1/products?per_page=100&page=${p}`));
    total = Number(res.headers.get('X-WP-Total'));
    const batch = (await res.json()) as (ApiProduct & { review_count: number })[];
    products.push(...batch);
    if (batch.length < 100) break;
  }
  const reviews = (products as (ApiProduct & { review_count: number })[]).reduce(
    (sum, p) => sum + p.review_count,
    0,
  );
  const categories = await page
    .locator('.category-nav-wide a[href^="/product-category/"]')
    .evaluateAll((links) => new Set(links.map((a) => a.getAttribute('href'))).size);
  const de = (n: number) => new Intl.NumberFormat('de-DE').format(n);
  return { products: de(total), categories: de(categories), reviews: de(reviews) };
}

const factText = (page: Page, label: string) =>
  page
    .locator('.fact', { has: page.getByText(label, { exact: true }) })
    .locator('.count-up-shown')
    .textContent();

describe('count-up numbers', () => {
  it('count up to the catalog numbers once in view', async () => {
    const { context, page } = await open('/');
    const expected = await expectedFacts(page);
    expect(Number(expected.products.replace('.', ''))).toBeGreaterThan(0);
    const facts = page.getByRole('heading', { name: 'Ladenzeile in Zahlen' });
    // Below the fold they wait at 0.
    expect(await factText(page, 'Produkte im Sortiment')).toBe('0');
    await facts.scrollIntoViewIfNeeded();
    await expect
      .poll(() => factText(page, 'Produkte im Sortiment'), { timeout: 10_000 })
      .toBe(expected.products);
    await expect
      .poll(() => factText(page, 'Kategorien'), { timeout: 10_000 })
      .toBe(expected.categories);
    await expect
      .poll(() => factText(page, 'Kundenbewertungen'), { timeout: 10_000 })
      .toBe(expected.reviews);
    await context.close();
  });

  it('show the final numbers without scripts', async () => {
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto('/');
    const expected = await expectedFacts(page);
    expect(await factText(page, 'Produkte im Sortiment')).toBe(expected.products);
    expect(await factText(page, 'Kategorien')).toBe(expected.categories);
    expect(await factText(page, 'Kundenbewertungen')).toBe(expected.reviews);
    await context.close();
  });
});

describe('reduced motion', () => {
  it('shows final numbers at once, jumps to anchors and animates nothing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForHydration(page);
    const expected = await expectedFacts(page);
    expect(await factText(page, 'Produkte im Sortiment')).toBe(expected.products);
    await page.getByRole('heading', { name: 'Ladenzeile in Zahlen' }).scrollIntoViewIfNeeded();
    expect(await factText(page, 'Produkte im Sortiment')).toBe(expected.products);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const afterClick = await clickInPageLink(page, 'facts-title');
    expect(afterClick).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('facts-title');

    const running = await page.evaluate(
      () => document.getAnimations().filter((a) => a.playState === 'running').length,
    );
    expect(running).toBe(0);
    const parallax = await page.evaluate(() => {
      const media = document.querySelector('.parallax-media');
      return media ? getComputedStyle(media).animationName : 'none';
    });
    expect(parallax).toBe('none');
    await context.close();
  });
});

describe('home page accessibility', () => {
  it.each([1280, 390])('finds no WCAG 2.1 AA violations at %i px', async (width) => {
    const { context, page } = await open('/', { width });
    await expectNoAxeViolations(page);
    await page.getByRole('heading', { name: 'Ladenzeile in Zahlen' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    if (width === 390) {
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('dialog', { name: 'Kategorien' }).waitFor();
      await expectNoAxeViolations(page);
    }
    await context.close();
  });
});
