import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type SignedIn, customerRequests, signedInCustomer } from './customers.ts';
import { outboxMails } from './forms-mail.ts';
import { type TestShop, startTestShop } from './shop.ts';
import { sandboxStripe } from './sandbox-client.ts';

export let shop: TestShop;

export let stripe: Stripe;

export let coffee: number;

export let course: number;

export const CARDS = {
  visa: '4242424242424242',
  threeDSecure: '4000002500003155',
  attachThenDecline: '4000000000000341',
};

export type Shopper = { cookie: string; token: string; customerId: number | null };

export async function customer(): Promise<Shopper & SignedIn> {
  const signed = await signedInCustomer(shop.database.db);
  const html = await (await get(signed, '/my-account/payment-methods')).text();
  const token = /name="security" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return { ...signed, token: token!, customerId: signed.customer.id };
}

export const { get, post } = customerRequests(() => shop.url);

export async function card(number: string) {
  const pm = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return pm.id;
}

export async function addToCart(who: { cookie: string }, id: number) {
  const cart = await fetch(`${shop.url}/wc/store/v1/cart`, { headers: { cookie: who.cookie } });
  await cart.arrayBuffer();
  const add = await fetch(`${shop.url}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: {
      cookie: who.cookie,
      nonce: cart.headers.get('nonce') ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id, quantity: 1 }),
  });
  expect(add.status).toBe(201);
}

export const billing = (email: string) => ({
  billing_first_name: 'Erika',
  billing_last_name: 'Mustermann',
  billing_country: 'DE',
  billing_address_1: 'Hauptstraße 1',
  billing_postcode: '10115',
  billing_city: 'Berlin',
  billing_email: email,
  billing_phone: '030 123456',
});

/** The classic checkout's post, as the Payment Element's script sends it. */
export async function checkout(who: Shopper, pm: string, extra: Record<string, string> = {}) {
  const res = await post(who, '/wc-ajax/checkout', {
    security: who.token,
    ...billing(`abo-${randomBytes(4).toString('hex')}@example.org`),
    payment_method: 'stripe',
    'wc-stripe-payment-method': pm,
    'wc-stripe-is-deferred-intent': 'true',
    terms: '1',
    ...extra,
  });
  return (await res.json()) as any;
}

export async function orderOf(id: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function subscriptionsOf(orderId: number) {
  return shop.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.parentOrderId, orderId));
}

export function latestOrderId(body: any): number {
  const match = /order-received\/(\d+)/.exec(String(body.redirect));
  expect(match, JSON.stringify(body)).toBeTruthy();
  return Number(match![1]);
}

export function outbox(): string[] {
  const dir = path.join(shop.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  // Quoted-printable soft line breaks joined, so addresses read whole.
  return readdirSync(dir).map((f) =>
    readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''),
  );
}

/** The mails naming the order's number in their subject, oldest first. */
export function mailsAbout(order: { number: number }) {
  return outboxMails(shop.dataDir).filter((m) =>
    (m.header('subject') ?? '').includes(String(order.number)),
  );
}

/** The order-pay form's post with a new card, as the Payment Element's script sends it. */
export async function payOnOrderPay(
  who: { cookie: string },
  order: { id: number; orderKey: string },
) {
  const payPath = `/checkout/order-pay/${order.id}?key=${order.orderKey}`;
  const page = await get(who, payPath);
  expect(page.status).toBe(200);
  const security = /name="security" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(security).toBeTruthy();
  const pm = await card(CARDS.visa);
  const paid = await post(who, payPath, {
    security: security!,
    payment_method: 'stripe',
    'wc-stripe-payment-method': pm,
    'wc-stripe-is-deferred-intent': 'true',
    terms: '1',
    'terms-digital': '1',
  });
  expect(paid.status, await paid.clone().text()).toBe(303);
  expect(paid.headers.get('location')).toContain(`/checkout/order-received/${order.id}`);
  return pm;
}

/** The renewal orders of a subscription. */
export function renewalOrdersOf(subscriptionId: number) {
  return shop.database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
}

/** Makes the subscription due now (the schedule's date moved into the past). */
export async function makeDue(id: number) {
  await shop.database.db
    .update(subscriptions)
    .set({ nextPaymentAt: new Date(Date.now() - 60_000) })
    .where(eq(subscriptions.id, id));
}

export async function buyCoffee(number = CARDS.visa) {
  const who = await customer();
  await addToCart(who, coffee);
  const body = await checkout(who, await card(number));
  expect(body.result, JSON.stringify(body)).toBe('success');
  const orderId = latestOrderId(body);
  const [sub] = await subscriptionsOf(orderId);
  return { who, orderId, sub: sub! };
}

/** A built shop of its own for the test file, with a subscription coffee and a subscription course. */
export function withSubscriptionShop() {
  beforeAll(async () => {
    const secret = randomBytes(32).toString('base64url');
    shop = await startTestShop({ env: { SESSION_SECRET: secret, JOBS: 'off' } });
    const db = shop.database.db;
    await seedDemoShipping(db);
    await seedDemoCheckout(db);
    coffee = (
      await createProduct(db, {
        name: { de: 'Kaffee-Abo', en: 'Coffee subscription' },
        regularPrice: 1490,
        subscription: { period: 'month', interval: 1, trialDays: 0, signUpFee: 490, length: null },
      })
    ).product.id;
    course = (
      await createProduct(db, {
        name: { de: 'Kurs-Abo', en: 'Course subscription' },
        regularPrice: 690,
        digital: true,
        subscription: { period: 'month', interval: 1, trialDays: 14, signUpFee: 0, length: null },
      })
    ).product.id;
    ({ stripe } = sandboxStripe(shop));
    await putSetting(db, ACCOUNT_SETTINGS_KEY, { doubleOptIn: false, stopCheckout: false });
    await putSetting(db, GUEST_CHECKOUT_SETTING, true);
  });
  afterAll(async () => {
    await shop?.close();
  });
}
