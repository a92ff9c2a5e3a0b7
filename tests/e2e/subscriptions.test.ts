import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { MANUAL_RENEWAL_KEY } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import { renewDueSubscriptions } from '#app/domain/subscriptions/subscriptions.server.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { formatDate } from '#app/lib/i18n.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';
import { type Lang, fillBillingAddress } from './checkout-setup.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';

/** Subscriptions in the browser: buying one, a free trial in setup mode, changing its card. */
let shop: TestShop;
let browser: Browser;
let stripe: Stripe;
let coffee: { id: number; slug: string };
let course: { id: number; slug: string };
const SECRET = 'subscriptions-e2e-session-secret-0123456789';
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  shop = await startTestShop({ env: { SESSION_SECRET: SECRET, JOBS: 'off' } });
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  await putSetting(db, ACCOUNT_SETTINGS_KEY, { doubleOptIn: false, stopCheckout: false });
  const made = await createProduct(db, {
    name: { de: 'Kaffee-Abo Röstfrisch', en: 'Fresh Roast Coffee Subscription' },
    regularPrice: 990,
    subscription: { period: 'month', interval: 1, trialDays: 0, signUpFee: 490, length: null },
  });
  coffee = { id: made.product.id, slug: made.product.slug! };
  const trial = await createProduct(db, {
    name: { de: 'Barista-Akademie', en: 'Barista Academy' },
    regularPrice: 690,
    digital: true,
    subscription: { period: 'month', interval: 1, trialDays: 14, signUpFee: 0, length: null },
  });
  course = { id: trial.product.id, slug: trial.product.slug! };
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
    card: 'Kredit- oder Debitkarte',
    terms: /Allgemeinen Geschäftsbedingungen/,
    digital: /Für digitale Inhalte und Dienstleistungen/,
    buy: 'Zahlungspflichtig bestellen',
    save: 'Zahlungsinformationen für künftige Käufe in meinem Kundenkonto speichern.',
    createAccount: 'Ein Kundenkonto anlegen?',
    password: 'Passwort für das Kundenkonto',
    complete: 'Abschließen',
    useNew: 'Neue Zahlungsmethode verwenden',
  },
  en: {
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    card: 'Credit or debit card',
    terms: /terms and conditions/i,
    digital: /For digital content and services/,
    buy: 'Buy now',
    save: 'Save payment information to my account for future purchases.',
    createAccount: 'Create an account?',
    password: 'Create account password',
    complete: 'Complete',
    useNew: 'Use a new payment method',
  },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function fillCard(page: Page, scope: string, lang: Lang, number: string) {
  const t = TEXT[lang];
  const form = page.locator(scope).frameLocator('iframe[title]');
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill('1234');
  await form.getByLabel(t.cvc).fill('123');
}

async function newContext(lang: Lang, width = 1280, sessionId?: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: shop.url });
  await context.addCookies([
    { name: 'lang', value: lang, url: shop.url },
    ...(sessionId ? [{ name: SESSION_COOKIE, value: sessionId, url: shop.url }] : []),
  ]);
  return context;
}

