import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import type { TestShop } from '../support/shop.ts';
import { expectNoAxeViolations } from './browser.ts';
import {
  express,
  open,
  openSheet,
  orderTotal,
  payAndFinish,
  sheetTotal,
  shopper,
  simpleProduct,
  startExpressShop,
} from './express-support.ts';

/** Wallets on the product page: the sandbox's sheet, the shop's click rules and amounts. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function slugOf(id: number) {
  const [row] = await shop.database.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, id));
  return row!.slug;
}

describe('express checkout on a product page', () => {
  it('asks for the consent first, then buys the product with Google Pay; the order total is the sheet’s', async () => {
    const product = await simpleProduct(shop, 1290, 'Kerze Express');
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${await slugOf(product.id)}`);
    const area = express(page, t);
    await area.getByRole('button', { name: t.googlePay }).click();
    // Without the consent the wallet does nothing but point at the checkbox.
    const consent = area.getByRole('checkbox', { name: t.consent });
    await expect.poll(() => consent.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => area.getByText(t.consentError).isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);

    const dialog = await openSheet(page, t);
    await expectNoAxeViolations(page);
    // The stored address (Leipzig) gets the German rates; the first one is chosen.
    await expect
      .poll(() => dialog.getByRole('radio').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(shown).toBeGreaterThanOrEqual(1290);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  // The sheet shows the shipping the order charges: the amount it pays is the order total.
  it('quantity changes reach the sheet (debounced product data)', async () => {
    const product = await simpleProduct(shop, 1000, 'Kerze Menge');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await open(page, `/product/${await slugOf(product.id)}`);
    await page.getByRole('spinbutton', { name: t.quantity }).fill('3');
    const dialog = await openSheet(page, t);
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    // The line of three, and a total of at least 3 × 10,00 €.
    await expect.poll(() => dialog.getByText('× 3').count()).toBe(1);
    expect(await sheetTotal(dialog)).toBeGreaterThanOrEqual(3000);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    expect(shown).toBeGreaterThanOrEqual(3000);
    await context.close();
  });

  it('a failed add to cart still opens the sheet, then aborts with the error after a second', async () => {
    // A download: the sheet asks for no address, so Pay is open at once.
    const product = (
      await createProduct(shop.database.db, {
        name: { de: 'Hörbuch', en: 'Audio book' },
        regularPrice: 1500,
        digital: true,
        manageStock: true,
        stockQuantity: 5,
      })
    ).product;
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${await slugOf(product.id)}`);
    // Sold out after the page was shown: the cart refuses it.
    await shop.database.db
      .update(products)
      .set({ stockQuantity: 0, stockStatus: 'outofstock' })
      .where(eq(products.id, product.id));
    // A download needs the second consent too; without it the wallet points at its box.
    const area = express(page, t);
    await page.getByRole('checkbox', { name: t.consent }).check();
    await area.getByRole('button', { name: t.googlePay }).click();
    const digital = area.getByRole('checkbox', { name: t.digital });
    await expect.poll(() => digital.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await digital.getAttribute('aria-invalid')).toBe('true');
    await area.getByText(t.digitalError).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);
    await digital.check();
    const dialog = await openSheet(page, t);
    await dialog.getByRole('button', { name: t.pay }).click();
    await expect
      .poll(() =>
        express(page, t).getByText('There was an error adding the product to the cart.').count(),
      )
      .toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toContain('/product/');
    await context.close();
  });

  // A variation's sheet asks for the address and shows its shipping (it once showed 2,700 and
  // the order charged 3,190).
  it('variable product: hidden until a variation is chosen; the variation is bought', async () => {
    const db = shop.database.db;
    const colour = await createAttribute(db, {
      slug: 'farbe-express',
      name: { de: 'Farbe', en: 'Colour' },
      swatchType: 'select',
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      ],
    });
    const { product } = await createProduct(db, {
      name: { de: 'Schal', en: 'Scarf' },
      regularPrice: 2500,
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: Object.values(colour.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { 'farbe-express': 'rot' }, regularPrice: 2500 },
        { attributes: { 'farbe-express': 'blau' }, regularPrice: 2700 },
      ],
    });
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${product.slug}`);
    expect(await express(page, t).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Colour' }).selectOption('blau');
    await express(page, t).waitFor();
    const dialog = await openSheet(page, t);
    await expect.poll(() => sheetTotal(dialog)).toBeGreaterThanOrEqual(2700);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });
});
