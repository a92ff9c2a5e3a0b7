import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser.ts';
import { fillBillingAddress } from './checkout-setup.ts';
import { shopper, field, shoot, withCheckoutShop } from '../support/checkout-browser.ts';

/** Buying as a guest from the checkout page on: the order, validation and the review's refresh. */

withCheckoutShop();

describe('checkout as a guest', () => {
  it('buys with JavaScript in German with a German address and bank transfer', async () => {
    const { context, page } = await shopper({ lang: 'de' });
    await expectNoAxeViolations(page);
    await shoot(page, 'checkout-1280');
    await fillBillingAddress(page, 'de');
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check();
    const terms = page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ });
    expect(await terms.isChecked()).toBe(false);
    await terms.check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
    await page.getByText('Vielen Dank. Ihre Bestellung ist bei uns eingegangen.').waitFor();
    await page.getByRole('heading', { name: 'Unsere Bankverbindung' }).waitFor();
    // The header cart follows the emptied cart.
    await page.getByRole('link', { name: 'Warenkorb, 0 Artikel' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'order-received-1280');
    await context.close();
  });

  it('buys without JavaScript: errors shown on the page, then the order placed', async () => {
    const { context, page } = await shopper({ lang: 'de', javaScript: false });
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    const alert = page.getByRole('alert');
    await alert.getByRole('link', { name: /Rechnung Vorname ist ein Pflichtfeld/ }).waitFor();
    await alert.getByText(/AGB und die Widerrufsbelehrung/).waitFor();
    await fillBillingAddress(page, 'de', {
      first_name: 'Max',
      last_name: 'Muster',
      address_1: 'Ring 2',
      postcode: '50667',
      city: 'Köln',
      email: 'max@example.org',
    });
    await page.getByRole('radio', { name: 'Kauf auf Rechnung' }).check();
    await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    await page.getByText('Kauf auf Rechnung').first().waitFor();
    await context.close();
  });

  it('buys in English with an Austrian address, and the Buy now button', async () => {
    const { context, page } = await shopper({ lang: 'en', width: 390 });
    await shoot(page, 'checkout-390');
    const reviews = trackReviews(page);
    await fillBillingAddress(
      page,
      'en',
      {
        first_name: 'Anna',
        last_name: 'Huber',
        address_1: 'Ring 1',
        postcode: '1010',
        city: 'Wien',
        email: 'anna@example.org',
      },
      { country: 'AT' },
    );
    await field(page, 'Town / City').press('Tab');
    // The rest-of-EU rate once the Austrian address is complete.
    await page
      .locator('.woocommerce-shipping-totals')
      .getByText(/12[.,]90/)
      .waitFor();
    expect(reviews.count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: 'Pay by invoice' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    await page.getByText('Thank you. Your order has been received.').waitFor();
    await shoot(page, 'order-received-390');
    await context.close();
  });

  it('shows a state list for a country with states, required with a star', async () => {
    const { context, page } = await shopper({ lang: 'en' });
    await page
      .getByRole('combobox', { name: 'Country / Region', exact: true })
      .first()
      .selectOption('US');
    const state = page.getByRole('combobox', { name: 'State', exact: true }).first();
    await state.waitFor();
    await state.selectOption('NY');
    expect(await state.getAttribute('aria-required')).toBe('true');
    await field(page, 'ZIP Code').waitFor();
    await context.close();
  });
});

function trackReviews(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/wc-ajax/update_order_review')) seen.push(r);
  });
  return { count: () => seen.length };
}

describe('checkout validation and review refresh', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await shopper({ lang: 'en' }));
  });
  afterAll(async () => {
    await context?.close();
  });

  const row = (label: string) =>
    field(page, label).locator('xpath=ancestor::div[contains(@class,"form-row")][1]');

  it('marks required, email and phone fields on focusout and clears the marks on typing', async () => {
    const first = field(page, 'First name');
    await first.focus();
    await first.blur();
    await expect
      .poll(() => row('First name').getAttribute('class'))
      .toContain('woocommerce-invalid-required-field');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await first.pressSequentially('Jo');
    await expect
      .poll(() => row('First name').getAttribute('class'))
      .not.toContain('woocommerce-invalid');
    await first.blur();
    await expect
      .poll(() => row('First name').getAttribute('class'))
      .toContain('woocommerce-validated');

    const email = field(page, 'Email address');
    await email.fill('not-an-email');
    await email.blur();
    await expect
      .poll(() => row('Email address').getAttribute('class'))
      .toContain('woocommerce-invalid-email');
    await page.getByText('Email address is not a valid email address.').waitFor();

    const phone = field(page, 'Phone (optional)');
    await phone.fill('call me');
    await phone.blur();
    await expect
      .poll(() => row('Phone (optional)').getAttribute('class'))
      .toContain('woocommerce-invalid-phone');
    await phone.fill('+49 (30) 123-456');
    await phone.blur();
    await expect
      .poll(() => row('Phone (optional)').getAttribute('class'))
      .toContain('woocommerce-validated');
  });

  it('opens the coupon form from its link with the focus in the field', async () => {
    const toggle = page.getByRole('button', {
      name: 'Have a coupon? Click here to enter your code',
    });
    expect(await page.getByRole('textbox', { name: 'Coupon code' }).count()).toBe(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('coupon_code');
  });

  it('refreshes the review once, a second after the last keystroke, never on Tab, not with required fields empty', async () => {
    // The page's timers run on a clock the test moves: no waiting on the wall clock.
    await page.clock.install();
    const postcode = field(page, 'Postcode / ZIP');
    const reviews = trackReviews(page);
    // The last name is still empty: typing a postcode asks for nothing.
    await field(page, 'Street address').fill('Main St 1');
    await field(page, 'Town / City').fill('Berlin');
    await postcode.pressSequentially('1011');
    await page.clock.runFor(2000);
    expect(reviews.count()).toBe(0);

    await field(page, 'Last name').fill('Doe');
    await postcode.fill('');
    await postcode.pressSequentially('10115');
    await page.clock.runFor(999);
    expect(reviews.count()).toBe(0);
    const request = page.waitForRequest((r) => r.url().includes('update_order_review'));
    await page.clock.runFor(10);
    await request;
    expect(reviews.count()).toBe(1);

    await postcode.dispatchEvent('keydown', { key: 'Tab', code: 'Tab' });
    await page.clock.runFor(2000);
    expect(reviews.count()).toBe(1);
  });
});