async function orderFromPage(page: Page) {
  await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
  const id = Number(/order-received\/(\d+)/.exec(page.url())?.[1]);
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('buying a subscription', () => {
  it('a new customer buys the coffee subscription with a card and an account (de)', async () => {
    const t = TEXT.de;
    const context = await newContext('de');
    const page = await context.newPage();
    await page.goto(`/product/${coffee.slug}`);
    await waitForHydration(page);
    await page.getByText(/9,90\s€ \/ Monat/).waitFor();
    await page.getByText(/einmalige Anmeldegebühr 4,90\s€/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();
    await page.goto('/checkout');
    await waitForHydration(page);
    // What is due today (price and fee plus shipping) and what recurs.
    await page.getByRole('rowheader', { name: 'Heute fällig' }).waitFor();
    await page
      .getByText(/Kaffee-Abo Röstfrisch: 9,90\s€ \/ Monat/)
      .first()
      .waitFor();
    await page.getByText(/Mit Ihrer Bestellung schließen Sie ein Abonnement ab/).waitFor();
    const email = `abo-${randomBytes(4).toString('hex')}@example.org`;
    await fillBillingAddress(page, 'de', { email });
    await page.getByRole('checkbox', { name: t.createAccount }).check();
    await page.getByLabel(t.password).first().fill('Kaffee-am-Morgen-2026!');
    await page.getByRole('radio', { name: t.card }).check();
    // Renewals need the card: the save box is ticked and cannot be unticked.
    const save = page.getByRole('checkbox', { name: t.save });
    await save.waitFor();
    expect(await save.isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await fillCard(page, '.stripe-payment', 'de', '4242 4242 4242 4242');
    await expectNoAxeViolations(page);
    await shot(page, 'checkout-subscription-de-1280');
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.buy }).click();
    const order = await orderFromPage(page);
    expect(order.status).toBe('processing');
    expect(order.itemsTotal).toBe(990 + 490);
    const [account] = await shop.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email));
    const [sub] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.parentOrderId, order.id));
    expect(sub).toMatchObject({ status: 'active', customerId: account!.id, unitPrice: 990 });
    expect((await stripe.paymentMethods.retrieve(sub!.stripePaymentMethodId!)).card?.last4).toBe(
      '4242',
    );
    // Logged in with the new account: the subscription is in the account.
    await page.goto('/my-account/subscriptions');
    await page.getByRole('rowheader', { name: new RegExp(`#${sub!.id} Kaffee-Abo`) }).waitFor();
    await context.close();
  }, 120_000);

  it('a customer starts a free trial: the card is set up, nothing is charged (en)', async () => {
    const t = TEXT.en;
    const who = await signedInCustomer(shop.database.db);
    const context = await newContext('en', 390, who.sessionId);
    const page = await context.newPage();
    await page.goto(`/product/${course.slug}`);
    await waitForHydration(page);
    await page.getByText('14-day free trial').waitFor();
    await page.getByText(/€6\.90 \/ month/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).first().waitFor();
    await page.goto('/checkout');
    await waitForHydration(page);
    await fillBillingAddress(page, 'en', { email: who.customer.email });
    // Only methods that can be kept for renewals are offered; the card may be the only one.
    const cardChoice = page.getByRole('radio', { name: t.card });
    if ((await cardChoice.count()) > 0) await cardChoice.check();
    await fillCard(page, '.stripe-payment', 'en', '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: t.digital }).check();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await expectNoAxeViolations(page);
    await shot(page, 'checkout-free-trial-en-390');
    await page.getByRole('button', { name: t.buy }).click();
    const order = await orderFromPage(page);
    expect(order).toMatchObject({ status: 'processing', total: 0, paymentIntentId: null });
    const setup = await stripe.setupIntents.retrieve(order.setupIntentId!);
    expect(setup).toMatchObject({ status: 'succeeded', usage: 'off_session' });
    const [sub] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.parentOrderId, order.id));
    expect(sub).toMatchObject({ status: 'active', paidCount: 0 });
    expect(sub!.nextPaymentAt!.getTime()).toBe(sub!.trialEndAt!.getTime());
    await context.close();
  }, 120_000);
});

