import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { SESSION_COOKIE, hashSessionId } from '#app/lib/session.server.ts';
import type { TestShop } from '../support/shop.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { outboxMails } from '../support/forms-mail.ts';
import { StoreClient } from '../support/store-client.ts';

// Settings change per test here, so this file runs a shop of its own.
let shop: TestShop;
let candle: number;
const STRONG = 'Kerzenlicht-im-Winter-2026!';

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 1000 }));
});

afterAll(async () => {
  await shop?.close();
});

beforeEach(async () => {
  const db = shop.database.db;
  await putSetting(db, GUEST_CHECKOUT_SETTING, true);
  await putSetting(db, ACCOUNT_SETTINGS_KEY, { doubleOptIn: false, stopCheckout: false });
});

const freshEmail = () => `konto-${randomBytes(4).toString('hex')}@example.org`;

async function shopper() {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
  return client;
}

const form = (email: string, overrides: Record<string, string> = {}) => ({
  billing_first_name: 'Mia',
  billing_last_name: 'Sommer',
  billing_country: 'DE',
  billing_address_1: 'Lindenweg 3',
  billing_postcode: '10115',
  billing_city: 'Berlin',
  billing_email: email,
  billing_phone: '030 123456',
  payment_method: 'bacs',
  terms: '1',
  ...overrides,
});

async function classicCheckout(client: StoreClient, fields: Record<string, string>) {
  const res = await fetch(`${shop.url}/wc-ajax/checkout`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ security: client.nonce, ...fields }),
  });
  return { res, body: (await res.json()) as any };
}

const sessionIdOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1])
    .find(Boolean);

async function customerOf(email: string) {
  const [row] = await shop.database.db.select().from(customers).where(eq(customers.email, email));
  return row;
}

