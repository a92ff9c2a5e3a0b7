import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { checkoutReview } from '#app/domain/checkout/checkout-review.server.ts';
import { stripePageData } from '#app/http/stripe/page-data.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { outboxSettled } from '../support/outbox.ts';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { StoreClient } from '../support/store-client.ts';
import {
  shop,
  stripe,
  coffee,
  course,
  CARDS,
  customer,
  get,
  post,
  card,
  addToCart,
  checkout,
  orderOf,
  subscriptionsOf,
  latestOrderId,
  outbox,
  buyCoffee,
  withSubscriptionShop,
} from '../support/subscription-shop.ts';

withSubscriptionShop();

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
