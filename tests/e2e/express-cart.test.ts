import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from '../support/shop.ts';
import { expectNoAxeViolations } from './browser.ts';
import {
  addToCart,
  challenge,
  express,
  lastOrder,
  open,
  openSheet,
  orderTotal,
  payAndFinish,
  setExpressSettings,
  sheet,
  sheetTotal,
  shopper,
  simpleProduct,
  startExpressShop,
} from './express-support.ts';
import { legalVersionInForce, publishLegalVersion } from '#app/domain/legal/legal.server.ts';
import { DEFAULT_EXPRESS_SETTINGS } from '#app/domain/payments/stripe/express-settings.server.ts';

/** Wallets on the cart page: address and rate changes, cancel, button appearance. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('express checkout on the cart page', () => {
  it('a new address brings its own rates and totals; a rate change updates the total; the order charges what the sheet showed', async () => {
    const product = await simpleProduct(shop, 2000, 'Honig');
    const { context, page, t } = await shopper(shop, browser, 'en');
    await addToCart(page, product.id);
    await open(page, '/cart');
    const dialog = await openSheet(page, t);
    const rates = dialog.getByRole('radio');
    await expect.poll(() => rates.count()).toBeGreaterThan(1);
    const germanRates = await dialog.getByRole('group', { name: 'Shipping method' }).innerText();
    const germanTotal = await sheetTotal(dialog);

    // Vienna: the EU rate instead of the German ones, and a total with it.
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('1010');
    await dialog.getByRole('textbox', { name: 'Town / City' }).fill('Wien');
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('AT');
    const group = dialog.getByRole('group', { name: 'Shipping method' });
    await expect.poll(() => group.innerText()).toContain('Shipping within the EU');
    expect(await group.innerText()).not.toBe(germanRates);
    await expect.poll(() => sheetTotal(dialog)).not.toBe(germanTotal);
    expect(await sheetTotal(dialog)).toBeGreaterThan(2000);

    // Back to Leipzig and the other rate: the total follows the chosen rate.
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('04109');
    await dialog.getByRole('textbox', { name: 'Town / City' }).fill('Leipzig');
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('DE');
    await expect.poll(() => rates.count()).toBeGreaterThan(1);
    const first = await sheetTotal(dialog);
    const other = rates.nth(1);
    await other.check();
    await expect.poll(() => sheetTotal(dialog)).not.toBe(first);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  it('a wallet card that wants 3-D Secure: the challenge after the sheet, then the order is paid', async () => {
    const product = await simpleProduct(shop, 2400, 'Marmelade');
    const { context, page, t } = await shopper(shop, browser, 'en');
    await addToCart(page, product.id);
    await open(page, '/cart');
    const dialog = await openSheet(page, t);
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    await dialog.getByRole('combobox', { name: t.card }).selectOption({ label: t.card3ds });
    const pay = dialog.getByRole('button', { name: t.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    const shown = await sheetTotal(dialog);
    await pay.click();
    const { content } = challenge(page, t);
    await content.getByRole('heading', { name: '3-D Secure test authentication' }).waitFor();
    await content.getByRole('button', { name: t.authComplete }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+/);
    await page.getByText(t.thanks).first().waitFor();
    const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
    const order = await lastOrder(shop);
    expect(order!.id).toBe(orderId);
    expect(order!.status).toBe('processing');
    expect(order!.total).toBe(shown);
    await context.close();
  });

  it('legal texts published after the page opened: the wallet order is refused with a request to reload (de)', async () => {
    const product = await simpleProduct(shop, 1100, 'Senf');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await addToCart(page, product.id);
    await open(page, '/cart');
    const dialog = await openSheet(page, t);
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    // The owner publishes a new version of the terms while the sheet is open.
    const db = shop.database.db;
    await publishLegalVersion(db, 'agb', (await legalVersionInForce(db, 'agb')).content, {
      source: 'edited',
    });
    const before = await lastOrder(shop);
    const pay = dialog.getByRole('button', { name: t.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await express(page, t)
      .getByText(/bitte laden Sie die Seite neu/)
      .waitFor();
    await expect.poll(() => sheet(page, t).count()).toBe(0);
    expect((await lastOrder(shop))?.id).toBe(before?.id);
    // After the reload the area names the texts in force, and the same wallet pays.
    await open(page, '/cart');
    const again = await openSheet(page, t);
    await expect.poll(() => again.getByRole('radio').count()).toBeGreaterThan(0);
    const { shown, orderId } = await payAndFinish(page, again, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  it('cancel closes the sheet, unblocks the area and places nothing; Escape cancels too', async () => {
    const product = await simpleProduct(shop, 990, 'Tee');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await addToCart(page, product.id);
    await open(page, '/cart');
    let dialog = await openSheet(page, t);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t.cancel }).click();
    // The sheet closes when the page has heard of the cancel: on a busy machine a moment later.
    await expect.poll(() => sheet(page, t).count()).toBe(0);
    await expect.poll(() => express(page, t).locator('[aria-busy="true"]').count()).toBe(0);
    // The keyboard alone: the wallet button, Enter, then Escape.
    await express(page, t).getByRole('button', { name: t.googlePay }).focus();
    await page.keyboard.press('Enter');
    dialog = sheet(page, t);
    await dialog.waitFor();
    // While the wallet sends its stored address the sheet is busy and ignores Escape.
    await expect.poll(() => dialog.getByRole('button', { name: t.pay }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet(page, t).count()).toBe(0);
    expect(page.url()).toMatch(/\/cart$/);
    await context.close();
  });

  it('button appearance: height clamped to 40–55, plain for type default, light-outline themes', async () => {
    const product = await simpleProduct(shop, 1500, 'Seife');
    await setExpressSettings(shop, {
      button: { height: 80, radius: 12, type: 'default', theme: 'light-outline' },
    });
    try {
      const { context, page, t } = await shopper(shop, browser, 'en');
      await addToCart(page, product.id);
      await open(page, '/cart');
      const area = express(page, t);
      const apple = area.getByRole('button', { name: 'Apple Pay', exact: true });
      const google = area.getByRole('button', { name: 'Google Pay', exact: true });
      await apple.waitFor();
      expect(await apple.evaluate((b) => b.getBoundingClientRect().height)).toBe(55);
      expect(await apple.getAttribute('data-theme')).toBe('white-outline');
      expect(await google.getAttribute('data-theme')).toBe('white');
      expect(await apple.evaluate((b) => getComputedStyle(b).borderRadius)).toBe('12px');
      await context.close();

      await setExpressSettings(shop, {
        button: { height: 10, radius: 4, type: 'buy', theme: 'dark' },
      });
      const second = await shopper(shop, browser, 'en');
      await addToCart(second.page, product.id);
      await open(second.page, '/cart');
      const buy = express(second.page, second.t).getByRole('button', { name: t.applePay });
      await buy.waitFor();
      expect(await buy.evaluate((b) => b.getBoundingClientRect().height)).toBe(40);
      expect(await buy.getAttribute('data-theme')).toBe('black');
      await second.context.close();
    } finally {
      await setExpressSettings(shop, DEFAULT_EXPRESS_SETTINGS);
    }
  });
});
