import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

type Traffic = { open: Set<Request>; lastChange: number; changed: Set<() => void> };

const traffic = new WeakMap<Page, Traffic>();

function watch(page: Page): void {
  const state: Traffic = { open: new Set(), lastChange: Date.now(), changed: new Set() };
  const change = () => {
    state.lastChange = Date.now();
    for (const wake of state.changed) wake();
  };
  page.on('request', (request) => {
    state.open.add(request);
    change();
  });
  const done = (request: Request) => {
    state.open.delete(request);
    change();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  traffic.set(page, state);
}

function watchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return context;
}

/** Every page of the browser's contexts has its requests counted from its first moment. */
export function watchTraffic(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => watchContext(await newContext(...args));
  return browser;
}

/**
 * Resolves once no request of the page has been open for `quietMs`: Playwright's
 * `networkidle` with a shorter window, for pages whose requests are watched. Unwatched pages
 * fall back to `networkidle`.
 */
export async function waitForQuiet(page: Page, quietMs = 200, timeoutMs = 30_000): Promise<void> {
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    if (state.open.size === 0 && now - state.lastChange >= quietMs) return;
    if (now > deadline) throw new Error(`requests still open after ${timeoutMs} ms`);
    const wait = state.open.size === 0 ? quietMs - (now - state.lastChange) : timeoutMs;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        state.changed.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(wait, deadline - now + 1));
      state.changed.add(wake);
    });
  }
}
