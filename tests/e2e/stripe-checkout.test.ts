import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** Paying with Stripe's methods on the checkout and order-pay pages, against the sandbox. */
let shop: TestShop;
let browser: Browser;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  productId = (
    await createProduct(db, {
      name: { de: 'Bienenwachskerze', en: 'Beeswax candle' },
      regularPrice: 1290,
      manageStock: true,
      stockQuantity: 500,
    })
  ).product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: {
    first_name: 'Vorname',
    last_name: 'Nachname',
    address_1: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort / Stadt',
    email: 'E-Mail-Adresse',
    card: 'Kredit- oder Debitkarte',
    sepa: 'SEPA-Lastschrift',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    terms: /Allgemeinen Geschäftsbedingungen/,
    place: 'Zahlungspflichtig bestellen',
    thanks: 'Vielen Dank. Ihre Bestellung ist bei uns eingegangen.',
  },
  en: {
    first_name: 'First name',
    last_name: 'Last name',
    address_1: 'Street address',
    postcode: 'Postcode / ZIP',
    city: 'Town / City',
    email: 'Email address',
    card: 'Credit / Debit Card',
    sepa: 'SEPA Direct Debit',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    terms: /terms and conditions/i,
    place: 'Buy now',
    thanks: 'Thank you. Your order has been received.',
  },
};

async function shopper(lang: 'de' | 'en') {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: shop.url,
  });
  await context.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
  const page = await context.newPage();
  const start = await page.request.get('/wc/store/v1/cart');
  const added = await page.request.post('/wc/store/v1/cart/add-item', {
    data: { id: productId, quantity: 1 },
    headers: { nonce: start.headers()['nonce']! },
  });
  expect(added.status()).toBe(201);
  await page.goto('/checkout');
  await waitForHydration(page);
  const t = TEXT[lang];
  const values: Record<string, string> = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    address_1: 'Hauptstraße 5',
    postcode: '04109',
    city: 'Leipzig',
    email: 'erika@example.org',
  };
  for (const [key, value] of Object.entries(values)) {
    await page
      .getByRole('textbox', { name: t[key as keyof typeof t] as string, exact: true })
      .first()
      .fill(value);
  }
  return { context, page, t };
}

function cardForm(page: Page) {
  return page.locator('.stripe-payment').frameLocator('iframe[title]');
}

async function fillCard(page: Page, t: (typeof TEXT)['de'], number: string) {
  const form = cardForm(page);
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill('1234');
  await form.getByLabel(t.cvc).fill('123');
}

async function place(page: Page, t: (typeof TEXT)['de']) {
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.place }).click();
}

async function orderFromUrl(page: Page) {
  const id = Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('card payments on the checkout page', () => {
  it('card 4242 in German: the order is paid and the page has no accessibility problems', async () => {
    const { context, page, t } = await shopper('de');
    await page.getByRole('radio', { name: t.card }).check();
    await cardForm(page).getByLabel(t.number).waitFor();
    await expectNoAxeViolations(page);
    await fillCard(page, t, '4242 4242 4242 4242');
    await place(page, t);
    await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
    await page.getByText(t.thanks).waitFor();
    expect((await orderFromUrl(page)).status).toBe('processing');
    await context.close();
  });
});
