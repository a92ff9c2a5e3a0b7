import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newContext, openPage, waitForHydration } from './browser.ts';
import { type ApiProduct, catalog, simpleInStockProduct } from './catalog-data.ts';
import { launchBrowser } from './browser.ts';

let browser: Browser;
let product: ApiProduct;
let second: ApiProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await simpleInStockProduct();
  second = (await catalog()).find(
    (p) =>
      p.type === 'simple' &&
      p.is_in_stock &&
      p.is_purchasable &&
      !p.sold_individually &&
      p.id !== product.id,
  )!;
});

afterAll(async () => {
  await browser?.close();
});

/** Every request the page makes for cart data: classic calls, Store API, route data. */
function cartRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith('/wc-ajax/') ||
      url.pathname.startsWith('/wc/store/') ||
      url.pathname.endsWith('.data')
    ) {
      seen.push(request);
    }
  });
  return seen;
}

/** Puts products into the context's cart through the classic call, as another page would. */
async function addThroughApi(context: BrowserContext, ...items: [ApiProduct, number][]) {
  for (const [item, quantity] of items) {
    const res = await context.request.post('/wc-ajax/add_to_cart', {
      form: { product_id: String(item.id), quantity: String(quantity) },
    });
    expect(res.status()).toBe(200);
  }
}

/** A listing that shows the product: its search result page. */
function listingOf(item: ApiProduct): string {
  return `/shop?s=${encodeURIComponent(item.name)}`;
}

