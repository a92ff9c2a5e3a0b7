import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CustomerRole } from '#app/domain/customers/customers.schema.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { signedInCustomer } from './customers.ts';
import type { TestShop } from './shop.ts';

/** A browser context signed in with a session, in a language, cookies refused. */
export async function contextWithSession(
  browser: Browser,
  shopUrl: string,
  sessionId: string,
  {
    lang,
    width = 1280,
    acceptDownloads,
  }: { lang: 'de' | 'en'; width?: number; acceptDownloads?: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: shopUrl,
    ...(acceptDownloads ? { acceptDownloads } : {}),
  });
  await context.addCookies(
    Object.entries({ lang, [SESSION_COOKIE]: sessionId, cookie_consent: 'refuse' }).map(
      ([name, value]) => ({ name, value, url: shopUrl }),
    ),
  );
  return context;
}

/** A new staff member (a shop manager unless told otherwise), signed in in a fresh context. */
export async function staffContext(
  browser: Browser,
  shop: TestShop,
  lang: 'de' | 'en',
  width = 1280,
  staff: { role?: CustomerRole; displayName?: string; email?: string } = {},
): Promise<BrowserContext> {
  const member = await signedInCustomer(shop.database.db, { role: 'shop_manager', ...staff });
  return contextWithSession(browser, shop.url, member.sessionId, { lang, width });
}

const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** A full-page screenshot into SCREENSHOT_DIR, when it is set. */
export async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}