async function orderRow(id: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('an account made at checkout', () => {
  it('creates the account with the order, logs the shopper in under a new session and lists the order', async () => {
    const client = await shopper();
    const email = freshEmail();
    const { res, body } = await classicCheckout(
      client,
      form(email, { createaccount: '1', account_password: STRONG }),
    );
    expect(body.result).toBe('success');
    const customer = await customerOf(email);
    expect(customer?.status).toBe('active');
    expect((await orderRow(body.order_id)).customerId).toBe(customer!.id);
    // A new session id; the one the guest had is gone.
    const newId = sessionIdOf(res);
    expect(newId).toBeDefined();
    const oldId = client.cookieHeader.split('=')[1]!;
    expect(newId).not.toBe(oldId);
    const old = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(oldId)));
    expect(old).toHaveLength(0);
    const page = await fetch(`${shop.url}/my-account/orders`, {
      headers: { cookie: `${SESSION_COOKIE}=${newId}` },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/my-account/view-order/${body.order_id}`);
  });

  it('asks for the password when the box is ticked, and places nothing without it', async () => {
    const client = await shopper();
    const email = freshEmail();
    const { body } = await classicCheckout(client, form(email, { createaccount: '1' }));
    expect(body.result).toBe('failure');
    expect(body.messages).toContain('data-id="account_password"');
    expect(body.messages).toContain('Bitte geben Sie ein Passwort ein.');
    expect(await customerOf(email)).toBeUndefined();
    expect((await client.cart()).items).toHaveLength(1);
  });

  it('ignores the password when the box is not ticked: a guest order, no account', async () => {
    const client = await shopper();
    const email = freshEmail();
    const { res, body } = await classicCheckout(client, form(email, { account_password: STRONG }));
    expect(body.result).toBe('success');
    expect(await customerOf(email)).toBeUndefined();
    expect((await orderRow(body.order_id)).customerId).toBeNull();
    expect(sessionIdOf(res)).toBeUndefined();
  });

  it('with double opt-in: the account waits for its link, the shopper stays a guest', async () => {
    await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, { doubleOptIn: true });
    const client = await shopper();
    const email = freshEmail();
    const { res, body } = await classicCheckout(
      client,
      form(email, { createaccount: '1', account_password: STRONG }),
    );
    expect(body.result).toBe('success');
    const customer = await customerOf(email);
    expect(customer?.status).toBe('pending');
    expect((await orderRow(body.order_id)).customerId).toBe(customer!.id);
    expect(sessionIdOf(res)).toBeUndefined();
    // The order confirmation and the activation mail both go to the address.
    await expect
      .poll(() =>
        outboxMails(shop.dataDir).some(
          (m) =>
            (m.header('to') ?? '').includes(email) && m.text.includes('/my-account/activate?key='),
        ),
      )
      .toBe(true);
  });

  it('for an address with an account: the order is placed as a guest order and only its owner hears of it', async () => {
    const email = freshEmail();
    const first = await shopper();
    await classicCheckout(first, form(email, { createaccount: '1', account_password: STRONG }));
    const owner = await customerOf(email);
    const client = await shopper();
    const { res, body } = await classicCheckout(
      client,
      form(email, { createaccount: '1', account_password: 'Ein-anderes-Passwort-99' }),
    );
    expect(body.result).toBe('success');
    expect((await orderRow(body.order_id)).customerId).toBeNull();
    expect(sessionIdOf(res)).toBeUndefined();
    const row = await customerOf(email);
    expect(row!.passwordHash).toBe(owner!.passwordHash);
  });

  it('holds the password to the minimum strength only when the shop says so', async () => {
    const weak = 'kerze';
    const lenient = await shopper();
    const allowed = await classicCheckout(
      lenient,
      form(freshEmail(), { createaccount: '1', account_password: weak }),
    );
    expect(allowed.body.result).toBe('success');
    await putSetting(shop.database.db, ACCOUNT_SETTINGS_KEY, {
      doubleOptIn: false,
      stopCheckout: true,
    });
    const strict = await shopper();
    const email = freshEmail();
    const refused = await classicCheckout(
      strict,
      form(email, { createaccount: '1', account_password: weak }),
    );
    expect(refused.body.result).toBe('failure');
    expect(refused.body.messages).toContain('Bitte wählen Sie ein stärkeres Passwort.');
    expect(await customerOf(email)).toBeUndefined();
  });

  it('without guest checkout: an account is required, and made without the box', async () => {
    await putSetting(shop.database.db, GUEST_CHECKOUT_SETTING, false);
    const client = await shopper();
    const email = freshEmail();
    const refused = await classicCheckout(client, form(email));
    expect(refused.body.result).toBe('failure');
    expect(refused.body.messages).toContain('data-id="account_password"');
    const placed = await classicCheckout(client, form(email, { account_password: STRONG }));
    expect(placed.body.result).toBe('success');
    expect((await orderRow(placed.body.order_id)).customerId).toBe((await customerOf(email))!.id);
  });

  it('refuses hostile account fields without a 5xx', async () => {
    const client = await shopper();
    for (const password of ['a'.repeat(10_000), 'pass\u0000word']) {
      const { res, body } = await classicCheckout(
        client,
        form(freshEmail(), { createaccount: '1', account_password: password }),
      );
      expect(res.status).toBeLessThan(500);
      if (password.length > 200) expect(body.result).toBe('failure');
    }
    const array = await fetch(`${shop.url}/wc/store/v1/checkout`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        nonce: client.nonce,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        billing_address: { first_name: 'Mia', email: freshEmail() },
        create_account: 'yes',
        customer_password: [STRONG],
        additional_fields: { terms: true },
      }),
    });
    expect(array.status).toBe(400);
  });
});

describe('the Store API checkout with create_account', () => {
  const billing = (email: string) => ({
    first_name: 'Mia',
    last_name: 'Sommer',
    address_1: 'Lindenweg 3',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
    email,
  });

  it('answers with the new customer_id and the order is theirs', async () => {
    const client = await shopper();
    const email = freshEmail();
    const res = await client.post('/checkout', {
      billing_address: billing(email),
      payment_method: 'bacs',
      create_account: true,
      customer_password: STRONG,
      additional_fields: { terms: true },
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    const customer = await customerOf(email);
    expect(body.customer_id).toBe(customer!.id);
  });

  it('without guest checkout refuses a guest without a password, naming it', async () => {
    await putSetting(shop.database.db, GUEST_CHECKOUT_SETTING, false);
    const client = await shopper();
    const res = await client.post('/checkout', {
      billing_address: billing(freshEmail()),
      payment_method: 'bacs',
      additional_fields: { terms: true },
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(400);
    expect(body.code).toBe('woocommerce_rest_checkout_missing_password');
    expect(body.data.params.param).toBe('customer_password');
    expect((await client.cart()).items).toHaveLength(1);
  });
});
