import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { checkoutReview } from '#app/domain/checkout/checkout-review.server.ts';
import { stripePageData } from '#app/http/stripe/page-data.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { MANUAL_RENEWAL_KEY } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import { renewDueSubscriptions } from '#app/domain/subscriptions/subscriptions.server.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { outboxMails } from '../support/forms-mail.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';
import { outboxSettled } from '../support/outbox.ts';
import { enqueue } from '#app/domain/orders/outbox.server.ts';
import { ORDER_CHANGED } from '#app/domain/orders/lifecycle.server.ts';

let shop: TestShop;
let stripe: Stripe;
let coffee: number;
let course: number;

const CARDS = {
  visa: '4242424242424242',
  threeDSecure: '4000002500003155',
  attachThenDecline: '4000000000000341',
};

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

type Shopper = { cookie: string; token: string; customerId: number | null };

async function customer(): Promise<Shopper & SignedIn> {
  const signed = await signedInCustomer(shop.database.db);
  const html = await (await get(signed, '/my-account/payment-methods')).text();
  const token = /name="security" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return { ...signed, token: token!, customerId: signed.customer.id };
}

const { get, post } = customerRequests(() => shop.url);

async function card(number: string) {
  const pm = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return pm.id;
}

async function addToCart(who: { cookie: string }, id: number) {
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

const billing = (email: string) => ({
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
async function checkout(who: Shopper, pm: string, extra: Record<string, string> = {}) {
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

async function orderOf(id: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function subscriptionsOf(orderId: number) {
  return shop.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.parentOrderId, orderId));
}

function latestOrderId(body: any): number {
  const match = /order-received\/(\d+)/.exec(String(body.redirect));
  expect(match, JSON.stringify(body)).toBeTruthy();
  return Number(match![1]);
}

function outbox(): string[] {
  const dir = path.join(shop.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  // Quoted-printable soft line breaks joined, so addresses read whole.
  return readdirSync(dir).map((f) =>
    readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''),
  );
}

/** The mails naming the order's number in their subject, oldest first. */
function mailsAbout(order: { number: number }) {
  return outboxMails(shop.dataDir).filter((m) =>
    (m.header('subject') ?? '').includes(String(order.number)),
  );
}

/** The order-pay form's post with a new card, as the Payment Element's script sends it. */
async function payOnOrderPay(who: { cookie: string }, order: { id: number; orderKey: string }) {
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
function renewalOrdersOf(subscriptionId: number) {
  return shop.database.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId));
}

/** Makes the subscription due now (the schedule's date moved into the past). */
async function makeDue(id: number) {
  await shop.database.db
    .update(subscriptions)
    .set({ nextPaymentAt: new Date(Date.now() - 60_000) })
    .where(eq(subscriptions.id, id));
}

async function buyCoffee(number = CARDS.visa) {
  const who = await customer();
  await addToCart(who, coffee);
  const body = await checkout(who, await card(number));
  expect(body.result, JSON.stringify(body)).toBe('success');
  const orderId = latestOrderId(body);
  const [sub] = await subscriptionsOf(orderId);
  return { who, orderId, sub: sub! };
}

describe('subscription checkout', () => {
  it('charges price and sign-up fee, keeps the card off-session and starts the subscription', async () => {
    const { who, orderId, sub } = await buyCoffee();
    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(order.itemsTotal).toBe(1490 + 490);
    expect(sub).toMatchObject({
      status: 'active',
      customerId: who.customer.id,
      unitPrice: 1490,
      paidCount: 1,
      renewalCount: 0,
    });
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!);
    expect(intent.setup_future_usage).toBe('off_session');
    const [link] = await shop.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.customerId, who.customer.id));
    expect(sub.stripeCustomerId).toBe(link!.stripeCustomerId);
    expect((await stripe.paymentMethods.retrieve(sub.stripePaymentMethodId!)).customer).toBe(
      link!.stripeCustomerId,
    );
    // One month after the start, at the same time of day.
    const next = sub.nextPaymentAt!;
    const start = sub.startAt;
    expect(next.getUTCHours()).toBe(start.getUTCHours());
    expect((next.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);

    const list = await (await get(who, '/my-account/subscriptions')).text();
    expect(list).toContain(`#${sub.id} Kaffee-Abo`);
    expect(list).toMatch(/14,90\s€ \/ Monat/);
    const view = await (await get(who, `/my-account/view-subscription/${sub.id}`)).text();
    expect(view).toContain('Aktiv');
    expect(view).toContain('Visa •••• 4242');
    expect(view).toContain(`#${order.number}`);
  });

  it('tells the checkout page the cart holds a subscription renewed with a kept method', async () => {
    const who = await customer();
    await addToCart(who, coffee);
    const review = await checkoutReview(
      shop.database.db,
      { idHash: who.idHash, customerId: who.customer.id },
      { currency: 'EUR', locale: 'de' },
    );
    expect(review.subscription).toBe('auto');
    // Only methods Stripe can keep for renewals are offered.
    expect(review.paymentMethods.every((m) => m.client?.isReusable)).toBe(true);
    const data = await stripePageData(
      { db: shop.database.db, env: shop.env, locale: 'de', t: serverTranslator('de') },
      {
        methods: review.paymentMethods,
        total: review.cart.totals.total,
        currency: 'EUR',
        nonce: who.token,
        isLoggedIn: true,
        customerId: who.customer.id,
        signupAllowed: true,
        order: null,
        subscription: review.subscription,
      },
    );
    expect(data).toMatchObject({
      cartContainsSubscription: true,
      subscriptionRequiresManualRenewal: false,
      isChangingPayment: false,
    });
    const html = await (await get(who, '/checkout')).text();
    expect(html).toContain('Heute fällig');
    expect(html).toContain('Mit Ihrer Bestellung schließen Sie ein Abonnement ab');
  });

  it('refuses a guest who does not create an account, and places nothing', async () => {
    const guest = await StoreClient.start(shop.url);
    const who = { cookie: guest.cookieHeader, token: guest.nonce, customerId: null };
    await addToCart(who, coffee);
    const before = (await shop.database.db.select().from(subscriptions)).length;
    const body = await checkout(who, await card(CARDS.visa));
    expect(body.result).toBe('failure');
    expect(JSON.stringify(body)).toContain('Für ein Abonnement brauchen Sie ein Kundenkonto');
    expect((await shop.database.db.select().from(subscriptions)).length).toBe(before);
  });

  it('sells to a guest who creates an account, whose account then holds the subscription', async () => {
    const guest = await StoreClient.start(shop.url);
    const who = { cookie: guest.cookieHeader, token: guest.nonce, customerId: null };
    await addToCart(who, coffee);
    const email = `neu-${randomBytes(4).toString('hex')}@example.org`;
    const body = await checkout(who, await card(CARDS.visa), {
      billing_email: email,
      createaccount: '1',
      account_password: 'Kaffee-am-Morgen-2026!',
    });
    expect(body.result, JSON.stringify(body)).toBe('success');
    const [account] = await shop.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email));
    const [sub] = await subscriptionsOf(latestOrderId(body));
    expect(sub).toMatchObject({ status: 'active', customerId: account!.id });
    expect(sub!.stripePaymentMethodId).toMatch(/^pm_/);
  });

  it('sets a free trial up without a charge and starts charging when the trial ends', async () => {
    const who = await customer();
    await addToCart(who, course);
    const body = await checkout(who, await card(CARDS.visa), { 'terms-digital': '1' });
    expect(body.result, JSON.stringify(body)).toBe('success');
    const order = await orderOf(latestOrderId(body));
    expect(order).toMatchObject({ status: 'processing', total: 0, paymentIntentId: null });
    expect(order.setupIntentId).toMatch(/^seti_/);
    const setup = await stripe.setupIntents.retrieve(order.setupIntentId!);
    expect(setup.status).toBe('succeeded');
    expect(setup.usage).toBe('off_session');
    const [sub] = await subscriptionsOf(order.id);
    expect(sub).toMatchObject({ status: 'active', paidCount: 0 });
    expect(sub!.trialEndAt!.getTime() - sub!.startAt.getTime()).toBe(14 * 86_400_000);
    expect(sub!.nextPaymentAt!.getTime()).toBe(sub!.trialEndAt!.getTime());
    expect(sub!.stripePaymentMethodId).toBe(setup.payment_method);
  });
});

