import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser.ts';
import { fillBillingAddress, openCheckout } from './checkout-setup.ts';

/** The demo e-book: digital content, so the checkout asks the consent of § 356 (5) BGB. */
const EBOOK = 'e-book-kaffee-roesten-zu-hause';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  de: {
    name: 'E-Book: Kaffee rösten zu Hause',
    add: 'In den Warenkorb',
    cart: 'Warenkorb, 1 Artikel',
    payment: 'Vorkasse (Überweisung)',
    terms: /Allgemeinen Geschäftsbedingungen/,
    digital: /Für digitale Inhalte und Dienstleistungen/,
    error:
      'Bitte stimmen Sie zu, dass wir mit der Ausführung vor Ablauf der Widerrufsfrist beginnen.',
    buy: 'Zahlungspflichtig bestellen',
    received: 'Vielen Dank. Ihre Bestellung ist bei uns eingegangen.',
  },
  en: {
    name: 'E-book: Roasting Coffee at Home',
    add: 'Add to cart',
    cart: 'Cart, 1 item',
    payment: 'Direct bank transfer',
    terms: /terms and conditions/,
    digital: /For digital content and services/,
    error: 'Please agree that we begin performing the contract before the withdrawal period ends.',
    buy: 'Buy now',
    received: 'Thank you. Your order has been received.',
  },
} as const;

describe('buying the demo e-book', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`asks the separate consent for digital content, then places the order (${lang})`, async () => {
      const t = TEXTS[lang];
      const { context, page } = await openPage(browser, `/product/${EBOOK}`, { lang });
      await page.getByRole('heading', { level: 1, name: t.name }).waitFor();
      await page.getByRole('button', { name: t.add }).click();
      await page.getByRole('link', { name: t.cart }).first().waitFor();
      await openCheckout(page);
      const digital = page.getByRole('checkbox', { name: t.digital });
      await digital.waitFor();
      expect(await digital.isChecked()).toBe(false);
      // Nothing ships: no shipping choice in the review.
      expect(await page.locator('.woocommerce-shipping-totals').count()).toBe(0);
      await fillBillingAddress(page, lang, { email: 'erika.ebook@example.org' });
      await page.getByRole('radio', { name: t.payment }).check();
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.buy }).click();
      await page.getByRole('alert').getByRole('link', { name: t.error }).waitFor();
      expect(page.url()).toMatch(/\/checkout$/);
      await expectNoAxeViolations(page);

      await digital.check();
      await page.getByRole('button', { name: t.buy }).click();
      await page.waitForURL(/\/checkout\/order-received\/\d+\?key=/);
      await page.getByText(t.received).waitFor();
      await page.getByText(t.name).first().waitFor();
      await context.close();
    });
  }
});
