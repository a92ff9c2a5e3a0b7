import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import type { TestShop } from '../support/shop.ts';
import { addToCart, express, open, openSheet, shopper, simpleProduct, startExpressShop } from './express-support.ts';

let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

it('screens', async () => {
  const product = await simpleProduct(shop, 1290, 'Bienenwachskerze');
  for (const width of [1280, 390]) {
    for (const lang of ['de', 'en'] as const) {
      const { context, page, t } = await shopper(shop, browser, lang, width);
      await open(page, `/product/${product.slug}`);
      await express(page, t).getByRole('button', { name: t.googlePay }).waitFor();
      await express(page, t).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/ec-shot-product-${lang}-${width}.png` });
      await express(page, t).getByRole('button', { name: t.googlePay }).click();
      await page.screenshot({ path: `/tmp/ec-shot-product-noconsent-${lang}-${width}.png` });
      await addToCart(page, product.id);
      await open(page, '/cart');
      await express(page, t).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/ec-shot-cart-${lang}-${width}.png`, fullPage: true });
      const dialog = await openSheet(page, t);
      await dialog.getByRole('radio').first().waitFor();
      await page.screenshot({ path: `/tmp/ec-shot-sheet-${lang}-${width}.png` });
      await context.close();
    }
  }
});
