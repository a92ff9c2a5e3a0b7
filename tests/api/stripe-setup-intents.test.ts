import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import type { TestShop } from '../support/shop.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { StoreClient } from '../support/store-client.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';

let shop: TestShop;
let stripe: Stripe;
let candle: number;

const CARDS = {
  visa: '4242424242424242',
  threeDSecure: '4000002500003155',
  declined: '4000000000000002',
  mastercard: '5555555555554444',
};

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

/** A logged-in customer as a browser: the session cookie and the pages' form token. */
async function customer() {
  const signed = await signedInCustomer(shop.database.db);
  const html = await (await get(signed, '/my-account/payment-methods')).text();
  const token = /name="security" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return { ...signed, token: token! };
}

type Shopper = SignedIn & { token: string };

const { get, post } = customerRequests(() => shop.url);

const ajax = (who: Shopper, endpoint: string, fields: Record<string, string>) =>
  post(who, `/wc-ajax/wc_stripe_${endpoint}`, { _ajax_nonce: who.token, ...fields });

const createAndConfirm = (who: Shopper, fields: Record<string, string>, nonce = who.token) =>
  post(who, '/wp-admin/admin-ajax.php', {
    action: 'create_and_confirm_setup_intent',
    _ajax_nonce: nonce,
    ...fields,
  });

/** A payment method as the browser's Stripe.js creates it (not yet anyone's). */
async function card(number: string) {
  const pm = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  } as Stripe.PaymentMethodCreateParams);
  return pm.id;
}

async function save(who: Shopper, number = CARDS.visa) {
  const pm = await card(number);
  const res = await createAndConfirm(who, {
    'wc-stripe-payment-method': pm,
    'wc-stripe-payment-type': 'card',
  });
  const body = (await res.json()) as any;
  expect(body.data.status).toBe('succeeded');
  return pm;
}

async function stripeCustomerOf(who: SignedIn) {
  const [row] = await shop.database.db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, who.customer.id));
  return row?.stripeCustomerId ?? null;
}

describe('init_setup_intent', () => {
  it('gives a logged-in customer a setup intent of their own Stripe customer, created once', async () => {
    const who = await customer();
    const first = (await (
      await ajax(who, 'init_setup_intent', {
        payment_method_type: 'card',
      })
    ).json()) as any;
    expect(first.success).toBe(true);
    expect(first.data.id).toMatch(/^seti_/);
    expect(first.data.client_secret).toMatch(new RegExp(`^${first.data.id}_secret_`));
    const second = (await (await ajax(who, 'init_setup_intent', {})).json()) as any;
    expect(second.data.id).not.toBe(first.data.id);
    const owner = await stripeCustomerOf(who);
    expect(owner).toMatch(/^cus_/);
    const intents = await Promise.all(
      [first.data.id, second.data.id].map((id: string) => stripe.setupIntents.retrieve(id)),
    );
    expect(intents.map((i) => i.customer)).toEqual([owner, owner]);
    expect(intents[0]!.usage).toBe('off_session');
  });

  it('refuses guests, non-reusable types and hostile input', async () => {
    const guest = await StoreClient.start(shop.url);
    const res = await post({ cookie: guest.cookieHeader }, '/wc-ajax/wc_stripe_init_setup_intent', {
      _ajax_nonce: guest.nonce,
      payment_method_type: 'card',
    });
    const body = (await res.json()) as any;
    expect(body.success).toBe(false);
    expect(body.data.error.message).toBe(
      'Bitte melden Sie sich an, um eine Zahlungsmethode zu speichern.',
    );

    const who = await customer();
    const alipay = (await (
      await ajax(who, 'init_setup_intent', {
        payment_method_type: 'alipay',
      })
    ).json()) as any;
    expect(alipay.success).toBe(false);
    for (const bad of ['x'.repeat(10_000), 'card\u0000']) {
      const refused = await ajax(who, 'init_setup_intent', { payment_method_type: bad });
      expect(refused.status).toBe(400);
    }
    const array = await fetch(`${shop.url}/wc-ajax/wc_stripe_init_setup_intent`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: shop.url, 'content-type': 'application/json' },
      body: JSON.stringify({ _ajax_nonce: who.token, payment_method_type: ['card'] }),
    });
    expect(array.status).toBe(400);
    expect(await stripeCustomerOf(who)).toBeNull();
  });

  it('refuses a missing, wrong or other session nonce', async () => {
    const who = await customer();
    const other = await customer();
    expect((await post(who, '/wc-ajax/wc_stripe_init_setup_intent', {})).status).toBe(403);
    expect((await ajax({ ...who, token: 'nope' }, 'init_setup_intent', {})).status).toBe(403);
    expect((await ajax({ ...who, token: other.token }, 'init_setup_intent', {})).status).toBe(403);
    expect(await stripeCustomerOf(who)).toBeNull();
  });
});

