/**
 * The shop of the saved-payment-method tests (tests/api/stripe-setup-intents-*.test.ts): a
 * checkout shop on its built-in Stripe sandbox, and signed-in customers who set up cards the way
 * the shop's pages and Stripe.js do.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { startCheckoutShop } from './checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from './customers.ts';
import { sandboxStripe } from './sandbox-client.ts';
import type { TestShop } from './shop.ts';

// Live bindings: set in the file's beforeAll, read by its tests.
export let shop: TestShop;
export let stripe: Stripe;
export let candle: number;

export const CARDS = {
  visa: '4242424242424242',
  threeDSecure: '4000002500003155',
  declined: '4000000000000002',
  mastercard: '5555555555554444',
};

/** Starts the file's shop before its tests and closes it after them. */
export function withStripeSetupShop() {
  beforeAll(async () => {
    const secret = randomBytes(32).toString('base64url');
    ({ shop, candle } = await startCheckoutShop({
      env: { SESSION_SECRET: secret },
      candleStock: 500,
    }));
    ({ stripe } = sandboxStripe(shop));
  });

  afterAll(async () => {
    await shop?.close();
  });
}

/** A logged-in customer as a browser: the session cookie and the pages' form token. */
export async function customer() {
  const signed = await signedInCustomer(shop.database.db);
  const html = await (await get(signed, '/my-account/payment-methods')).text();
  const token = /name="security" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return { ...signed, token: token! };
}

export type Shopper = SignedIn & { token: string };

export const { get, post } = customerRequests(() => shop.url);

export const ajax = (who: Shopper, endpoint: string, fields: Record<string, string>) =>
  post(who, `/wc-ajax/wc_stripe_${endpoint}`, { _ajax_nonce: who.token, ...fields });

export const createAndConfirm = (who: Shopper, fields: Record<string, string>, nonce = who.token) =>
  post(who, '/wp-admin/admin-ajax.php', {
    action: 'create_and_confirm_setup_intent',
    _ajax_nonce: nonce,
    ...fields,
  });

/** A payment method as the browser's Stripe.js creates it (not yet anyone's). */
export async function card(number: string) {
  const pm = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return pm.id;
}

export async function save(who: Shopper, number = CARDS.visa) {
  const pm = await card(number);
  const res = await createAndConfirm(who, {
    'wc-stripe-payment-method': pm,
    'wc-stripe-payment-type': 'card',
  });
  const body = (await res.json()) as any;
  expect(body.data.status).toBe('succeeded');
  return pm;
}

export async function stripeCustomerOf(who: SignedIn) {
  const [row] = await shop.database.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, who.customer.id));
  return row?.stripeCustomerId ?? null;
}
