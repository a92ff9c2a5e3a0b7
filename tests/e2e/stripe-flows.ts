import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { PAYMENT_SETTINGS_KEY } from '#app/domain/payments/payments.ts';
import { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { DEMO_PAYMENT_SETTINGS, seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { launchBrowser, waitForHydration } from './browser.ts';

/**
 * The Stripe flows' browser tests share this: a shop of their own (its database says how an
 * order ended and can make one wait for payment), the checkout filled in as a shopper would,
 * the sandbox's card form and its control calls.
 */
export type Lang = 'de' | 'en';

export const TEXT = {
  de: {
    first_name: 'Vorname',
    last_name: 'Nachname',
    address_1: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort / Stadt',
    email: 'E-Mail-Adresse',
    country: 'Land / Region',
    card: 'Kredit- oder Debitkarte',
    sepa: 'SEPA-Lastschrift',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    terms: /Allgemeinen Geschäftsbedingungen/,
    place: 'Zahlungspflichtig bestellen',
    pay: 'Zahlungspflichtig bestellen',
    thanks: 'Vielen Dank. Ihre Bestellung ist bei uns eingegangen.',
    dialog: 'Zahlung bestätigen',
    complete: 'Abschließen',
    fail: 'Fehlschlagen lassen',
  },
  en: {
    first_name: 'First name',
    last_name: 'Last name',
    address_1: 'Street address',
    postcode: 'Postcode / ZIP',
    city: 'Town / City',
    email: 'Email address',
    country: 'Country / Region',
    card: 'Credit / Debit Card',
    sepa: 'SEPA Direct Debit',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    terms: /terms and conditions/i,
    place: 'Buy now',
    pay: 'Buy now',
    thanks: 'Thank you. Your order has been received.',
    dialog: 'Confirm payment',
    complete: 'Complete',
    fail: 'Fail',
  },
};
export type Texts = (typeof TEXT)[Lang];

export type FlowShop = {
  shop: TestShop;
  browser: Browser;
  productId: number;
  close(): Promise<void>;
};

/** The shop with the demo payments plus the given Stripe gateways, and one product in stock. */
export async function startFlowShop(extraGateways: string[] = []): Promise<FlowShop> {
  const [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  if (extraGateways.length) {
    await putSetting(db, PAYMENT_SETTINGS_KEY, {
      ...DEMO_PAYMENT_SETTINGS,
      enabled: [...DEMO_PAYMENT_SETTINGS.enabled, ...extraGateways],
    });
  }
  const { product } = await createProduct(db, {
    name: { de: 'Bienenwachskerze', en: 'Beeswax candle' },
    regularPrice: 1290,
    manageStock: true,
    stockQuantity: 5000,
  });
  return {
    shop,
    browser,
    productId: product.id,
    close: async () => {
      await browser.close();
      await shop.close();
    },
  };
}

/** A postcode of the right shape for the billing countries the tests use. */
const POSTCODES: Record<string, string> = {
  NL: '1012 AB',
  PL: '00-001',
  PT: '1000-001',
  US: '10001',
};

export type Shopper = { context: BrowserContext; page: Page; t: Texts };

/** A fresh session with the product in the cart, on the checkout with the billing address in. */
export async function shopper(
  flow: FlowShop,
  lang: Lang,
  options: {
    width?: number;
    country?: string;
    quantity?: number;
    /** URL patterns the browser cannot load (as a blocker or a broken network would). */
    blocked?: string[];
  } = {},
): Promise<Shopper> {
  const { shop } = flow;
  const context = await flow.browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  for (const pattern of options.blocked ?? []) {
    await context.route(pattern, (route) => route.abort('blockedbyclient'));
  }
  await context.addCookies([
    { name: 'lang', value: lang, url: shop.url },
    { name: 'cookie_consent', value: 'refuse', url: shop.url },
  ]);
  const page = await context.newPage();
  const start = await page.request.get('/wc/store/v1/cart');
  const added = await page.request.post('/wc/store/v1/cart/add-item', {
    data: { id: flow.productId, quantity: options.quantity ?? 1 },
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
      .getByRole('textbox', { name: t[key as keyof Texts] as string, exact: true })
      .first()
      .fill(value);
  }
  if (options.country) {
    await chooseCountry(page, t, options.country);
    const postcode = POSTCODES[options.country];
    if (postcode) {
      // The label follows the country (Postcode / ZIP, ZIP Code, …).
      await page
        .getByRole('textbox', { name: /postcode|zip|postleitzahl/i })
        .first()
        .fill(postcode);
    }
    // A country with states asks for one before the order review follows the address.
    if (options.country === 'US') {
      await page.getByRole('combobox', { name: /state/i }).first().selectOption('NY');
    }
  }
  return { context, page, t };
}

/** Changes the billing country; the order review then offers that country's methods. */
export async function chooseCountry(page: Page, t: Texts, country: string) {
  await page.getByRole('combobox', { name: t.country }).first().selectOption(country);
}

/** The sandbox's Payment Element: its own iframe, so the shop page never sees card data. */
export function paymentForm(page: Page): FrameLocator {
  return page.locator('.stripe-payment').frameLocator('iframe[title]');
}

export async function fillCard(page: Page, t: Texts, number: string) {
  const form = paymentForm(page);
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill('1234');
  await form.getByLabel(t.cvc).fill('123');
}

export async function place(page: Page, t: Texts) {
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.place }).click();
}

export async function payByCard(flow: FlowShop, lang: Lang, number: string): Promise<Shopper> {
  const s = await shopper(flow, lang);
  await s.page.getByRole('radio', { name: s.t.card }).check();
  await fillCard(s.page, s.t, number);
  await place(s.page, s.t);
  return s;
}

/** The next-action dialog the sandbox's Stripe.js opens over the page. */
export function actionDialog(page: Page, t: Texts) {
  const dialog = page.getByRole('dialog', { name: t.dialog });
  return { dialog, content: dialog.frameLocator('iframe') };
}

/** The page's notices area (the checkout's and order-pay's list above the form). */
export function notices(page: Page) {
  return page.locator('.notices').first();
}

export const RECEIVED = /\/checkout\/order-received\/\d+\?key=wc_order_/;

export async function orderRow(flow: FlowShop, id: number) {
  const [row] = await flow.shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function orderFromUrl(flow: FlowShop, page: Page) {
  const id = Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
  return orderRow(flow, id);
}

/** The newest order of the shop (a failed payment leaves the shopper on the checkout). */
export async function lastOrder(flow: FlowShop) {
  const rows = await flow.shop.database.db.select().from(orders);
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

/** The sandbox's test tooling (advance delayed payments, webhook options). */
export async function control(flow: FlowShop, action: string, form: Record<string, string> = {}) {
  const response = await fetch(`${flow.shop.url}/__sandbox/stripe/control/${action}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${sandboxKeys(flow.shop.env).secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}