describe('the account’s subscriptions', () => {
  /** A customer with a coffee subscription bought through the checkout's own endpoint. */
  async function subscriber(lang: Lang, width: number) {
    const who = await signedInCustomer(shop.database.db);
    const context = await newContext(lang, width, who.sessionId);
    const page = await context.newPage();
    await page.goto('/my-account/payment-methods');
    const token = await page.locator('input[name="security"]').first().inputValue();
    const cart = await page.request.get('/wc/store/v1/cart');
    const added = await page.request.post('/wc/store/v1/cart/add-item', {
      data: { id: coffee.id, quantity: 1 },
      headers: { nonce: cart.headers()['nonce']! },
    });
    expect(added.status()).toBe(201);
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    const placed = await page.request.post('/wc-ajax/checkout', {
      headers: { origin: shop.url },
      form: {
        security: token,
        billing_first_name: 'Erika',
        billing_last_name: 'Mustermann',
        billing_country: 'DE',
        billing_address_1: 'Hauptstraße 5',
        billing_postcode: '04109',
        billing_city: 'Leipzig',
        billing_email: who.customer.email,
        payment_method: 'stripe',
        'wc-stripe-payment-method': pm.id,
        'wc-stripe-is-deferred-intent': 'true',
        terms: '1',
      },
    });
    expect(((await placed.json()) as { result: string }).result).toBe('success');
    const [sub] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, who.customer.id));
    return { who, context, page, sub: sub! };
  }

  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`lists and shows the subscription, then cancels it (${lang}, ${width} px)`, async () => {
      const { context, page, sub } = await subscriber(lang, width);
      const nav = lang === 'de' ? 'Abonnements' : 'Subscriptions';
      await page.goto('/my-account');
      await page.getByRole('link', { name: nav, exact: true }).first().click();
      await page.waitForURL(/\/my-account\/subscriptions$/);
      await expectNoAxeViolations(page);
      await shot(page, `subscriptions-${lang}-${width}`);
      const view = lang === 'de' ? `Abonnement #${sub.id} ansehen` : `View subscription #${sub.id}`;
      await page.getByRole('link', { name: view }).click();
      await page.waitForURL(new RegExp(`/my-account/view-subscription/${sub.id}$`));
      await page.getByText('Visa •••• 4242').waitFor();
      await expectNoAxeViolations(page);
      await shot(page, `view-subscription-${lang}-${width}`);
      const cancel = lang === 'de' ? 'Abonnement kündigen' : 'Cancel subscription';
      await page.getByRole('button', { name: cancel }).click();
      await page
        .getByText(
          lang === 'de'
            ? 'Ihr Abonnement ist gekündigt. Es läuft bis zum Ende des bezahlten Zeitraums.'
            : 'Your subscription is cancelled. It runs until the end of the paid period.',
        )
        .waitFor();
      const [after] = await shop.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id));
      expect(after!.status).toBe('pending-cancel');
      await context.close();
    }, 120_000);
  }

  it('changes the card of a subscription to a new one that needs 3-D Secure (en)', async () => {
    const { context, page, sub } = await subscriber('en', 1280);
    await page.goto(`/my-account/view-subscription/${sub.id}`);
    await page.getByRole('link', { name: 'Change payment method' }).click();
    await page.waitForURL(new RegExp(`/my-account/change-payment-method/${sub.id}$`));
    await waitForHydration(page);
    await page.getByRole('radio', { name: TEXT.en.useNew }).check();
    await page.locator('form.change-payment-method iframe[title]').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'change-payment-method-en-1280');
    await fillCard(page, 'form.change-payment-method', 'en', '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Change payment method' }).click();
    await page.waitForURL(/\/__sandbox\/stripe\/three_d_secure\/seti_/);
    await page.getByRole('button', { name: TEXT.en.complete }).click();
    await page.waitForURL(
      new RegExp(`/my-account/view-subscription/${sub.id}\\?notice=method_changed$`),
    );
    await page.getByText('Your subscription’s payment method was changed.').waitFor();
    await page.getByText('Visa •••• 3155').waitFor();
    await expectNoAxeViolations(page);
    const [after] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub.id));
    expect(after!.stripePaymentMethodId).not.toBe(sub.stripePaymentMethodId);
    expect((await stripe.paymentMethods.retrieve(after!.stripePaymentMethodId!)).card?.last4).toBe(
      '3155',
    );
    await context.close();
  }, 120_000);

  it('pays a manual renewal through its pay link with a card (de)', async () => {
    await putSetting(shop.database.db, MANUAL_RENEWAL_KEY, true);
    const bought = await subscriber('de', 1280).finally(() =>
      putSetting(shop.database.db, MANUAL_RENEWAL_KEY, false),
    );
    const { context, page, sub } = bought;
    expect(sub).toMatchObject({ status: 'active', manualRenewal: true });
    // The period is over: the renewal job makes the order the customer pays by hand.
    await shop.database.db
      .update(subscriptions)
      .set({ nextPaymentAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, sub.id));
    const [due] = (await renewDueSubscriptions(shop.database.db, stripe)).filter(
      (o) => o.subscription.id === sub.id,
    );
    expect(due).toMatchObject({ result: 'awaiting', order: { status: 'pending' } });
    await page.goto(`/checkout/order-pay/${due!.order.id}?key=${due!.order.orderKey}`);
    await waitForHydration(page);
    await page.getByRole('radio', { name: TEXT.de.card }).check();
    await fillCard(page, '.stripe-payment', 'de', '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: TEXT.de.terms }).check();
    await expectNoAxeViolations(page);
    await shot(page, 'order-pay-manual-renewal-de-1280');
    await page.getByRole('button', { name: 'Bestellung bezahlen' }).click();
    await page.waitForURL(new RegExp(`/checkout/order-received/${due!.order.id}\\?key=`));
    await page.goto(`/my-account/view-subscription/${sub.id}`);
    const [after] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ status: 'active', paidCount: 2 });
    expect(after!.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    // The page shows it running again, with the date the next renewal is due.
    await page.getByText('Aktiv', { exact: true }).first().waitFor();
    await expect
      .poll(() => page.locator('.subscription-next').textContent())
      .toBe(formatDate(after!.nextPaymentAt!, 'de'));
    await expectNoAxeViolations(page);
    await context.close();
  }, 120_000);
});
