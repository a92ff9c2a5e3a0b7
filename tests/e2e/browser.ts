import type { Browser, BrowserContext, Page } from 'playwright-core';
import { connectChromium, launchChromium } from '../support/chromium.ts';
import { axeViolations } from '../support/axe.ts';
import { waitForQuiet } from '../support/network-quiet.ts';
import { expect, inject } from 'vitest';

/** The browser tests' shared Chromium (global setup), or one of the file's own without it. */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  return endpoint ? connectChromium(endpoint) : launchChromium();
}

export function shopUrl(path = '/'): string {
  return inject('shopUrl') + path;
}

export async function newContext(
  browser: Browser,
  options: {
    javaScript?: boolean;
    width?: number;
    lang?: 'de' | 'en';
    /** The visitor's cookie choice; null: not chosen yet, the consent banner shows. */
    consent?: 'allow' | 'refuse' | null;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: inject('shopUrl'),
  });
  if (options.lang) {
    await context.addCookies([{ name: 'lang', value: options.lang, url: inject('shopUrl') }]);
  }
  // Journeys are a shopper's who has made the cookie choice (consent has its own tests).
  const consent = options.consent === undefined ? 'refuse' : options.consent;
  if (consent) {
    await context.addCookies([{ name: 'cookie_consent', value: consent, url: inject('shopUrl') }]);
  }
  return context;
}

/** A page in a fresh context (own session), opened at `path` and hydrated when it runs scripts. */
export async function openPage(
  browser: Browser,
  path: string,
  options: Parameters<typeof newContext>[1] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(path);
  if (options.javaScript !== false) await waitForHydration(page);
  return { context, page };
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await waitForQuiet(page);
}

/** The shop's one accessibility check (tests/support/axe.ts): all WCAG 2.0/2.1 A and AA rules. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Nothing wider than the window: at 390 px a page scrolls down, never sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What a scrolling box holds may reach past the window; the box itself may not.
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScroller(el))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5);
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow).toEqual({ scroll: 0, wide: [] });
}