describe('renewals', () => {
  it('renews once when two runners claim the same due subscription at once', async () => {
    const { sub } = await buyCoffee();
    await makeDue(sub.id);
    const due = (await subscriptionsOf(sub.parentOrderId))[0]!.nextPaymentAt!;
    const [a, b] = await Promise.all([
      renewDueSubscriptions(shop.database.db, stripe),
      renewDueSubscriptions(shop.database.db, stripe),
    ]);
    const mine = [...a, ...b].filter((o) => o.subscription.id === sub.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.result).toBe('paid');
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0]!;
    expect(renewal).toMatchObject({
      status: 'processing',
      renewalSequence: 1,
      total: 1490 + renewal.shippingTotal,
    });
    const intent = await stripe.paymentIntents.retrieve(renewal.paymentIntentId!);
    expect(intent).toMatchObject({
      status: 'succeeded',
      payment_method: sub.stripePaymentMethodId,
    });
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after).toMatchObject({ status: 'active', renewalCount: 1, paidCount: 2 });
    expect(after!.nextPaymentAt!.getTime()).toBeGreaterThan(due.getTime());
    // Nothing is due any more: another run renews nothing.
    const again = await renewDueSubscriptions(shop.database.db, stripe);
    expect(again.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
    await outboxSettled(shop);
    const link = `/my-account/view-subscription/${sub.id}`;
    expect(
      outbox().filter((m) => m.includes(String(renewal.number)) && m.includes(link)),
    ).toHaveLength(1);
  });

  it('never charges the next period while the last renewal’s payment is open', async () => {
    const { sub } = await buyCoffee();
    await makeDue(sub.id);
    // Stripe out of reach: whether the charge happened is unknown, the order stays pending.
    const unreachable = new Stripe('sk_test_unreachable', {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = await renewDueSubscriptions(shop.database.db, unreachable);
    vi.mocked(console.error).mockRestore();
    expect(first.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
    const [open] = await renewalOrdersOf(sub.id);
    expect(open).toMatchObject({ status: 'pending', renewalSequence: 1, paymentIntentId: null });
    // The claim lapses: the next run charges that same renewal, not the period after it.
    const later = new Date(Date.now() + 11 * 60_000);
    const second = await renewDueSubscriptions(shop.database.db, stripe, later);
    expect(second.filter((o) => o.subscription.id === sub.id).map((o) => o.result)).toEqual([
      'paid',
    ]);
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ id: open!.id, status: 'processing' });

    // A debit on its way (the renewal on hold until it settles) is awaited, not charged anew.
    const { sub: debit } = await buyCoffee();
    await makeDue(debit.id);
    await renewDueSubscriptions(shop.database.db, unreachable).catch(() => []);
    const [waiting] = await shop.database.db
      .update(orders)
      .set({ status: 'on-hold' })
      .where(eq(orders.subscriptionId, debit.id))
      .returning();
    const afterDebit = await renewDueSubscriptions(shop.database.db, stripe, later);
    expect(afterDebit.filter((o) => o.subscription.id === debit.id)).toHaveLength(0);
    const debitRenewals = await renewalOrdersOf(debit.id);
    expect(debitRenewals).toHaveLength(1);
    expect(debitRenewals[0]).toMatchObject({ id: waiting!.id, paymentIntentId: null });
  });

  it('puts the subscription on hold and mails a pay link when the off-session charge fails', async () => {
    const who = await customer();
    await addToCart(who, course);
    const body = await checkout(who, await card(CARDS.attachThenDecline), {
      'terms-digital': '1',
    });
    expect(body.result, JSON.stringify(body)).toBe('success');
    const [sub] = await subscriptionsOf(latestOrderId(body));
    expect(sub!.status).toBe('active');
    await makeDue(sub!.id);
    const outcomes = await renewDueSubscriptions(shop.database.db, stripe);
    const mine = outcomes.find((o) => o.subscription.id === sub!.id)!;
    expect(mine.result).toBe('failed');
    expect(mine.order.status).toBe('failed');
    const [held] = await subscriptionsOf(sub!.parentOrderId);
    expect(held!.status).toBe('on-hold');
    await outboxSettled(shop);
    const mail = outbox().find(
      (m) => m.includes(String(mine.order.number)) && m.includes('/checkout/order-pay/'),
    );
    expect(mail).toBeTruthy();
    // The pay link opens the order-pay page of the failed renewal.
    const payPath = `/checkout/order-pay/${mine.order.id}?key=${mine.order.orderKey}`;
    const page = await get(who, payPath);
    expect(page.status).toBe(200);
    // On hold, it is not renewed again until paid.
    await makeDue(sub!.id);
    const later = await renewDueSubscriptions(shop.database.db, stripe);
    expect(later.filter((o) => o.subscription.id === sub!.id)).toHaveLength(0);
    // Paid on the order-pay page with another card: the subscription runs again.
    await outboxSettled(shop);
    const before = mailsAbout(mine.order).length;
    const newCard = await payOnOrderPay(who, mine.order);
    const paidOrder = await orderOf(mine.order.id);
    expect(paidOrder.status).toBe('processing');
    const [running] = await subscriptionsOf(sub!.parentOrderId);
    expect(running!.status).toBe('active');
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    expect(running).toMatchObject({ renewalCount: 1, paidCount: 1 });
    // The renewal's own mail, instead of the order status mail, and only one.
    await outboxSettled(shop);
    const mails = mailsAbout(mine.order).slice(before);
    expect(mails.map((m) => m.header('subject'))).toEqual([
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${mine.order.number})`,
    ]);
    expect(mails[0]!.text).toContain('Nächste Zahlung:');
    // The card paid with is kept for the renewals after it.
    const intent = await stripe.paymentIntents.retrieve(paidOrder.paymentIntentId!);
    expect(intent).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session' });
    expect(running).toMatchObject({
      stripePaymentMethodId: newCard,
      stripeCustomerId: sub!.stripeCustomerId,
      paymentMethod: 'stripe',
      paymentMethodTitle: paidOrder.paymentMethodTitle,
    });
    expect((await stripe.paymentMethods.retrieve(newCard)).customer).toBe(sub!.stripeCustomerId);
    // A later announcement of the same payment (webhook, reconciliation) changes nothing.
    await enqueue(shop.database.db, {
      kind: ORDER_CHANGED,
      orderId: paidOrder.id,
      payload: { from: 'failed', to: 'processing', announce: 'status' },
    });
    await outboxSettled(shop);
    const [unchanged] = await subscriptionsOf(sub!.parentOrderId);
    expect(unchanged).toMatchObject({ paidCount: 1, nextPaymentAt: running!.nextPaymentAt });
    expect(mailsAbout(mine.order).slice(before)).toHaveLength(1);
    // The next renewal charges the new card off-session.
    await makeDue(sub!.id);
    const next = await renewDueSubscriptions(shop.database.db, stripe);
    const second = next.find((o) => o.subscription.id === sub!.id)!;
    expect(second.result).toBe('paid');
    expect(second.order).toMatchObject({ status: 'processing', renewalSequence: 2 });
    const charge = await stripe.paymentIntents.retrieve(second.order.paymentIntentId!);
    expect(charge).toMatchObject({ status: 'succeeded', payment_method: newCard });
  });

  it('announces a renewal paid by the webhook and the return at once with one mail', async () => {
    const who = await customer();
    await addToCart(who, course);
    const body = await checkout(who, await card(CARDS.attachThenDecline), {
      'terms-digital': '1',
    });
    const [sub] = await subscriptionsOf(latestOrderId(body));
    await makeDue(sub!.id);
    const failed = (await renewDueSubscriptions(shop.database.db, stripe)).find(
      (o) => o.subscription.id === sub!.id,
    )!;
    expect(failed.result).toBe('failed');
    await outboxSettled(shop);
    const before = mailsAbout(failed.order).length;
    // The customer's bank confirms the payment; nobody has announced it yet.
    const pm = await card(CARDS.visa);
    await stripe.paymentIntents.update(failed.order.paymentIntentId!, {
      setup_future_usage: 'off_session',
    });
    const intent = await stripe.paymentIntents.confirm(failed.order.paymentIntentId!, {
      payment_method: pm,
      return_url: shop.url,
    });
    expect(intent.status).toBe('succeeded');
    const { settleIntent } = await import('#app/domain/payments/stripe/settlement.server.ts');
    // The webhook and the browser's return both announce it at once: one of them changes it.
    const settled = await Promise.all([
      settleIntent(shop.database.db, failed.order.id, intent),
      settleIntent(shop.database.db, failed.order.id, intent),
    ]);
    expect(settled.filter((s) => s.changed)).toHaveLength(1);
    await outboxSettled(shop);
    const [after] = await subscriptionsOf(sub!.parentOrderId);
    expect(after).toMatchObject({ status: 'active', paidCount: 1, stripePaymentMethodId: pm });
    const mails = mailsAbout(failed.order).slice(before);
    expect(mails.map((m) => m.header('subject'))).toEqual([
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${failed.order.number})`,
    ]);
  });
});

