import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, shopUrl, waitForHydration } from './browser.ts';

let browser: Browser;

type Variation = { id: number; attributes: { name: string; value: string }[] };
type VariableProduct = { id: number; slug: string; name: string; variations: Variation[] };

/** A variable product with one variation in stock and, if there is one, one sold out. */
async function variableProduct(): Promise<{
  product: VariableProduct;
  inStock: Variation;
  soldOut?: Variation;
}> {
  const list = (await (
    await fetch(shopUrl('/wc/store/v1/products?per_page=100'))
  ).json()) as (VariableProduct & { type: string })[];
  for (const product of list.filter((p) => p.type === 'variable')) {
    const states = await Promise.all(
      product.variations.map(async (v) => {
        const res = await fetch(shopUrl('/wc/store/v1/cart'));
        const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
        const add = await fetch(shopUrl('/wc/store/v1/cart/add-item'), {
          method: 'POST',
          headers: { cookie, nonce: res.headers.get('nonce')!, 'content-type': 'application/json' },
          body: JSON.stringify({ id: v.id }),
        });
        return { v, ok: add.status === 201 };
      }),
    );
    const inStock = states.find((s) => s.ok)?.v;
    const soldOut = states.find((s) => !s.ok)?.v;
    if (inStock && soldOut) return { product, inStock, soldOut };
  }
  throw new Error('no variable product with both an available and a sold-out variation');
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('variable products', () => {
  it('chooses a variation, refuses a sold-out one, and puts the chosen one in the cart', async () => {
    const { product, inStock, soldOut } = await variableProduct();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    const choose = async (v: Variation) => {
      for (const a of v.attributes)
        await page.locator(`select[name="attribute_${a.name}"]`).selectOption(a.value);
    };
    await choose(soldOut!);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Diese Ausführung ist nicht verfügbar.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).isDisabled()).toBe(true);

    await choose(inStock);
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'wurde Ihrem Warenkorb hinzugefügt' })
      .waitFor();
    await page.goto('/cart');
    const row = page.getByRole('row').filter({ hasText: product.name });
    expect(await row.count()).toBe(1);
    const chosenTerms = await page.locator('.cart-variation dd').allTextContents();
    expect(chosenTerms.length).toBe(inStock.attributes.length);
    await context.close();
  });

  it('works without JavaScript: the server finds the variation from the chosen options', async () => {
    const { product, inStock } = await variableProduct();
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(`/product/${product.slug}`);
    for (const a of inStock.attributes)
      await page.locator(`select[name="attribute_${a.name}"]`).selectOption(a.value);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByText('wurde Ihrem Warenkorb hinzugefügt').waitFor();
    expect(await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).count()).toBe(1);
    await context.close();
  });
});
