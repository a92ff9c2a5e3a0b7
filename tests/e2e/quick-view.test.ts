import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, shopUrl } from './browser.ts';
import { simpleInStockProduct } from './catalog-data.ts';

let browser: Browser;

type Variation = { id: number; attributes: { name: string; value: string }[] };
type VariableProduct = {
  id: number;
  slug: string;
  name: string;
  /** `name` is the label variations name their attributes by; `taxonomy` is `pa_{slug}`. */
  attributes: { name: string; taxonomy: string }[];
  variations: Variation[];
};

/** A variable product of the demo catalog and one of its variations that can be bought. */
async function variableProductInStock(): Promise<{
  product: VariableProduct;
  variation: Variation;
}> {
  const list = (await (
    await fetch(shopUrl('/wc/store/v1/products?per_page=100'))
  ).json()) as (VariableProduct & { type: string })[];
  for (const product of list.filter((p) => p.type === 'variable')) {
    for (const variation of product.variations) {
      const cart = await fetch(shopUrl('/wc/store/v1/cart'));
      const add = await fetch(shopUrl('/wc/store/v1/cart/add-item'), {
        method: 'POST',
        headers: {
          cookie: cart.headers.get('set-cookie')!.split(';')[0]!,
          nonce: cart.headers.get('nonce')!,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id: variation.id }),
      });
      if (add.status === 201) return { product, variation };
    }
  }
  throw new Error('the demo catalog has no variable product with a variation in stock');
}

/** Walks the shop's pages to the product's card and answers its quick-view control. */
async function openListingWith(
  page: Page,
  name: string,
  options: { role: 'button' | 'link' } = { role: 'button' },
) {
  const card = page.locator('.product-card').filter({
    has: page.getByRole('heading', { name, exact: true }),
  });
  for (let n = 1; n <= 20; n++) {
    await page.goto(`/shop?page=${n}`);
    if ((await card.count()) === 1) {
      const control = card.getByRole(options.role, {
        name: `Schnellansicht: ${name}`,
        exact: true,
      });
      // The link becomes a button once the page's script has run.
      await control.waitFor();
      return control;
    }
    if ((await page.locator('.product-card').count()) === 0) break;
  }
  throw new Error(`no card for ${name}`);
}

async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('quick view', () => {
  it('opens from a card, shows price and legal notes, adds a chosen variation to the cart and closes with Escape', async () => {
    const { product, variation } = await variableProductInStock();
    const context = await newContext(browser);
    const page = await context.newPage();
    const button = await openListingWith(page, product.name);
    await button.click();

    const dialog = page.getByRole('dialog', { name: product.name });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
    expect(await dialog.locator('.product-price').textContent()).toMatch(/\d,\d\d\s€/);
    expect(await dialog.getByText(/inkl\. \d+\s%\sMwSt\./).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Versandkosten' }).count()).toBe(1);
    expect(
      await dialog.getByRole('link', { name: 'Alle Details ansehen' }).getAttribute('href'),
    ).toBe(`/product/${product.slug}`);

    for (const a of variation.attributes) {
      // A swatch where the attribute has them, else its select; the Store API names the
      // attribute by its label, the form by its slug.
      const slug = product.attributes.find((x) => x.name === a.name)!.taxonomy.replace(/^pa_/, '');
      const select = `select[name="attribute_${slug}"]`;
      const swatch = dialog.locator(
        `.variation-field:has(${select}) [role="radio"][data-term="${a.value}"]`,
      );
      if (await swatch.count()) await swatch.click();
      else await dialog.locator(select).selectOption(a.value);
    }
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `„${product.name}“ wurde Ihrem Warenkorb hinzugefügt.` })
      .waitFor();
    // The page revalidates behind the modal: the header counts the new item.
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).waitFor({ state: 'attached' });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe(`Schnellansicht: ${product.name}`);
    await context.close();
  });

  it('closes with its close button, and keeps keyboard focus inside while open', async () => {
    const product = await simpleInStockProduct();
    const context = await newContext(browser);
    const page = await context.newPage();
    const control = await openListingWith(page, product.name);
    await control.click();
    const dialog = page.getByRole('dialog', { name: product.name });
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
    // More presses than the dialog has controls, both ways: focus wraps around inside.
    for (const key of [...Array<string>(25).fill('Tab'), ...Array<string>(25).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(
        () => document.activeElement?.closest('dialog[open]') !== null,
      );
      expect(inside).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe(`Schnellansicht: ${product.name}`);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`passes axe inside the open modal at ${width} px`, async () => {
      const { product } = await variableProductInStock();
      const context = await newContext(browser, { width });
      const page = await context.newPage();
      const button = await openListingWith(page, product.name);
      await button.click();
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
      await page.locator('.quick-view-modal .loading-overlay:not(.is-active)').waitFor({
        state: 'attached',
      });
      await dialog.locator('.gallery-main img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({ path: `test-results/quick-view-${width}.png` });
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it('is a link to the product page without JavaScript', async () => {
    const product = await simpleInStockProduct();
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    const link = await openListingWith(page, product.name, { role: 'link' });
    expect(await link.getAttribute('href')).toBe(`/product/${product.slug}`);
    await link.click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await context.close();
  });
});