describe('manual renewal', () => {
  /** A coffee subscription bought while the shop asks for manual renewals. */
  async function buyManualCoffee() {
    await putSetting(shop.database.db, MANUAL_RENEWAL_KEY, true);
    try {
      return await buyCoffee();
    } finally {
      await putSetting(shop.database.db, MANUAL_RENEWAL_KEY, false);
    }
  }

  it('creates one pending renewal order, mails its pay link and charges nothing', async () => {
    const { who, sub } = await buyManualCoffee();
    expect(sub).toMatchObject({ status: 'active', manualRenewal: true });
    await makeDue(sub.id);
    const due = (await subscriptionsOf(sub.parentOrderId))[0]!.nextPaymentAt!;
    const charges = vi.spyOn(stripe.paymentIntents, 'create');
    const confirms = vi.spyOn(stripe.paymentIntents, 'confirm');
    let outcomes;
    try {
      outcomes = await renewDueSubscriptions(shop.database.db, stripe);
      // A second run finds nothing due: the subscription waits for its payment.
      const again = await renewDueSubscriptions(shop.database.db, stripe);
      expect(again.filter((o) => o.subscription.id === sub.id)).toHaveLength(0);
      expect(charges).not.toHaveBeenCalled();
      expect(confirms).not.toHaveBeenCalled();
    } finally {
      charges.mockRestore();
      confirms.mockRestore();
    }
    const mine = outcomes.filter((o) => o.subscription.id === sub.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.result).toBe('awaiting');
    const renewals = await renewalOrdersOf(sub.id);
    expect(renewals).toHaveLength(1);
    const renewal = renewals[0]!;
    expect(renewal).toMatchObject({
      status: 'pending',
      renewalSequence: 1,
      paymentIntentId: null,
      total: 1490 + renewal.shippingTotal,
    });
    const [waiting] = await subscriptionsOf(sub.parentOrderId);
    expect(waiting).toMatchObject({ status: 'on-hold', renewalCount: 1, paidCount: 1 });

    await outboxSettled(shop);
    const [dueMail, ...others] = mailsAbout(renewal);
    expect(others).toHaveLength(0);
    expect(dueMail!.header('subject')).toBe(
      `Verlängerung Ihres Abonnements bei Ladenzeile (Bestellung ${renewal.number})`,
    );
    const payUrl = new URL(
      `/checkout/order-pay/${renewal.id}?key=${renewal.orderKey}`,
      shop.env.SHOP_URL,
    ).href;
    expect(dueMail!.text).toContain(payUrl);

    // Paid on the order-pay page: the subscription runs again, a period later.
    await payOnOrderPay(who, renewal);
    expect((await orderOf(renewal.id)).status).toBe('processing');
    const [running] = await subscriptionsOf(sub.parentOrderId);
    expect(running).toMatchObject({
      status: 'active',
      paidCount: 2,
      manualRenewal: true,
      stripePaymentMethodId: null,
    });
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(Date.now());
    expect(running!.nextPaymentAt!.getTime()).toBeGreaterThan(due.getTime());
    await outboxSettled(shop);
    const after = mailsAbout(renewal).map((m) => m.header('subject'));
    expect(after).toEqual([
      dueMail!.header('subject'),
      `Ihr Abonnement bei Ladenzeile wurde verlängert (Bestellung ${renewal.number})`,
    ]);
    // Still nothing due: no further order.
    await renewDueSubscriptions(shop.database.db, stripe);
    expect(await renewalOrdersOf(sub.id)).toHaveLength(1);
  });
});

