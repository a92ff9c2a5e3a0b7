import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { STRIPE_CHECKOUT_KEY } from '#app/domain/payments/stripe/saved-methods.server.ts';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';

/** Saved Stripe methods: the account's list and add page, and reuse at the checkout. */
let shop: TestShop;
let browser: Browser;
let stripe: Stripe;
let productId: number;
const SECRET = 'saved-methods-e2e-session-secret-0123456789';
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  shop = await startTestShop({ env: { SESSION_SECRET: SECRET } });
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
  ({ stripe } = sandboxStripe(shop));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: {
    number: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    addTitle: 'Zahlungsmethode hinzufügen',
    added: 'Die Zahlungsmethode wurde hinzugefügt.',
    visa: 'Visa mit Endziffern 4242',
    complete: 'Abschließen',
  },
  en: {
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    addTitle: 'Add payment method',
    added: 'Payment method successfully added.',
    visa: 'Visa ending in 4242',
    complete: 'Complete',
  },
};

async function customerPage(lang: 'de' | 'en', width = 1280) {
  const who = await signedInCustomer(shop.database.db);
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: shop.url,
  });
  await context.addCookies([
    { name: 'lang', value: lang, url: shop.url },
    { name: SESSION_COOKIE, value: who.sessionId, url: shop.url },
  ]);
  return { who, context, page: await context.newPage(), t: TEXT[lang] };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function fillCard(page: Page, scope: string, t: (typeof TEXT)['de'], number: string) {
  const form = page.locator(scope).frameLocator('iframe[title]');
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill('1234');
  await form.getByLabel(t.cvc).fill('123');
}

/** Saves a card for the customer the way the add page does (the page's own endpoint). */
async function savedCard(context: BrowserContext, number: string) {
  const page = await context.newPage();
  await page.goto('/my-account/payment-methods');
  const token = await page.locator('input[name="security"]').first().inputValue();
  await page.close();
  const pm = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  const res = await context.request.post('/wp-admin/admin-ajax.php', {
    form: {
      action: 'create_and_confirm_setup_intent',
      _ajax_nonce: token,
      'wc-stripe-payment-method': pm.id,
      'wc-stripe-payment-type': 'card',
    },
    headers: { origin: shop.url },
  });
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe('succeeded');
  return pm.id;
}

async function stripeCustomerOf(who: SignedIn) {
  const [row] = await shop.database.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, who.customer.id));
  return row?.stripeCustomerId ?? null;
}

describe('adding a payment method', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`saves a card through a setup intent and lists it (${lang}, ${width} px)`, async () => {
      const { context, page, t, who } = await customerPage(lang, width);
      await page.goto('/my-account/payment-methods');
      await page.getByRole('link', { name: t.addTitle }).first().click();
      await page.waitForURL(/\/my-account\/add-payment-method$/);
      await page
        .locator('form.add-payment-method')
        .frameLocator('iframe[title]')
        .getByLabel(t.number)
        .waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `add-payment-method-${lang}-${width}`);
      await fillCard(page, 'form.add-payment-method', t, '4242 4242 4242 4242');
      await page.getByRole('button', { name: t.addTitle }).click();
      await page.waitForURL(/\/my-account\/payment-methods\?notice=added$/);
      await page.getByText(t.added).waitFor();
      await page.getByRole('rowheader', { name: new RegExp(t.visa) }).waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `payment-methods-${lang}-${width}`);
      const [method] = (await stripe.customers.listPaymentMethods((await stripeCustomerOf(who))!))
        .data;
      expect(method?.card?.last4).toBe('4242');
      await context.close();
    });
  }

  it('takes a card that needs 3-D Secure through the bank’s page and back', async () => {
    const { context, page, t } = await customerPage('en');
    await page.goto('/my-account/add-payment-method');
    await fillCard(page, 'form.add-payment-method', t, '4000 0025 0000 3155');
    await page.getByRole('button', { name: t.addTitle }).click();
    await page.waitForURL(/\/__sandbox\/stripe\/three_d_secure\/seti_/);
    await page.getByRole('button', { name: t.complete }).click();
    await page.waitForURL(/\/my-account\/payment-methods\?notice=added$/);
    await page.getByText(t.added).waitFor();
    await page.getByRole('rowheader', { name: /Visa ending in 3155/ }).waitFor();
    await context.close();
  });

  it('shows a declined card’s error and stays on the page', async () => {
    const { context, page, t } = await customerPage('en');
    await page.goto('/my-account/add-payment-method');
    await fillCard(page, 'form.add-payment-method', t, '4000 0000 0000 0002');
    await page.getByRole('button', { name: t.addTitle }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(/\/my-account\/add-payment-method$/);
    await context.close();
  });
});

