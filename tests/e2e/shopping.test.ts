import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, shopUrl, waitForHydration } from './browser.ts';
import { simpleInStockProduct } from './catalog-data.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('shopping journey', () => {
  it('browses from the home page through a category to a product and buys two with JavaScript', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const welcome = page.getByRole('heading', { level: 1 });
    await welcome.waitFor();
    expect(await welcome.count()).toBe(1);
    expect(await welcome.isVisible()).toBe(true);
    expect(await welcome.textContent()).toBe('Willkommen bei Ladenzeile');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const categoryLink = nav.locator('.category-nav-wide').getByRole('link').nth(1);
    const categoryName = (await categoryLink.textContent())!;
    await categoryLink.click();
    await page.getByRole('heading', { level: 1, name: categoryName }).waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);

    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(
      await page
        .getByText(/inkl\. \d+\s%\sMwSt\./)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Versandkosten' }).first().isVisible()).toBe(true);

    await page.getByLabel('Menge', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'wurde Ihrem Warenkorb hinzugefügt' })
      .waitFor();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();

    // The notice's link; the revealed mini cart in the header has one too.
    await page.getByRole('main').getByRole('link', { name: 'Warenkorb anzeigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: product.name });
    expect(await row.getByRole('spinbutton').inputValue()).toBe('2');
    const total = Number(product.prices.price) * 2;
    const formatted = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      total / 100,
    );
    // The items' subtotal; the total adds shipping (tests/e2e/cart-shipping.test.ts).
    expect(await page.locator('.cart-totals tr').first().textContent()).toContain(formatted);
    expect(
      await page.getByRole('rowheader', { name: /enthaltene MwSt\./ }).count(),
    ).toBeGreaterThan(0);
    await context.close();
  });

  it('keeps the added product when the wallet price lookup starts a session at the same time', async () => {
    // A new visitor changes the quantity: the express checkout's debounced price lookup first
    // asks for a session token. Pressing "add" while that request is under way must not start
    // a second session: its cookie, answered later, would leave the cart empty.
    const context = await newContext(browser);
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    // The token request is held until the add is sent, or for a moment when the add waits for
    // it (as it must): the two requests may not be under way together.
    let tokenPending = false;
    let addSentBesideToken = false;
    let addSent!: () => void;
    const addRequested = new Promise<void>((resolve) => (addSent = resolve));
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/product/${product.slug}.data`)) {
        if (tokenPending) addSentBesideToken = true;
        addSent();
      }
    });
    await page.route('**/wc/store/v1/cart', async (route) => {
      tokenPending = true;
      await Promise.race([addRequested, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      await route.continue();
      tokenPending = false;
    });
    const tokenAsked = page.waitForRequest((r) => r.url().endsWith('/wc/store/v1/cart'));
    await page.getByLabel('Menge', { exact: true }).fill('2');
    await tokenAsked;
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    expect(addSentBesideToken).toBe(false);
    await page.goto('/cart');
    const row = page.getByRole('row').filter({ hasText: product.name });
    expect(await row.getByRole('spinbutton').inputValue()).toBe('2');
    await context.close();
  });

  it('adds from a product card without leaving the listing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto('/shop?orderby=menu_order');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: `In den Warenkorb: ${product.name}` });
    if ((await button.count()) === 0) {
      await page.goto(`/shop?s=${encodeURIComponent(product.name)}`);
      await waitForHydration(page);
    }
    await page.getByRole('button', { name: `In den Warenkorb: ${product.name}` }).click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop');
    await context.close();
  });

  it('buys, changes and removes without JavaScript', async () => {
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await page.getByLabel('Menge', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByText('wurde Ihrem Warenkorb hinzugefügt').waitFor();
    expect(await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Warenkorb anzeigen' }).click();
    await page.getByLabel(`Menge für ${product.name}`).fill('3');
    await page.getByRole('button', { name: 'Warenkorb aktualisieren' }).click();
    await page.getByText('Warenkorb aktualisiert.').waitFor();
    expect(await page.getByLabel(`Menge für ${product.name}`).inputValue()).toBe('3');
    const formatted = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      (Number(product.prices.price) * 3) / 100,
    );
    // The items' subtotal; the total adds shipping (tests/e2e/cart-shipping.test.ts).
    expect(await page.locator('.cart-totals tr').first().textContent()).toContain(formatted);

    await page
      .getByRole('button', { name: `„${product.name}“ aus dem Warenkorb entfernen` })
      .click();
    await page.getByText('Ihr Warenkorb ist derzeit leer.').waitFor();
    await context.close();
  });

  it('shows the cart on shared pages after a reload, and keeps it over a language switch', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByLabel('Menge', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();

    // The page itself is the one rendering everybody gets; the count is filled in for this
    // visitor, and the browser asks nothing more about the cart.
    // The product page's own price lookup for the wallet buttons (debounced after the quantity
    // change) may still leave while the next page loads: only the later pages' requests count.
    const asked: string[] = [];
    page.on('request', (r) => {
      const fromProductPage = (r.headers()['referer'] ?? '').includes('/product/');
      if (/\/wc\/store\/|\/wc-ajax\/|\.data(\?|$)/.test(r.url()) && !fromProductPage) {
        asked.push(r.url());
      }
    });
    await page.goto('/shop');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Warenkorb, 2 Artikel' }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    expect(asked).toEqual([]);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    expect(await page.locator('.cart-table tbody tr').count()).toBe(1);
    expect(await page.locator('.cart-table tbody').getByRole('spinbutton').inputValue()).toBe('2');
    await context.close();
  });

  it('switches the language and keeps it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const product = await simpleInStockProduct();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('.product-price').textContent()).toMatch(/€\d/);
    expect(new URL(page.url()).pathname).toBe(`/product/${product.slug}`);
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    await context.close();
  });

  it('answers unknown addresses with a translated 404 and normalises bad query parameters', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const missing = await page.goto('/product/gibt-es-nicht');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    expect((await page.goto('/product-category/gibt-es-nicht'))?.status()).toBe(404);
    expect((await page.goto('/irgendwo/anders'))?.status()).toBe(404);
    for (const query of [
      'page=abc',
      'page=-4',
      'page=99999',
      'orderby=evil',
      'page=1e9&orderby[]=x',
    ]) {
      const res = await page.goto(`/shop?${query}`);
      expect(res?.status(), query).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Alle Produkte' }).waitFor();
    }
    await context.close();
  });

  it('refuses a form posted from another site and changes nothing', async () => {
    const product = await simpleInStockProduct();
    const res = await fetch(shopUrl(`/product/${product.slug}`), {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `intent=add&product_id=${product.id}&quantity=1`,
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
