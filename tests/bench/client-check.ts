// `npx tsx tests/bench/client-check.ts [--browser]` after `npm run build`: the JavaScript each
// main page makes the browser download (gzip level 9), and with --browser a walk through the
// shop in Chromium that lists every console message, page error and DOM change hydration
// made (a mismatch between server HTML and the first client render shows up there even when
// the client library stays silent about it).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { startShop } from '#server/boot.ts';
import type { Page } from 'playwright-core';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import { seedDemoCatalog } from '#db/seed/seed.ts';
import { launchChromium } from '../support/chromium.ts';
import { startTestShop } from '../support/shop.ts';
import { pageJavaScript } from './js-bytes.mjs';

type ApiProduct = {
  id: number;
  slug: string;
  name: string;
  type: string;
  is_in_stock: boolean;
  is_purchasable: boolean;
  sold_individually: boolean;
  variations: { id: number; attributes: { name: string; value: string }[] }[];
};

const KB = 1024;

/** Records DOM changes from the end of parsing until the router's own hydration is done. */
const RECORD_DOM_CHANGES = `(() => {
  const log = [];
  window.__hydrationLog = log;
  const describe = (n) =>
    n instanceof Element
      ? '<' + n.localName + (n.id ? '#' + n.id : '') +
        (typeof n.className === 'string' && n.className ? '.' + n.className.split(' ')[0] : '') + '>'
      : n.nodeName + (n.nodeValue ? ' ' + JSON.stringify(n.nodeValue.slice(0, 30)) : '');
  new MutationObserver((records) => {
    // Nodes the HTML parser inserts are the page itself, not hydration.
    if (document.readyState === 'loading') return;
    for (const r of records) {
      if (r.type === 'attributes')
        log.push('attr ' + describe(r.target) + ' ' + r.attributeName + ': ' +
          JSON.stringify(r.oldValue) + ' -> ' + JSON.stringify(r.target.getAttribute(r.attributeName)));
      else if (r.type === 'characterData')
        log.push('text ' + JSON.stringify(r.oldValue) + ' -> ' + JSON.stringify(r.target.textContent));
      else {
        for (const n of r.addedNodes) log.push('added ' + describe(n) + ' in ' + describe(r.target));
        for (const n of r.removedNodes) log.push('removed ' + describe(n) + ' from ' + describe(r.target));
      }
    }
  }).observe(document, {
    subtree: true, childList: true, attributes: true, attributeOldValue: true,
    characterData: true, characterDataOldValue: true,
  });
})();`;

// --url=… checks a shop that is already running (and seeded) instead of starting one.
const runningShop = process.argv.find((a) => a.startsWith('--url='))?.slice('--url='.length);
if (runningShop) await check(runningShop);
else {
  const shop = await startTestShop();
  try {
    await seedDemoCatalog(shop.database.db, { mediaDir: path.join(shop.dataDir, 'media') });
    await seedDemoForms(shop.database.db);
    await putSetting(shop.database.db, 'forms.rate_limit', {
      submissions: 1000,
      windowMs: 600_000,
    });
    await check(shop.url);
    if (process.argv.includes('--serve')) await serve(shop.database, shop.dataDir);
  } finally {
    await shop.close();
  }
}