describe('the list of payment methods', () => {
  it('makes a method the default and deletes one after asking, all without scripts', async () => {
    const who = await signedInCustomer(shop.database.db);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: shop.url,
      javaScriptEnabled: false,
    });
    await context.addCookies([
      { name: 'lang', value: 'en', url: shop.url },
      { name: SESSION_COOKIE, value: who.sessionId, url: shop.url },
    ]);
    const visa = await savedCard(context, '4242424242424242');
    const master = await savedCard(context, '5555555555554444');
    const page = await context.newPage();
    await page.goto('/my-account/payment-methods');
    await page.getByRole('link', { name: 'Payment methods' }).first().waitFor();
    await page.getByRole('button', { name: /^Make default\W+Mastercard ending in 4444$/ }).click();
    await page.getByText('This payment method was successfully set as your default.').waitFor();
    const first = page.getByRole('row').nth(1);
    expect(await first.getByRole('rowheader').textContent()).toMatch(
      /Mastercard ending in 4444.*Default/,
    );

    await page.getByRole('button', { name: /^Delete\W+Visa ending in 4242$/ }).click();
    await page.getByRole('heading', { name: 'Delete this payment method?' }).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /^Delete\W+Visa ending in 4242$/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Payment method deleted.').waitFor();
    expect(await page.getByRole('rowheader', { name: /Visa ending in 4242/ }).count()).toBe(0);
    expect((await stripe.paymentMethods.retrieve(visa)).customer).toBeNull();
    await context.close();

    // The confirmation as a browser with scripts shows it: no accessibility problems.
    const scripted = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      baseURL: shop.url,
    });
    await scripted.addCookies([
      { name: 'lang', value: 'en', url: shop.url },
      { name: SESSION_COOKIE, value: who.sessionId, url: shop.url },
    ]);
    const confirm = await scripted.newPage();
    await confirm.goto(`/my-account/payment-methods?delete=${master}`);
    await confirm.getByRole('heading', { name: 'Delete this payment method?' }).waitFor();
    await expectNoAxeViolations(confirm);
    await shot(confirm, 'payment-methods-delete-en-1280');
    await scripted.close();
  }, 120_000);
});

describe('saved methods at the checkout', () => {
  async function toCheckout(page: Page) {
    const start = await page.request.get('/wc/store/v1/cart');
    const added = await page.request.post('/wc/store/v1/cart/add-item', {
      data: { id: productId, quantity: 1 },
      headers: { nonce: start.headers()['nonce']! },
    });
    expect(added.status()).toBe(201);
    await page.goto('/checkout');
    await waitForHydration(page);
    const fields: [string, string][] = [
      ['Vorname', 'Erika'],
      ['Nachname', 'Mustermann'],
      ['Straße und Hausnummer', 'Hauptstraße 5'],
      ['Postleitzahl', '04109'],
      ['Ort / Stadt', 'Leipzig'],
      ['E-Mail-Adresse', 'erika@example.org'],
    ];
    for (const [name, value] of fields) {
      const box = page.getByRole('textbox', { name, exact: true }).first();
      if ((await box.inputValue()) === '') await box.fill(value);
    }
    await page.getByRole('radio', { name: 'Kredit- oder Debitkarte' }).check();
  }

  async function place(page: Page) {
    await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
    const id = Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  it('a returning customer pays with the saved card, chosen by default', async () => {
    const { context, page, who } = await customerPage('de');
    const pm = await savedCard(context, '4242424242424242');
    await toCheckout(page);
    const saved = page.getByRole('radio', { name: /Visa mit Endziffern 4242/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    expect(await page.locator('.stripe-payment iframe').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.locator('.stripe-saved-methods').scrollIntoViewIfNeeded();
    await shot(page, 'checkout-saved-method-de-1280');
    const order = await place(page);
    expect(order.status).toBe('processing');
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!);
    expect(intent).toMatchObject({
      status: 'succeeded',
      payment_method: pm,
      customer: await stripeCustomerOf(who),
    });
    await context.close();
  });

  it('a customer keeps a new card by ticking the save box; a guest is not offered it', async () => {
    const { context, page, who } = await customerPage('de');
    await toCheckout(page);
    const save = page.getByRole('checkbox', {
      name: 'Zahlungsinformationen für künftige Käufe in meinem Kundenkonto speichern.',
    });
    await save.check();
    await fillCard(page, '.stripe-payment', TEXT.de, '4242 4242 4242 4242');
    const order = await place(page);
    expect(order.status).toBe('processing');
    const listed = await stripe.customers.listPaymentMethods((await stripeCustomerOf(who))!);
    expect(listed.data.map((m) => m.card?.last4)).toEqual(['4242']);
    await context.close();

    const guest = await browser.newContext({ baseURL: shop.url });
    await guest.addCookies([{ name: 'lang', value: 'de', url: shop.url }]);
    const guestPage = await guest.newPage();
    await toCheckout(guestPage);
    await guestPage.locator('.stripe-payment iframe').waitFor();
    expect(await guestPage.getByRole('checkbox', { name: /Zahlungsinformationen/ }).count()).toBe(
      0,
    );
    await guest.close();
  });

  it('in the one-click layout ticking the save box remounts the card form; otherwise it stays', async () => {
    const saveName = 'Zahlungsinformationen für künftige Käufe in meinem Kundenkonto speichern.';
    try {
      for (const oneClick of [true, false]) {
        await putSetting(shop.database.db, STRIPE_CHECKOUT_KEY, { oneClick, layout: 'accordion' });
        const { context, page } = await customerPage('de');
        await savedCard(context, '5555555555554444');
        await toCheckout(page);
        const useNew = page.getByRole('radio', { name: 'Neue Zahlungsmethode verwenden' });
        await useNew.check();
        const number = page
          .locator('.stripe-payment')
          .frameLocator('iframe[title]')
          .getByLabel(TEXT.de.number);
        await number.fill('4242 4242 4242 4242');
        await page.getByRole('checkbox', { name: saveName }).check();
        if (oneClick) await expect.poll(() => number.inputValue()).toBe('');
        else expect(await number.inputValue()).toMatch(/4242/);
        // The choice of a new method survives the remount.
        expect(await useNew.isChecked()).toBe(true);
        await context.close();
      }
    } finally {
      await putSetting(shop.database.db, STRIPE_CHECKOUT_KEY, {
        oneClick: false,
        layout: 'accordion',
      });
    }
  }, 120_000);
});
