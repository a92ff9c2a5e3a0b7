import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { createOrder } from '#db/seed/factories.ts';
import type { TestShop } from '../support/shop.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { expectNoAxeViolations, waitForHydration } from './browser.ts';
import {
  addToCart,
  express,
  open,
  openSheet,
  orderTotal,
  payAndFinish,
  sheet,
  shopper,
  simpleProduct,
  startExpressShop,
} from './express-support.ts';

/** Wallets on the checkout and pay-for-order pages, and for shops that need an account. */
const PASSWORD = 'Zimtschnecke-am-Hafen-42';
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('express checkout on the checkout and order-pay pages', () => {
  it('checkout page (de): the wallet order carries the consent and the sheet’s total', async () => {
    const product = await simpleProduct(shop, 3490, 'Olivenöl');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await addToCart(page, product.id);
    await open(page, '/checkout');
    const area = express(page, t);
    await area.getByRole('button', { name: t.googlePay }).waitFor();
    await expectNoAxeViolations(page);
    const dialog = await openSheet(page, t, 'Google Pay');
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  it('pay-for-order (en): Apple Pay pays the pending order without asking for shipping', async () => {
    const product = await simpleProduct(shop, 1190, 'Brot');
    const order = await createOrder(shop.database.db, {
      status: 'pending',
      productIds: [product.id],
      email: 'zahler@example.org',
    });
    const { context, page, t } = await shopper(shop, browser, 'en');
    // The shopper's browser has its session from the visit that placed the order.
    await page.request.get('/wc/store/v1/cart');
    await open(page, `/checkout/order-pay/${order.id}?key=${order.orderKey}`);
    const dialog = await openSheet(page, t, 'Apple Pay');
    expect(await dialog.getByRole('group', { name: 'Shipping method' }).count()).toBe(0);
    expect(
      Number(await dialog.locator('[data-sheet-total]').getAttribute('data-sheet-total')),
    ).toBe(order.total);
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/wc/store/v1/checkout/'))
        void r
          .text()
          .then((body) => answers.push(`${r.status()} ${body}`))
          // The order-received page may replace the page before the body is read.
          .catch(() => {});
    });
    const pay = dialog.getByRole('button', { name: t.pay });
    await pay.click();
    await page
      .waitForURL(/\/checkout\/order-received\/\d+/, { timeout: 15_000 })
      .catch(() => expect(answers).toEqual([]));
    expect(page.url()).toContain(`/order-received/${order.id}`);
    expect(await orderTotal(shop, order.id)).toBe(order.total);
    await context.close();
  });

  it('a shop that needs an account asks a logged-out shopper to log in, naming the wallet', async () => {
    const product = await simpleProduct(shop, 1500, 'Kaffee');
    await putSetting(shop.database.db, GUEST_CHECKOUT_SETTING, false);
    try {
      const { context, page, t } = await shopper(shop, browser, 'en');
      await addToCart(page, product.id);
      await open(page, '/cart');
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await express(page, t).getByRole('button', { name: t.googlePay }).click();
      await page.waitForURL(/\/my-account/);
      expect(asked).toEqual([
        'To pay with Google Pay, please log in to your account first. Go to the login page now?',
      ]);
      expect(await sheet(page, t).count()).toBe(0);
      // After logging in the shopper is back on the cart, and the wallet opens its sheet.
      const email = `wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
      await shop.database.db
        .insert(customers)
        .values({ email, passwordHash: await hashPassword(PASSWORD), displayName: 'Erika' });
      await waitForHydration(page);
      const login = page.getByRole('region', { name: 'Login' });
      await login.getByRole('textbox', { name: 'Email address' }).fill(email);
      await login.getByLabel(/^Password/).fill(PASSWORD);
      await login.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      await waitForHydration(page);
      const dialog = await openSheet(page, t);
      expect(await dialog.isVisible()).toBe(true);
      await context.close();
    } finally {
      await putSetting(shop.database.db, GUEST_CHECKOUT_SETTING, true);
    }
  });
});
