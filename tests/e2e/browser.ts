import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { expect, inject } from 'vitest';

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export function shopUrl(path = '/'): string {
  return inject('shopUrl') + path;
}

export async function newContext(
  browser: Browser,
  options: { javaScript?: boolean; width?: number; lang?: 'de' | 'en' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: inject('shopUrl'),
  });
  if (options.lang) {
    await context.addCookies([{ name: 'lang', value: options.lang, url: inject('shopUrl') }]);
  }
  return context;
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !==
      undefined,
  );
  await page.waitForLoadState('networkidle');
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary).toEqual([]);
}