async function check(base: string) {
  const products = (await (
    await fetch(`${base}/wc/store/v1/products?per_page=100`)
  ).json()) as ApiProduct[];
  const simple = products.find((p) => p.type === 'simple' && p.is_in_stock && p.is_purchasable)!;
  const variable = products.find((p) => p.type === 'variable')!;

  const start = await fetch(`${base}/wc/store/v1/cart`);
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  await fetch(`${base}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, nonce: start.headers.get('nonce')! },
    body: JSON.stringify({ id: simple.id, quantity: 1 }),
  });

  const pages: [string, string, Record<string, string>][] = [
    ['home', '/', {}],
    ['listing', '/shop', {}],
    ['product', `/product/${simple.slug}`, {}],
    ['variable', `/product/${variable.slug}`, {}],
    ['cart', '/cart', { cookie }],
    ['contact', '/contact', {}],
  ];
  console.log('JavaScript per page (gzip level 9, KB = 1024 bytes)');
  for (const [name, pagePath, headers] of pages) {
    const url = base + pagePath;
    const res = await fetch(url, { headers });
    const js = await pageJavaScript(await res.text(), url, path.resolve('build/client'));
    console.log(
      `  ${name.padEnd(9)} ${String(js.files).padStart(3)} files ${(js.raw / KB).toFixed(1).padStart(7)} KB raw ${(js.gzip / KB).toFixed(1).padStart(6)} KB gzip`,
    );
  }

  if (process.argv.includes('--browser')) await walk(base, simple, variable);
}

/**
 * Keeps a shop on the seeded database running; SIGUSR2 restarts it on a fresh build
 * (seeding takes minutes, a restart a second), SIGINT ends it.
 */
async function serve(database: DatabaseHandle, dataDir: string) {
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
  });
  let running: Awaited<ReturnType<typeof startShop>> | undefined;
  const restart = async () => {
    await running?.close();
    const build = (await import(
      `${pathToFileURL(path.resolve('build/server/index.js')).href}?t=${Date.now()}`
    )) as ServerBuild;
    running = await startShop({ env, database, build, clientDir: path.resolve('build/client') });
    console.log(`serving ${running.url}`);
  };
  await restart();
  process.on('SIGUSR2', () => void restart());
  await new Promise((resolve) => process.once('SIGINT', resolve));
  await running?.close();
}

async function walk(base: string, simple: ApiProduct, variable: ApiProduct) {
  const browser = await launchChromium();
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
  });
  // Records DOM changes from the first script until the router's own hydration is done.
  // A string, not a function: the TypeScript loader would add helpers the page lacks.
  await context.addInitScript({ content: RECORD_DOM_CHANGES });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      problems.push(`console.${m.type()} on ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));

  const hydrated = async (p: Page) => {
    await p.waitForFunction(() => '__reactRouterRouteModules' in window);
    await p.waitForLoadState('networkidle');
    const log = await p.evaluate(
      () => (window as unknown as { __hydrationLog: string[] }).__hydrationLog,
    );
    console.log(`\n${new URL(p.url()).pathname}: ${log.length} DOM changes after load`);
    for (const line of log.slice(0, 40)) console.log(`  ${line}`);
  };

  for (const target of ['/', '/shop', `/product/${simple.slug}`, '/cart', '/contact']) {
    await page.goto(target);
    await hydrated(page);
  }

  // Client navigation, a sort change, an add to cart by fetcher.
  await page.goto('/');
  await hydrated(page);
  await page.locator(`a[href="/shop"]:visible`).first().click();
  await page.waitForURL(/\/shop/);
  await page.locator('#orderby').selectOption('price');
  await page.waitForURL(/orderby=price/);
  await page.goto(`/shop?s=${encodeURIComponent(simple.name)}`);
  await hydrated(page);
  await page.getByRole('button', { name: `In den Warenkorb: ${simple.name}` }).click();
  await page.getByRole('link', { name: /Warenkorb, \d+ Artikel/ }).waitFor();
  console.log('navigation, sort and add by fetcher: done');

  // A variation choice and an add to cart from the product page.
  await page.goto(`/product/${variable.slug}`);
  await hydrated(page);
  for (const v of variable.variations) {
    for (const a of v.attributes)
      await page.locator(`select[name="attribute_${a.name}"]`).selectOption(a.value);
    if (await page.getByRole('button', { name: 'In den Warenkorb' }).isEnabled()) break;
  }
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await page.getByRole('status').filter({ hasText: 'wurde Ihrem Warenkorb hinzugefügt' }).waitFor();
  console.log('variation choice and add: done');

  // The cart, then the contact form with its captcha.
  await page
    .getByRole('link', { name: /Warenkorb, \d+ Artikel/ })
    .first()
    .click();
  await page.waitForURL(/\/cart/);
  await page.getByRole('row').filter({ hasText: simple.name }).waitFor();
  await page.goto('/contact');
  await hydrated(page);
  await page.getByLabel('Ihr Name').fill('Erika Mustermann');
  await page.getByLabel('E-Mail-Adresse').fill('erika@example.org');
  await page.getByLabel('Worum geht es?').selectOption('order');
  await page
    .getByLabel('Ihre Nachricht')
    .fill('Meine Bestellung ist noch nicht angekommen, können Sie bitte nachsehen?');
  await page.getByLabel(/Ich bin einverstanden/).check();
  const answer = await page.locator('img.captcha-image').getAttribute('data-test-answer');
  await page.getByLabel('Sicherheitscode').fill(answer!);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await page.locator('.form-response.response-sent').waitFor();
  console.log('contact form sent: done');

  console.log(`\n${problems.length} console errors/warnings and page errors`);
  for (const p of problems) console.log(`  ${p}`);
  await browser.close();
}
