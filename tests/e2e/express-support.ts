import { desc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import {
  DEFAULT_EXPRESS_SETTINGS,
  EXPRESS_SETTINGS_KEY,
  type ExpressSettings,
} from '#app/domain/payments/stripe/express-settings.server.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { launchBrowser, waitForHydration } from './browser.ts';

/** One built shop and browser per test file; each test makes its own products and session. */
export async function startExpressShop(): Promise<{ shop: TestShop; browser: Browser }> {
  const shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  await seedDemoCheckout(shop.database.db);
  return { shop, browser: await launchBrowser() };
}

export const TEXT = {
  en: {
    region: 'Express checkout',
    consent: /terms and conditions/,
    consentError: 'Please read and accept the terms and conditions to proceed with your order.',
    googlePay: 'Buy with Google Pay',
    applePay: 'Buy with Apple Pay',
    sheet: (wallet: string) => `${wallet} (test mode)`,
    country: 'Country',
    useAddress: 'Use this address',
    pay: /^Pay /,
    cancel: 'Cancel',
    thanks: 'Thank you. Your order has been received.',
    addToCart: 'Add to cart',
    quantity: 'Quantity',
    card: 'Card',
    card3ds: 'Visa •••• 3155 (with 3-D Secure)',
    authDialog: 'Confirm payment',
    authComplete: 'Complete',
    authFail: 'Fail',
    authFailed:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    digital: /For digital content and services/,
    digitalError:
      'Please agree that we begin performing the contract before the withdrawal period ends.',
  },
  de: {
    region: 'Express-Kasse',
    consent: /Allgemeinen Geschäftsbedingungen|AGB/,
    consentError:
      'Bitte lesen und akzeptieren Sie die AGB und die Widerrufsbelehrung, um Ihre Bestellung abzuschließen.',
    googlePay: 'Kaufen mit Google Pay',
    applePay: 'Kaufen mit Apple Pay',
    sheet: (wallet: string) => `${wallet} (Testmodus)`,
    country: 'Land',
    useAddress: 'Adresse übernehmen',
    pay: / bezahlen$/,
    cancel: 'Abbrechen',
    thanks: 'Vielen Dank. Ihre Bestellung ist bei uns eingegangen.',
    addToCart: 'In den Warenkorb',
    quantity: 'Menge',
    card: 'Karte',
    card3ds: 'Visa •••• 3155 (mit 3-D Secure)',
    authDialog: 'Zahlung bestätigen',
    authComplete: 'Abschließen',
    authFail: 'Fehlschlagen lassen',
    authFailed:
      'Ihre Zahlungsart konnte nicht authentifiziert werden. Bitte wählen Sie eine andere Zahlungsart und versuchen Sie es erneut.',
    digital: /Für digitale Inhalte und Dienstleistungen/,
    digitalError:
      'Bitte stimmen Sie zu, dass wir mit der Ausführung vor Ablauf der Widerrufsfrist beginnen.',
  },
};
export type Lang = keyof typeof TEXT;

export async function setExpressSettings(shop: TestShop, settings: Partial<ExpressSettings>) {
  await putSetting(shop.database.db, EXPRESS_SETTINGS_KEY, {
    ...DEFAULT_EXPRESS_SETTINGS,
    ...settings,
  });
}

export async function simpleProduct(shop: TestShop, price = 1290, name = 'Bienenwachskerze') {
  return (
    await createProduct(shop.database.db, {
      name: { de: name, en: `${name} (en)` },
      regularPrice: price,
      manageStock: true,
      stockQuantity: 50,
    })
  ).product;
}

export async function shopper(shop: TestShop, browser: Browser, lang: Lang, width = 1280) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: shop.url,
  });
  await context.addCookies([
    { name: 'lang', value: lang, url: shop.url },
    { name: 'cookie_consent', value: 'refuse', url: shop.url },
  ]);
  const page = await context.newPage();
  return { context, page, t: TEXT[lang] };
}

/** Puts a product in this page's session cart through the Store API. */
export async function addToCart(page: Page, productId: number, quantity = 1) {
  const start = await page.request.get('/wc/store/v1/cart');
  const added = await page.request.post('/wc/store/v1/cart/add-item', {
    data: { id: productId, quantity },
    headers: { nonce: start.headers()['nonce']! },
  });
  expect(added.status()).toBe(201);
}

export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

export function express(page: Page, t: (typeof TEXT)[Lang]): Locator {
  return page.getByRole('region', { name: t.region, exact: true });
}

export function sheet(page: Page, t: (typeof TEXT)[Lang], wallet = 'Google Pay'): Locator {
  return page.getByRole('dialog', { name: t.sheet(wallet) });
}

/** Ticks the consent and opens the wallet's sheet. */
export async function openSheet(page: Page, t: (typeof TEXT)[Lang], wallet = 'Google Pay') {
  const area = express(page, t);
  // The express area's own box, or on checkout and order-pay the form's one terms box.
  await page.getByRole('checkbox', { name: t.consent }).check();
  await area
    .getByRole('button', { name: wallet === 'Google Pay' ? t.googlePay : t.applePay })
    .click();
  const dialog = sheet(page, t, wallet);
  await dialog.waitFor();
  return dialog;
}

/** The amount the sheet shows as its total, in minor units. */
export async function sheetTotal(dialog: Locator): Promise<number> {
  return Number(await dialog.locator('[data-sheet-total]').getAttribute('data-sheet-total'));
}

/** Pays in the sheet; resolves with the total it showed, once the order-received page loaded. */
export async function payAndFinish(page: Page, dialog: Locator, t: (typeof TEXT)[Lang]) {
  const pay = dialog.getByRole('button', { name: t.pay });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  const shown = await sheetTotal(dialog);
  await pay.click();
  await page.waitForURL(/\/checkout\/order-received\/\d+/);
  await page.getByText(t.thanks).first().waitFor();
  const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
  return { shown, orderId };
}

export async function orderTotal(shop: TestShop, orderId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.total;
}

/** The sandbox's 3-D Secure challenge (a dialog with the bank's page in a frame). */
export function challenge(page: Page, t: (typeof TEXT)[Lang]) {
  const dialog = page.getByRole('dialog', { name: t.authDialog });
  return { dialog, content: dialog.frameLocator('iframe') };
}

/** The newest order's id and status. */
export async function lastOrder(shop: TestShop) {
  const [row] = await shop.database.db
    .select({ id: orders.id, status: orders.status, total: orders.total })
    .from(orders)
    .orderBy(desc(orders.id))
    .limit(1);
  return row ?? null;
}