describe('create_and_confirm_setup_intent', () => {
  it('sets up a card for the customer and answers the spec fields', async () => {
    const who = await customer();
    const pm = await card(CARDS.visa);
    const res = await createAndConfirm(who, {
      'wc-stripe-payment-method': pm,
      'wc-stripe-payment-type': 'card',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ['client_secret', 'id', 'next_action', 'payment_type', 'return_url', 'status'].sort(),
    );
    expect(body.data).toMatchObject({
      status: 'succeeded',
      next_action: null,
      payment_type: 'card',
    });
    expect(new URL(body.data.return_url).pathname).toBe('/my-account/payment-methods');
    expect(body.data.id).toMatch(/^seti_/);
    const attached = await stripe.paymentMethods.retrieve(pm);
    expect(attached.customer).toBe(await stripeCustomerOf(who));
    // The same call again (a retried request) is the same setup intent.
    const again = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(again.data.id).toBe(body.data.id);
  });

  it('answers requires_action with the redirect for a card that needs 3-D Secure', async () => {
    const who = await customer();
    const body = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.threeDSecure),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body.data.status).toBe('requires_action');
    expect(body.data.next_action.type).toBe('redirect_to_url');
    expect(body.data.next_action.redirect_to_url.url).toContain(
      `/__sandbox/stripe/three_d_secure/${body.data.id}`,
    );
  });

  it('words a declined card with the error catalogue', async () => {
    const who = await customer();
    const body = (await (
      await post(who, '/wp-admin/admin-ajax.php?action=create_and_confirm_setup_intent', {
        _ajax_nonce: who.token,
        'wc-stripe-payment-method': await card(CARDS.declined),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body).toEqual({
      success: false,
      data: { error: { message: 'Ihre Karte wurde abgelehnt.' } },
    });
  });

  it('never hands one customer the method of another', async () => {
    const owner = await customer();
    const thief = await customer();
    const pm = await save(owner);
    const body = (await (
      await createAndConfirm(thief, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    expect(body.success).toBe(false);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(await stripeCustomerOf(owner));
  });

  it('refuses guests, bad nonces, unknown actions and hostile input', async () => {
    const guest = await StoreClient.start(shop.url);
    const guestRes = await post({ cookie: guest.cookieHeader }, '/wp-admin/admin-ajax.php', {
      action: 'create_and_confirm_setup_intent',
      _ajax_nonce: guest.nonce,
      'wc-stripe-payment-method': await card(CARDS.visa),
    });
    expect(((await guestRes.json()) as any).success).toBe(false);
    const who = await customer();
    const pm = await card(CARDS.visa);
    expect((await createAndConfirm(who, { 'wc-stripe-payment-method': pm }, 'bad')).status).toBe(
      403,
    );
    const unknown = await post(who, '/wp-admin/admin-ajax.php', {
      action: 'delete_everything',
      _ajax_nonce: who.token,
    });
    expect(unknown.status).toBe(400);
    expect((await fetch(`${shop.url}/wp-admin/admin-ajax.php`)).status).toBe(405);
    for (const bad of ['pm_' + 'x'.repeat(10_000), 'pm_1\u0000', '1234']) {
      const res = await createAndConfirm(who, { 'wc-stripe-payment-method': bad });
      expect(res.status === 400 || ((await res.json()) as any).success === false).toBe(true);
    }
    const wrongType = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': pm,
        'wc-stripe-payment-type': 'boleto',
      })
    ).json()) as any;
    expect(wrongType.success).toBe(false);
    const huge = await post(who, '/wp-admin/admin-ajax.php', 'x='.concat('y'.repeat(70_000)));
    expect(huge.status).toBe(413);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();
  });
});

describe('/my-account/payment-methods', () => {
  it('lists the customer’s methods with brand, last digits and expiry, the default first', async () => {
    const who = await customer();
    expect(await (await get(who, '/my-account/payment-methods')).text()).toContain(
      'Keine gespeicherten Zahlungsmethoden gefunden.',
    );
    await save(who, CARDS.visa);
    const master = await save(who, CARDS.mastercard);
    const html = await (await get(who, '/my-account/payment-methods')).text();
    expect(html).toContain('Visa mit Endziffern 4242');
    expect(html).toContain('Mastercard mit Endziffern 4444');
    expect(html).toContain(`12/${new Date().getFullYear() + 3}`);
    expect(html).not.toContain('Standard</span>');

    const res = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'set_default',
      payment_method: master,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-account/payment-methods?notice=default_set');
    const after = await (await get(who, '/my-account/payment-methods?notice=default_set')).text();
    expect(after).toContain('Diese Zahlungsmethode ist jetzt Ihre Standard-Zahlungsmethode.');
    expect(after.indexOf('Mastercard mit Endziffern')).toBeLessThan(after.indexOf('Visa mit'));
    const cus = await stripe.customers.retrieve((await stripeCustomerOf(who))!);
    expect((cus as Stripe.Customer).invoice_settings.default_payment_method).toBe(master);
  });

  it('asks before deleting, then deletes with a post', async () => {
    const who = await customer();
    const pm = await save(who);
    const confirm = await (await get(who, `/my-account/payment-methods?delete=${pm}`)).text();
    expect(confirm).toContain('Diese Zahlungsmethode löschen?');
    expect(confirm).toContain('Visa mit Endziffern 4242 wird aus Ihrem Kundenkonto entfernt');
    expect((await stripe.paymentMethods.retrieve(pm)).customer).not.toBeNull();
    const res = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'delete',
      payment_method: pm,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-account/payment-methods?notice=deleted');
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();
    expect(await (await get(who, '/my-account/payment-methods')).text()).not.toContain(
      'Endziffern 4242',
    );
  });

  it('answers 404 for another customer’s or an unknown method and changes nothing', async () => {
    const owner = await customer();
    const other = await customer();
    await save(other);
    const pm = await save(owner);
    expect((await get(other, `/my-account/payment-methods?delete=${pm}`)).status).toBe(404);
    expect((await get(other, '/my-account/payment-methods?delete=pm_nope')).status).toBe(404);
    for (const intent of ['delete', 'set_default']) {
      for (const id of [pm, 'pm_unknown', 'x'.repeat(10_000), '']) {
        const res = await post(other, '/my-account/payment-methods', {
          security: other.token,
          intent,
          payment_method: id,
        });
        expect(res.status).toBe(404);
      }
    }
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(await stripeCustomerOf(owner));
  });

  it('changes nothing without the page’s token or with hostile fields', async () => {
    const who = await customer();
    const pm = await save(who);
    const noToken = await post(who, '/my-account/payment-methods', {
      intent: 'delete',
      payment_method: pm,
    });
    expect(noToken.status).toBe(403);
    const nul = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'delete\u0000',
      payment_method: pm,
    });
    expect(nul.status).toBe(400);
    const weird = await post(who, '/my-account/payment-methods', {
      security: who.token,
      intent: 'detonate',
      payment_method: pm,
    });
    expect(weird.status).toBe(400);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).not.toBeNull();
  });

  it('reads Stripe’s return after setting up a method, for the customer’s own intent only', async () => {
    const who = await customer();
    const other = await customer();
    await save(other);
    const threeDs = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.threeDSecure),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    const pending = await get(who, `/my-account/payment-methods?setup_intent=${threeDs.data.id}`);
    expect(pending.status).toBe(303);
    expect(pending.headers.get('location')).toBe('/my-account/payment-methods?notice=add_failed');
    const done = (await (
      await createAndConfirm(who, {
        'wc-stripe-payment-method': await card(CARDS.visa),
        'wc-stripe-payment-type': 'card',
      })
    ).json()) as any;
    const ok = await get(who, `/my-account/payment-methods?setup_intent=${done.data.id}`);
    expect(ok.headers.get('location')).toBe('/my-account/payment-methods?notice=added');
    const foreign = await get(other, `/my-account/payment-methods?setup_intent=${done.data.id}`);
    expect(foreign.headers.get('location')).toBe('/my-account/payment-methods?notice=add_failed');
    const added = await (await get(who, '/my-account/payment-methods?notice=added')).text();
    expect(added).toContain('Die Zahlungsmethode wurde hinzugefügt.');
  });

  it('sends visitors without an account to the login', async () => {
    for (const path of ['/my-account/payment-methods', '/my-account/add-payment-method']) {
      const res = await fetch(shop.url + path, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/my-account');
    }
  });

  it('offers the add page with the reusable Stripe types only', async () => {
    const who = await customer();
    const res = await get(who, '/my-account/add-payment-method');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Zahlungsmethode hinzufügen');
    expect(html).toContain('/my-account/payment-methods');
  });
});

