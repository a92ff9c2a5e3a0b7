import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAYMENT_SETTINGS_KEY } from '#app/domain/payments/payments.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { expectNoAxeViolations } from './browser.ts';
import { PLACE_TEXTS, fillBillingAddress } from './checkout-setup.ts';
import { shop, shopper, withCheckoutShop } from '../support/checkout-browser.ts';

/** Cash on delivery with the shop's fee: the review shows it as the shopper picks the method. */

withCheckoutShop();

/** Places the order and finds the fee and its total on the order-received page. */
async function placeWithFee(page: Page) {
  await page.getByRole('checkbox', { name: PLACE_TEXTS.de.terms }).check();
  await page.getByRole('button', { name: PLACE_TEXTS.de.buy }).click();
  await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
  await page.getByRole('row', { name: /Nachnahmegebühr/ }).waitFor();
  expect(
    await page
      .getByRole('row', { name: /Gesamtsumme|Summe/ })
      .last()
      .textContent(),
  ).toMatch(/33,20/);
}

describe('cash on delivery fee', () => {
  it('adds the fee line and total when cash on delivery is chosen, and places it', async () => {
    await putSetting(shop.database.db, PAYMENT_SETTINGS_KEY, {
      ...DEMO_PAYMENT_SETTINGS,
      codFee: 250,
    });
    const { context, page } = await shopper({ lang: 'de' });
    await fillBillingAddress(page, 'de');
    const review = page.locator('.woocommerce-checkout-review-order-table');
    const feeRow = review.getByRole('row', { name: /Nachnahmegebühr/ });
    const total = review.locator('tr.order-total');
    // Two candles at 12,90 € and 4,90 € shipping; the fee 2,50 € on top.
    await page.getByRole('radio', { name: PLACE_TEXTS.de.bankTransfer }).check();
    await expect.poll(() => total.textContent()).toMatch(/30,70/);
    expect(await feeRow.count()).toBe(0);
    await page.getByRole('radio', { name: 'Nachnahme' }).check();
    await feeRow.waitFor();
    expect(await feeRow.textContent()).toMatch(/2,50/);
    await expect.poll(() => total.textContent()).toMatch(/33,20/);
    // The form tells the server which method the review it shows was priced for.
    const priced = page.locator('input[name="review_payment_method"]');
    await expect.poll(() => priced.inputValue()).toBe('cod');
    await expectNoAxeViolations(page);
    await placeWithFee(page);
    await context.close();
  });

  it('without JavaScript answers the order button with the fee first, then places it', async () => {
    await putSetting(shop.database.db, PAYMENT_SETTINGS_KEY, {
      ...DEMO_PAYMENT_SETTINGS,
      codFee: 250,
    });
    const { context, page } = await shopper({ lang: 'de', javaScript: false });
    await fillBillingAddress(page, 'de');
    const review = page.locator('.woocommerce-checkout-review-order-table');
    const feeRow = review.getByRole('row', { name: /Nachnahmegebühr/ });
    const total = review.locator('tr.order-total');
    // The page was priced for bank transfer, shown first; the form cannot refresh it.
    expect(await total.textContent()).toMatch(/30,70/);
    await page.getByRole('radio', { name: 'Nachnahme' }).check();
    await page.getByRole('checkbox', { name: PLACE_TEXTS.de.terms }).check();
    await page.getByRole('button', { name: PLACE_TEXTS.de.buy }).click();
    // No order: the page again, priced for cash on delivery, with what was typed.
    await page
      .getByText('Die Gesamtsumme hat sich geändert: Für Nachnahme kommt eine Gebühr von 2,50')
      .waitFor();
    expect(page.url()).not.toMatch(/order-received/);
    expect(await feeRow.textContent()).toMatch(/2,50/);
    expect(await total.textContent()).toMatch(/33,20/);
    expect(await page.locator('.checkout-summary-total').textContent()).toMatch(/33,20/);
    expect(await page.getByRole('radio', { name: 'Nachnahme' }).isChecked()).toBe(true);
    expect(
      await page.getByRole('textbox', { name: 'Vorname', exact: true }).first().inputValue(),
    ).toBe('Erika');
    await placeWithFee(page);
    await context.close();
  });
});
