import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeCustomers } from '#app/domain/payments/stripe/stripe.schema.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { StoreClient } from '../support/store-client.ts';
import {
  CARDS,
  candle,
  card,
  customer,
  get,
  save,
  shop,
  stripe,
  stripeCustomerOf,
  withStripeSetupShop,
} from '../support/stripe-setup-intents.ts';

withStripeSetupShop();

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