describe('confirm_change_payment', () => {
  const change = (who: Shopper, fields: Record<string, string>, nonce = who.token) =>
    post(who, '/wc-ajax/wc_stripe_confirm_change_payment', { _ajax_nonce: nonce, ...fields });

  async function setUp(who: Shopper, number: string, extra: Record<string, string> = {}) {
    const pm = await card(number);
    const res = await post(who, '/wp-admin/admin-ajax.php', {
      action: 'create_and_confirm_setup_intent',
      _ajax_nonce: who.token,
      'wc-stripe-payment-method': pm,
      'wc-stripe-payment-type': 'card',
      ...extra,
    });
    return { pm, answer: (await res.json()) as any };
  }

  it('stores a newly set up card on the owner’s subscription', async () => {
    const { who, sub } = await buyCoffee();
    const { pm, answer } = await setUp(who, CARDS.visa, { change_payment_for: String(sub.id) });
    expect(answer.data.status).toBe('succeeded');
    const res = await change(who, {
      order_id: String(sub.id),
      intent_id: answer.data.id,
      payment_method_id: pm,
    });
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.data.return_url).toMatch(
      new RegExp(`/my-account/view-subscription/${sub.id}\\?notice=method_changed$`),
    );
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after!.stripePaymentMethodId).toBe(pm);
  });

  it('follows 3-D Secure: the return address is the change page, the intent settles it', async () => {
    const { who, sub } = await buyCoffee();
    const { pm, answer } = await setUp(who, CARDS.threeDSecure, {
      change_payment_for: String(sub.id),
    });
    expect(answer.data.status).toBe('requires_action');
    expect(answer.data.return_url).toMatch(
      new RegExp(`/my-account/change-payment-method/${sub.id}$`),
    );
    // Not yet authenticated: nothing changes.
    const early = (await (
      await change(who, { order_id: String(sub.id), intent_id: answer.data.id })
    ).json()) as any;
    expect(early.success).toBe(false);
    const [unchanged] = await subscriptionsOf(sub.parentOrderId);
    expect(unchanged!.stripePaymentMethodId).toBe(sub.stripePaymentMethodId);
    expect(pm).not.toBe(sub.stripePaymentMethodId);
  });

  it('updates all of the customer’s subscriptions when asked', async () => {
    const { who, sub } = await buyCoffee();
    await addToCart(who, coffee);
    const second = await checkout(who, await card(CARDS.visa));
    expect(second.result).toBe('success');
    const { pm, answer } = await setUp(who, CARDS.visa, {
      update_all_subscription_payment_methods: '1',
    });
    expect(answer.data.status).toBe('succeeded');
    const mine = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, who.customer.id));
    expect(mine.length).toBe(2);
    expect(mine.every((s) => s.stripePaymentMethodId === pm)).toBe(true);
    expect(sub.stripePaymentMethodId).not.toBe(pm);
  });

  it('lets only the owner change it, and refuses bad nonces and hostile input', async () => {
    const { who, sub } = await buyCoffee();
    const other = await customer();
    const { pm: othersCard } = await setUp(other, CARDS.visa);
    // Another customer's subscription is "not found", with a saved method of theirs or not.
    const foreign = await change(other, {
      order_id: String(sub.id),
      payment_method_id: othersCard,
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as any).data.error.message).toBe(
      'Dieses Abonnement gibt es nicht.',
    );
    // The owner may not put another customer's card on it.
    const stolen = (await (
      await change(who, { order_id: String(sub.id), payment_method_id: othersCard })
    ).json()) as any;
    expect(stolen.success).toBe(false);
    expect(
      (await change(who, { order_id: String(sub.id), payment_method_id: othersCard }, 'bad'))
        .status,
    ).toBe(403);
    const guest = await StoreClient.start(shop.url);
    const anonymous = await post(
      { cookie: guest.cookieHeader },
      '/wc-ajax/wc_stripe_confirm_change_payment',
      { _ajax_nonce: guest.nonce, order_id: String(sub.id), payment_method_id: othersCard },
    );
    expect(((await anonymous.json()) as any).success).toBe(false);
    const hostile = [
      `order_id=${sub.id}%00&payment_method_id=pm_1`,
      `order_id=${sub.id}&payment_method_id=${'x'.repeat(10_000)}`,
      `order_id=${sub.id}&intent_id=seti_${'a'.repeat(10_000)}`,
      `order_id[]=${sub.id}&payment_method_id=pm_1`,
      `order_id=${sub.id}&payment_method_id[]=pm_1`,
      `order_id=-1&payment_method_id=pm_1`,
      `order_id=99999999999&payment_method_id=pm_1`,
    ];
    for (const body of hostile) {
      const res = await post(
        who,
        '/wc-ajax/wc_stripe_confirm_change_payment',
        `_ajax_nonce=${who.token}&${body}`,
      );
      expect(res.status, body).toBeLessThan(500);
      const answer = (await res.json()) as any;
      expect(answer.success ?? false).toBe(false);
    }
    const [after] = await subscriptionsOf(sub.parentOrderId);
    expect(after!.stripePaymentMethodId).toBe(sub.stripePaymentMethodId);
  });
});

describe('account pages', () => {
  it('shows a subscription only to its owner and cancels it at the end of the period', async () => {
    const { who, sub } = await buyCoffee();
    const other = await customer();
    expect((await get(other, `/my-account/view-subscription/${sub.id}`)).status).toBe(404);
    expect((await get(other, `/my-account/change-payment-method/${sub.id}`)).status).toBe(404);
    expect((await get(who, '/my-account/view-subscription/abc')).status).toBe(404);
    const page = await (await get(who, `/my-account/change-payment-method/${sub.id}`)).text();
    expect(page).toMatch(/isChangingPayment\\?",true/);
    const res = await post(who, `/my-account/view-subscription/${sub.id}`, {
      security: who.token,
      intent: 'cancel',
    });
    expect(res.status).toBe(303);
    const [after] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, sub.id)));
    expect(after).toMatchObject({ status: 'pending-cancel', nextPaymentAt: null });
    expect(after!.endAt!.getTime()).toBe(sub.nextPaymentAt!.getTime());
    // The cancellation mail links the subscription (nothing else mailed it yet).
    const link = `/my-account/view-subscription/${sub.id}`;
    await outboxSettled(shop);
    expect(outbox().filter((m) => m.includes(link))).toHaveLength(1);
  });
});
