import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, waitForHydration } from './browser.ts';
import { simpleInStockProduct } from './catalog-data.ts';

let browser: Browser;
let productPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  productPath = `/product/${(await simpleInStockProduct()).slug}`;
});

afterAll(async () => {
  await browser?.close();
});

describe('accessibility statement', () => {
  it.each([
    ['de', 1280, 'Erklärung zur Barrierefreiheit', 'Barrierefreiheit', 'Stand der Vereinbarkeit'],
    ['en', 390, 'Accessibility statement', 'Accessibility statement', 'Conformance status'],
  ] as const)(
    '(%s, %i px) is linked in the footer and names status, limits, feedback and the MLBF',
    async (lang, width, title, link, status) => {
      const context = await newContext(browser, { lang, width });
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/barrierefreiheit');
      for (const heading of [
        status,
        lang === 'de' ? 'Bekannte Einschränkungen' : 'Known limitations',
        lang === 'de' ? 'Feedback und Kontakt' : 'Feedback and contact',
      ]) {
        expect(await page.getByRole('heading', { level: 2, name: heading }).count()).toBe(1);
      }
      expect(
        await page
          .getByText(
            'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)',
          )
          .count(),
      ).toBe(1);
      await expectNoAxeViolations(page);
      await context.close();
    },
  );
});

/** Pages of every kind: shell, catalog, product, cart, forms, account, legal. */
const PAGES = () => [
  '/',
  '/shop',
  productPath,
  '/cart',
  '/checkout',
  '/my-account',
  '/contact',
  '/vertrag-widerrufen',
  '/barrierefreiheit',
];

async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', visible: true };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    // A control inside a wrapper that draws the ring for it (the search field).
    const wrapper = el.closest('.search-form, .quantity');
    const wrapped = wrapper ? getComputedStyle(wrapper).boxShadow !== 'none' : false;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
    return { name: `${el.tagName} ${name}`, visible: outline || shadow || wrapped };
  });
}

describe('keyboard on every kind of page', () => {
  it('starts each page with the skip link, which moves focus to the content', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of PAGES()) {
      await page.goto(path);
      await waitForHydration(page);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), path).toBe(
        'Zum Inhalt springen',
      );
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), path).toBe('main');
    }
    await context.close();
  });

  it('shows where the focus is on each of the first 30 stops of each page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of PAGES()) {
      await page.goto(path);
      await waitForHydration(page);
      const hidden: string[] = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const { name, visible } = await focusIndicator(page);
        if (!visible) hidden.push(name);
      }
      expect(hidden, path).toEqual([]);
    }
    await context.close();
  });

  it('runs no animation or transition when reduced motion is asked for', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of PAGES()) {
      await page.goto(path);
      await waitForHydration(page);
      // Hover and focus the controls, which is where transitions would start.
      for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
      const moving = await page.evaluate(() => [
        ...document
          .getAnimations()
          .filter((a) => a.playState === 'running')
          .map((a) => (a as CSSAnimation).animationName ?? 'animation'),
        ...[...document.querySelectorAll('*')]
          .filter((el) => {
            const s = getComputedStyle(el);
            return s.transitionDuration.split(',').some((d) => parseFloat(d) > 0.01);
          })
          .map((el) => `transition on ${el.tagName}.${el.className}`),
      ]);
      expect(moving, path).toEqual([]);
    }
    await context.close();
  });
});
