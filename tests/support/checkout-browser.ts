import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from './shop.ts';
import { launchBrowser } from '../e2e/browser.ts';
import { addressField, shopperAtCheckout } from '../e2e/checkout-setup.ts';

/**
 * The purchase from the checkout page on, in a shop of the test file's own: its database is at hand to
 * make an order wait for payment and to sign a customer in.
 */
export let shop: TestShop;

export let browser: Browser;

export let productId: number;

export const SHOTS = process.env.SCREENSHOT_DIR;

export function shopper(
  options: { lang?: 'de' | 'en'; javaScript?: boolean; width?: number } = {},
) {
  return shopperAtCheckout(browser, {
    baseURL: shop.url,
    items: [{ id: productId, quantity: 2 }],
    ...options,
  });
}

export const field = addressField;

export async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A built shop of its own and a browser for the test file. */
export function withCheckoutShop() {
  beforeAll(async () => {
    shop = await startTestShop();
    const db = shop.database.db;
    await seedDemoShipping(db);
    await seedDemoCheckout(db);
    productId = (
      await createProduct(db, {
        name: { de: 'Bienenwachskerze', en: 'Beeswax candle' },
        shortDescription: {
          de: 'Handgezogen aus reinem Bienenwachs, Brenndauer etwa 30 Stunden.',
          en: 'Hand-dipped from pure beeswax, burns for about 30 hours.',
        },
        regularPrice: 1290,
        manageStock: true,
        stockQuantity: 500,
      })
    ).product.id;
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });
}
