import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForHydration } from './browser.ts';

/**
 * What the checkout browser tests share: a shopper with a filled cart on the checkout page,
 * the billing address fields by their labels, and placing the order.
 */

export type Lang = 'de' | 'en';
export type AddressKey = 'first_name' | 'last_name' | 'address_1' | 'postcode' | 'city' | 'email';

/** The billing fields' visible labels (their accessible names) per language. */
export const ADDRESS_LABELS: Record<Lang, Record<AddressKey | 'country', string>> = {
  de: {
    country: 'Land / Region',
    first_name: 'Vorname',
    last_name: 'Nachname',
    address_1: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort / Stadt',
    email: 'E-Mail-Adresse',
  },
  en: {
    country: 'Country / Region',
    first_name: 'First name',
    last_name: 'Last name',
    address_1: 'Street address',
    postcode: 'Postcode / ZIP',
    city: 'Town / City',
    email: 'Email address',
  },
};

/** The texts of placing an order with bank transfer. */
export const PLACE_TEXTS = {
  de: {
    bankTransfer: 'Vorkasse (Überweisung)',
    terms: /Allgemeinen Geschäftsbedingungen/,
    buy: 'Zahlungspflichtig bestellen',
    received: 'Vielen Dank. Ihre Bestellung ist bei uns eingegangen.',
  },
  en: {
    bankTransfer: 'Direct bank transfer',
    terms: /terms and conditions/i,
    buy: 'Buy now',
    received: 'Thank you. Your order has been received.',
  },
} as const;

/** A German address in Leipzig; tests override what they need. */
export const LEIPZIG: Record<AddressKey, string> = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_1: 'Hauptstraße 5',
  postcode: '04109',
  city: 'Leipzig',
  email: 'erika@example.org',
};

export type ShopperOptions = {
  /** The shop's address: a test shop's own, or the suite's shared one. */
  baseURL: string;
  lang?: Lang;
  javaScript?: boolean;
  width?: number;
  /** More cookies for the context (consent, ...). */
  cookies?: Record<string, string>;
  /** The cart's lines, added through the Store API before the checkout opens. */
  items: { id: number; quantity?: number }[];
  /** Opens the checkout page (and waits for hydration with JavaScript); default true. */
  open?: boolean;
};

/** A fresh context whose cart holds `items`, on the checkout page. */
export async function shopperAtCheckout(
  browser: Browser,
  options: ShopperOptions,
): Promise<{ context: BrowserContext; page: Page; nonce: string }> {
  const javaScript = options.javaScript ?? true;
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: options.baseURL,
  });
  const cookies = { ...(options.lang ? { lang: options.lang } : {}), ...options.cookies };
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({ name, value, url: options.baseURL })),
  );
  const page = await context.newPage();
  const nonce = await fillCart(page, options.items);
  if (options.open !== false) await openCheckout(page, javaScript);
  return { context, page, nonce };
}

/** Adds `items` to the page's session cart through the Store API; returns the nonce used. */
export async function fillCart(
  page: Page,
  items: { id: number; quantity?: number }[],
): Promise<string> {
  const nonce = (await page.request.get('/wc/store/v1/cart')).headers()['nonce']!;
  for (const { id, quantity = 1 } of items) {
    const added = await page.request.post('/wc/store/v1/cart/add-item', {
      data: { id, quantity },
      headers: { nonce },
    });
    expect(added.status()).toBe(201);
  }
  return nonce;
}

/** Opens the checkout page, hydrated when it runs scripts. */
export async function openCheckout(page: Page, javaScript = true): Promise<void> {
  await page.goto('/checkout');
  if (javaScript) await waitForHydration(page);
}

/** A text field of the billing address (the first of its name on the page), by its label. */
export function addressField(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true }).first();
}

/** Fills billing fields by key: `LEIPZIG` with `overrides`, or only `overrides` when `only`. */
export async function fillBillingAddress(
  page: Page,
  lang: Lang,
  overrides: Partial<Record<AddressKey, string>> = {},
  options: { country?: string; only?: boolean } = {},
): Promise<void> {
  const labels = ADDRESS_LABELS[lang];
  if (options.country) {
    await page
      .getByRole('combobox', { name: labels.country, exact: true })
      .first()
      .selectOption(options.country);
  }
  const values = options.only ? overrides : { ...LEIPZIG, ...overrides };
  for (const [key, value] of Object.entries(values)) {
    await addressField(page, labels[key as AddressKey]).fill(value);
  }
}

/** Ticks the terms, presses the order button and waits for the order-received page. */
export async function placeOrder(
  page: Page,
  lang: Lang,
  options: { payment?: string | null; buy?: string } = {},
): Promise<number> {
  const t = PLACE_TEXTS[lang];
  const payment = options.payment === undefined ? t.bankTransfer : options.payment;
  if (payment) await page.getByRole('radio', { name: payment }).check();
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: options.buy ?? t.buy }).click();
  await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
  return orderIdFromUrl(page);
}

/** The order id of the order-received page the browser is on. */
export function orderIdFromUrl(page: Page): number {
  return Number(/order-received\/(\d+)/.exec(page.url())![1]);
}