describe('mini cart', () => {
  it('adds from a listing and opens as a dropdown at 1280 px that closes itself (de)', async () => {
    const { context, page } = await openPage(browser, listingOf(product));
    const calls = cartRequests(page);
    const button = page.getByRole('button', { name: `In den Warenkorb: ${product.name}` });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Warenkorb' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: product.name, exact: true }).isVisible()).toBe(
      true,
    );
    expect(await dialog.getByRole('link', { name: 'Warenkorb anzeigen' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Kasse' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    // The button shows it is done, and the way to the cart follows it.
    const card = page.locator('.card-add-to-cart').filter({ has: button });
    await card.getByRole('link', { name: 'Warenkorb anzeigen' }).waitFor();
    expect(await button.getAttribute('class')).toContain('is-added');
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual(['/wc-ajax/add_to_cart']);
    expect(calls[0]!.postData()).toContain(`product_id=${product.id}`);
    await page.screenshot({ path: '/tmp/mini-cart-dropdown-1280.png' });
    await expectNoAxeViolations(page);
    // Revealed by the add, it closes by itself (after 5 s) when the shopper leaves it alone.
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/shop');
    await context.close();
  });

  it('queues adds one at a time', async () => {
    const { context, page } = await openPage(browser, '/shop?orderby=price');
    const buttons = page.getByRole('button', { name: /^In den Warenkorb: / });
    const starts: string[] = [];
    let inFlight = 0;
    let most = 0;
    await page.route('**/wc-ajax/add_to_cart', async (route) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      starts.push(route.request().postData() ?? '');
      const response = await route.fetch();
      inFlight -= 1;
      await route.fulfill({ response });
    });
    await buttons.nth(0).click();
    await buttons.nth(1).click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    expect(starts).toHaveLength(2);
    expect(most).toBe(1);
    await context.close();
  });

  it('goes to the product on a refusal, and to the cart when the shop says so', async () => {
    const { context, page } = await openPage(browser, listingOf(product));
    const button = page.getByRole('button', { name: `In den Warenkorb: ${product.name}` });
    // The product sold out after the listing was shown: the server sends the shopper there.
    await page.route('**/wc-ajax/add_to_cart', (route) =>
      route.fulfill({
        json: { error: true, product_url: `/product/${product.slug}`, message: 'ausverkauft' },
      }),
    );
    await button.click();
    await page.waitForURL((url) => url.pathname === `/product/${product.slug}`);
    await page.unroute('**/wc-ajax/add_to_cart');

    // The redirect-after-add setting: the answer names the cart.
    await page.goto(listingOf(product));
    await waitForHydration(page);
    await page.route('**/wc-ajax/add_to_cart', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, redirect: '/cart' } });
    });
    await button.click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    await context.close();
  });

  it('opens as a drawer at 390 px with dialog semantics and Escape (en)', async () => {
    const { context, page } = await openPage(browser, '/shop?orderby=price', {
      width: 390,
      lang: 'en',
    });
    await page
      .getByRole('button', { name: /^Add to cart: / })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.waitFor();
    expect(await drawer.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(
      true,
    );
    expect(await drawer.getByRole('link', { name: 'View cart' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Checkout' }).isVisible()).toBe(true);
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The drawer slides in; the picture and the contrast check want it in place.
    await drawer.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: '/tmp/mini-cart-drawer-390.png' });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // The header's toggle opens it again.
    await page.getByRole('button', { name: 'Open cart overview' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('button', { name: 'Open cart overview' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await context.close();
  });

  it('opens from the header as a dropdown dialog, takes focus and closes with Escape (en)', async () => {
    const context = await newContext(browser, { lang: 'en' });
    await addThroughApi(context, [product, 1]);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open cart overview' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cart' });
    await dialog.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('link', { name: 'View cart' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // Not revealed by an add: it stays open until the shopper closes it.
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // A click elsewhere closes it too.
    await toggle.click();
    await dialog.waitFor();
    await page.getByRole('heading', { level: 1 }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('changes a quantity only when the browser finds it valid', async () => {
    const context = await newContext(browser);
    await addThroughApi(context, [product, 1]);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const calls = cartRequests(page);
    await page.getByRole('button', { name: 'Warenkorb-Übersicht öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warenkorb' });
    await dialog.waitFor();
    const quantity = dialog.getByRole('spinbutton', { name: `Menge für ${product.name}` });
    await quantity.fill('1.5');
    await quantity.press('Tab');
    expect(await quantity.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
    expect(calls).toHaveLength(0);

    await quantity.fill('3');
    await quantity.press('Tab');
    await page.getByRole('link', { name: 'Warenkorb, 3 Artikel' }).waitFor();
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual([
      '/wc-ajax/update_cart_item_quantity',
    ]);
    expect(calls[0]!.postData()).toContain('quantity=3');
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      (Number(product.prices.price) * 3) / 100,
    );
    await dialog.locator('.mini-cart-subtotal').filter({ hasText: total }).waitFor();
    await context.close();
  });

  it('blocks a line with the overlay while it is removed', async () => {
    const context = await newContext(browser);
    await addThroughApi(context, [product, 1], [second, 2]);
    const page = await context.newPage();
    await page.goto(`/product/${second.slug}`);
    await waitForHydration(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/wc-ajax/remove_from_cart', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Warenkorb-Übersicht öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warenkorb' });
    await dialog
      .getByRole('button', { name: `„${product.name}“ aus dem Warenkorb entfernen` })
      .click();
    const line = dialog.locator('.cart-line').filter({ hasText: product.name });
    await line.locator('.overlay-region[aria-busy="true"] .loading-overlay.is-active').waitFor();
    await page.screenshot({ path: '/tmp/mini-cart-removing-1280.png' });
    release();
    await line.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    expect(await dialog.getByRole('link', { name: second.name, exact: true }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('follows the remove link when the call fails, pressed with Space as a button is', async () => {
    const context = await newContext(browser);
    await addThroughApi(context, [product, 1]);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.route('**/wc-ajax/remove_from_cart', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.getByRole('button', { name: 'Warenkorb-Übersicht öffnen' }).click();
    await page
      .getByRole('dialog', { name: 'Warenkorb' })
      .getByRole('button', { name: `„${product.name}“ aus dem Warenkorb entfernen` })
      .focus();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByText(`„${product.name}“ entfernt.`).waitFor();
    await page.getByRole('link', { name: 'Warenkorb, 0 Artikel' }).waitFor();
    await context.close();
  });

  it('removes from the mini cart without JavaScript', async () => {
    const context = await newContext(browser, { javaScript: false });
    await addThroughApi(context, [product, 2]);
    const page = await context.newPage();
    await page.goto('/shop');
    const link = page.getByRole('link', { name: 'Warenkorb, 2 Artikel' });
    await link.hover();
    const panel = page.locator('.mini-cart-panel');
    await panel.getByRole('link', { name: product.name, exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/mini-cart-nojs-1280.png' });
    await panel
      .getByRole('button', { name: `„${product.name}“ aus dem Warenkorb entfernen` })
      .click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByText(`„${product.name}“ entfernt.`).waitFor();
    await page.getByRole('link', { name: 'Warenkorb, 0 Artikel' }).waitFor();
    await context.close();
  });
});

describe('fragments without polling', () => {
  it('makes no cart request on a plain page view, with or without a cart', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const calls = cartRequests(page);
    await page.goto('/shop');
    await waitForHydration(page);
    await addThroughApi(context, [product, 2]);
    for (const path of ['/', `/product/${product.slug}`, '/cart']) {
      await page.goto(path);
      await waitForHydration(page);
    }
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    expect(calls.map((r) => r.url())).toEqual([]);
    await context.close();
  });

  it('refreshes after a change in another tab, and when what it holds is a day old', async () => {
    const context = await newContext(browser);
    const first = await context.newPage();
    await first.goto('/');
    await waitForHydration(first);
    const calls = cartRequests(first);
    const other = await context.newPage();
    await other.goto(listingOf(product));
    await waitForHydration(other);
    await other.getByRole('button', { name: `In den Warenkorb: ${product.name}` }).click();
    await other.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    await first.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual([
      '/wc-ajax/get_refreshed_fragments',
    ]);
    await other.close();

    // The same hash, learnt 25 hours ago: the next page view asks once.
    await first.evaluate(() => {
      const entry = JSON.parse(sessionStorage.getItem('wc_cart_hash')!) as { time: number };
      entry.time -= 25 * 60 * 60 * 1000;
      sessionStorage.setItem('wc_cart_hash', JSON.stringify(entry));
    });
    calls.length = 0;
    await first.reload();
    await waitForHydration(first);
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual([
      '/wc-ajax/get_refreshed_fragments',
    ]);
    await context.close();
  });

  it('updates the header cart from the product page form without a reload', async () => {
    const { context, page } = await openPage(browser, `/product/${product.slug}`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // The reveal setting (on by default) opens the mini cart after this add too.
    const dialog = page.getByRole('dialog', { name: 'Warenkorb' });
    await dialog.getByRole('link', { name: product.name, exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  });
});