describe('checkout with saved methods', () => {
  const billing = GERMAN_BILLING;

  /** A Store API checkout of one candle in the session of `who`, with the payment data given. */
  async function checkout(who: { cookie: string }, data: Record<string, string>) {
    const cart = await fetch(`${shop.url}/wc/store/v1/cart`, { headers: { cookie: who.cookie } });
    await cart.arrayBuffer();
    const cookie = (cart.headers.get('set-cookie') ?? '').split(';')[0] || who.cookie;
    const headers = {
      cookie,
      nonce: cart.headers.get('nonce') ?? '',
      'content-type': 'application/json',
    };
    const add = await fetch(`${shop.url}/wc/store/v1/cart/add-item`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: candle, quantity: 1 }),
    });
    expect(add.status).toBe(201);
    const res = await fetch(`${shop.url}/wc/store/v1/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        billing_address: billing,
        payment_method: 'stripe',
        payment_data: Object.entries({ 'wc-stripe-is-deferred-intent': 'true', ...data }).map(
          ([key, value]) => ({ key, value }),
        ),
        additional_fields: { terms: true },
      }),
    });
    return (await res.json()) as any;
  }

  async function intentOf(orderId: number) {
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    return stripe.paymentIntents.retrieve(order!.paymentIntentId!);
  }

  it('keeps a new card for a customer who asks, and charges it again when chosen', async () => {
    const who = await customer();
    const pm = await card(CARDS.visa);
    const first = await checkout(who, {
      'wc-stripe-payment-method': pm,
      'wc-stripe-new-payment-method': 'true',
    });
    expect(first.status).toBe('processing');
    const cus = await stripeCustomerOf(who);
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(cus);
    expect((await intentOf(first.order_id)).setup_future_usage).toBe('off_session');
    expect(await (await get(who, '/my-account/payment-methods')).text()).toContain(
      'Visa mit Endziffern 4242',
    );

    const again = await checkout(who, { 'wc-stripe-payment-token': pm });
    expect(again.status).toBe('processing');
    const intent = await intentOf(again.order_id);
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: pm, customer: cus });
  });

  it('does not keep the card when the customer does not ask, nor for a guest who asks', async () => {
    const who = await customer();
    const pm = await card(CARDS.visa);
    const paid = await checkout(who, { 'wc-stripe-payment-method': pm });
    expect(paid.status).toBe('processing');
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBeNull();

    const guest = await StoreClient.start(shop.url);
    const guestPm = await card(CARDS.visa);
    const guestPaid = await checkout(
      { cookie: guest.cookieHeader },
      { 'wc-stripe-payment-method': guestPm, 'wc-stripe-new-payment-method': 'true' },
    );
    expect(guestPaid.status).toBe('processing');
    expect((await stripe.paymentMethods.retrieve(guestPm)).customer).toBeNull();
  });

  it('refuses another customer’s saved method and unknown tokens', async () => {
    const owner = await customer();
    const thief = await customer();
    const pm = await save(owner);
    for (const token of [pm, 'pm_unknown', 'x'.repeat(250)]) {
      const body = await checkout(thief, { 'wc-stripe-payment-token': token });
      expect(body.code ?? body.payment_result?.payment_status).not.toBe('success');
      if (body.order_id) expect((await intentOf(body.order_id)).payment_method).toBeNull();
      expect(JSON.stringify(body)).toContain('Ungültige oder fehlende Zahlungsdaten');
    }
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(await stripeCustomerOf(owner));
  });

  it('keeps the card of a guest who creates an account with the order', async () => {
    await putSetting(shop.database.db, GUEST_CHECKOUT_SETTING, true);
    await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, {
      doubleOptIn: false,
      stopCheckout: false,
    });
    const guest = await StoreClient.start(shop.url);
    expect((await guest.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    const email = `neu-${randomBytes(4).toString('hex')}@example.org`;
    const pm = await card(CARDS.visa);
    const res = await fetch(`${shop.url}/wc-ajax/checkout`, {
      method: 'POST',
      headers: {
        cookie: guest.cookieHeader,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        security: guest.nonce,
        billing_first_name: 'Mia',
        billing_last_name: 'Sommer',
        billing_country: 'DE',
        billing_address_1: 'Lindenweg 3',
        billing_postcode: '10115',
        billing_city: 'Berlin',
        billing_email: email,
        billing_phone: '030 123456',
        payment_method: 'stripe',
        'wc-stripe-payment-method': pm,
        'wc-stripe-is-deferred-intent': 'true',
        'wc-stripe-new-payment-method': 'true',
        createaccount: '1',
        account_password: 'Kerzenlicht-im-Winter-2026!',
        terms: '1',
      }),
    });
    const body = (await res.json()) as any;
    expect(body.result).toBe('success');
    const [account] = await shop.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, email));
    const [link] = await shop.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.customerId, account!.id));
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(link!.stripeCustomerId);
  });
});
