import { readFileSync, readdirSync } from 'node:fs';
import { outboxSettled } from '../support/outbox.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { hashSessionId } from '#app/lib/session.server.ts';
import type { TestShop } from '../support/shop.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

const billing = GERMAN_BILLING;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 100 }));
});

afterAll(async () => {
  await shop?.close();
});

async function shopper() {
  const client = await StoreClient.start(shop.url);
  const res = await client.post('/cart/add-item', { id: candle, quantity: 2 });
  expect(res.status).toBe(201);
  return client;
}

async function checkout(client: StoreClient, body: Record<string, unknown>) {
  const res = await client.post('/checkout', body);
  return { status: res.status, body: (await res.json()) as any };
}

const valid = {
  billing_address: billing,
  payment_method: 'bacs',
  additional_fields: { terms: true },
};

describe('Store API checkout', () => {
  it('places the cart with server prices and answers with the order and its payment result', async () => {
    const client = await shopper();
    const { status, body } = await checkout(client, {
      ...valid,
      // Whatever a client claims about money is not read.
      total: 1,
      prices: { price: '1' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'on-hold',
      payment_method: 'bacs',
      billing_address: { email: 'erika@example.org', country: 'DE' },
      shipping_address: { city: 'Berlin' },
      payment_result: { payment_status: 'success' },
    });
    expect(body.order_key).toMatch(/^wc_order_/);
    expect(body.order_number).toMatch(/^\d+$/);
    expect(body.payment_result.redirect_url).toContain(
      `/checkout/order-received/${body.order_id}?key=`,
    );
    expect(body.payment_result.payment_details.map((d: any) => d.key)).toContain('iban');
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, body.order_id));
    expect(row!.itemsTotal).toBe(2580);
    expect(row!.total).toBe(2580 + 490);
    expect((await client.cart()).items).toHaveLength(0);
  });

  it('refuses a checkout without the terms consent, naming it', async () => {
    const client = await shopper();
    for (const additional of [undefined, {}, { terms: false }, { terms: 'true' }]) {
      const { status, body } = await checkout(client, { ...valid, additional_fields: additional });
      expect(status).toBe(400);
      if (additional && typeof (additional as any).terms === 'string') {
        expect(body.code).toBe('rest_invalid_param');
      } else {
        expect(body.code).toBe('woocommerce_rest_checkout_missing_consent');
        expect(body.message).toContain('terms');
      }
    }
    expect((await client.cart()).items).toHaveLength(1);
  });

  it('names the broken address field and refuses unknown payment methods', async () => {
    const client = await shopper();
    const missing = await checkout(client, {
      ...valid,
      billing_address: { ...billing, city: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { param: 'billing_address', field: 'billing_city' } },
    });
    // A method no gateway registers is malformed; a registered one switched off is disabled.
    const unknown = await checkout(client, { ...valid, payment_method: 'free_money' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { param: 'payment_method' } },
    });
    const off = await checkout(client, { ...valid, payment_method: 'stripe_bacs_debit' });
    expect(off.status).toBe(400);
    expect(off.body.code).toBe('woocommerce_rest_checkout_payment_method_disabled');
  });

  it('never answers 5xx to hostile input', async () => {
    const client = await shopper();
    const bodies: unknown[] = [
      { ...valid, billing_address: 'text' },
      { ...valid, billing_address: [billing] },
      { ...valid, billing_address: { ...billing, city: TEN_KB } },
      { ...valid, payment_method: ['bacs'] },
      { ...valid, payment_data: 'x' },
      { ...valid, customer_note: 42 },
      ...HOSTILE_VALUES.map((v) => ({ ...valid, billing_address: { ...billing, city: v } })),
    ];
    for (const body of bodies) {
      const res = await client.post('/checkout', body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const nul = await client.raw('/checkout', '{"billing_address":{"city":"\\u0000"}}', {
      'content-type': 'application/json',
    });
    expect(nul.status).toBe(400);
  });

  it('refuses a checkout without the session token', async () => {
    const client = await shopper();
    const res = await client.raw(
      '/checkout',
      JSON.stringify(valid),
      {
        'content-type': 'application/json',
      },
      { nonce: false },
    );
    expect(res.status).toBe(403);
  });

  it('answers GET with the cart addresses as a draft', async () => {
    const client = await shopper();
    const res = await fetch(`${shop.url}/wc/store/v1/checkout`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ order_id: 0, status: 'checkout-draft' });
  });
});

describe('order pages and paying an existing order', () => {
  async function placed() {
    const client = await shopper();
    const { body } = await checkout(client, {
      ...valid,
      billing_address: { ...billing, first_name: XSS, address_1: XSS, city: `Berlin ${XSS}` },
    });
    return { client, order: body };
  }

  it('shows the order-received page with the key only, XSS inert; anything else is 404 with no data', async () => {
    const { order } = await placed();
    const good = await fetch(
      `${shop.url}/checkout/order-received/${order.order_id}?key=${order.order_key}`,
    );
    expect(good.status).toBe(200);
    const html = await good.text();
    expect(html).toContain(String(order.order_number));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script');
    const { order: other } = await placed();
    for (const target of [
      `/checkout/order-received/${order.order_id}?key=${other.order_key}`,
      `/checkout/order-received/${order.order_id}`,
      `/checkout/order-received/${order.order_id}?key=wc_order_wrong`,
      `/checkout/order-received/999999999?key=${order.order_key}`,
      `/checkout/order-pay/${order.order_id}?key=${other.order_key}`,
      `/checkout/order-received/abc?key=${order.order_key}`,
    ]) {
      const res = await fetch(`${shop.url}${target}`);
      expect(res.status, target).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('erika@example.org');
      expect(text).not.toContain(String(order.order_number));
    }
  });

  it('mails the confirmation with the legal texts, escaped, and the shop a notice', async () => {
    const { order } = await placed();
    const outbox = path.join(shop.dataDir, 'outbox');
    // The mails go out after the answer, from the shop's outbox.
    await outboxSettled(shop);
    const mails = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes(String(order.order_number)));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const confirmation = mails.find((m) => /To: erika@example\.org/.test(m))!;
    expect(confirmation).toBeDefined();
    const decoded = confirmation
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toMatch(/Widerrufsbelehrung|Right of withdrawal/);
    expect(decoded).toMatch(/Muster-Widerrufsformular|withdrawal form/i);
    // The versions accepted at checkout are named, and the texts are those versions.
    expect(decoded).toMatch(/(Fassung|Version) \d+, (ver|published on)/);
    expect(decoded).toContain('IBAN');
    // The plain-text part shows the name as typed; the HTML part must hold it escaped.
    const html = decoded.slice(decoded.indexOf('Content-Type: text/html'));
    expect(html).toContain('<table');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });

  it('pays a pending order from the mailed link in a new browser: the page starts its session', async () => {
    const { order } = await placed();
    await shop.database.db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.id, order.order_id));
    const link = `${shop.url}/checkout/order-pay/${order.order_id}?key=${order.order_key}`;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toBeDefined();
    const security = /name="security" value="([^"]+)"/.exec(await page.text())?.[1];
    expect(security).toBeTruthy();
    const paid = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: shop.url,
        cookie: cookie!.split(';')[0]!,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ security: security!, payment_method: 'invoice', terms: '1' }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/checkout/order-received/${order.order_id}`);
    const [stored] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.order_id));
    expect(stored!.status).toBe('processing');
  });

  it('pays a pending order through the Store API with its key and e-mail only', async () => {
    const { order } = await placed();
    await shop.database.db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.id, order.order_id));
    const client = await StoreClient.start(shop.url);
    const wrongKey = await client.post(`/checkout/${order.order_id}`, {
      key: 'wc_order_nope',
      billing_email: 'erika@example.org',
      payment_method: 'invoice',
    });
    expect(wrongKey.status).toBe(404);
    const wrongMail = await client.post(`/checkout/${order.order_id}`, {
      key: order.order_key,
      billing_email: 'mallory@example.org',
      payment_method: 'invoice',
    });
    expect(wrongMail.status).toBe(404);
    const paid = await client.post(`/checkout/${order.order_id}`, {
      key: order.order_key,
      billing_email: 'ERIKA@example.org',
      payment_method: 'invoice',
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'processing', payment_method: 'invoice' });
    const again = await client.post(`/checkout/${order.order_id}`, {
      key: order.order_key,
      billing_email: 'erika@example.org',
      payment_method: 'invoice',
    });
    expect(again.status).toBe(400);
  });
});

describe('classic checkout calls', () => {
  async function classic(client: StoreClient, action: string, fields: Record<string, string>) {
    const res = await fetch(`${shop.url}/wc-ajax/${action}`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ security: client.nonce, ...fields }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const form = (overrides: Record<string, string> = {}) => ({
    billing_first_name: 'Max',
    billing_last_name: 'Muster',
    billing_country: 'AT',
    billing_address_1: 'Ring 1',
    billing_postcode: '1010',
    billing_city: 'Wien',
    billing_email: 'max@example.org',
    billing_phone: '+43 1 234567',
    payment_method: 'invoice',
    terms: '1',
    ...overrides,
  });

  it('refreshes the order review for the address and answers with fragments', async () => {
    const client = await shopper();
    const { status, body } = await classic(client, 'update_order_review', {
      country: 'AT',
      postcode: '1010',
      city: 'Wien',
      post_data: new URLSearchParams(form()).toString(),
    });
    expect(status).toBe(200);
    expect(body.result).toBe('success');
    expect(body.reload).toBe(false);
    expect(Object.keys(body.fragments)).toEqual([
      '.woocommerce-checkout-review-order-table',
      '.woocommerce-checkout-payment',
    ]);
    // Austria: the rest-of-EU rate, and VAT still at the shop's rate for the goods.
    expect(body.review.cart.shipping.address.country).toBe('AT');
    expect(body.review.cart.shipping.chosen.cost).toBe(1290);
  });

  it('lists every problem with its field, then places the order once for one key', async () => {
    const client = await shopper();
    const failed = await classic(
      client,
      'checkout',
      form({
        billing_email: 'nope',
        billing_city: '',
        billing_phone: 'call me',
        terms: '',
      }),
    );
    expect(failed.body.result).toBe('failure');
    for (const field of ['billing_email', 'billing_city', 'billing_phone', 'terms']) {
      expect(failed.body.messages).toContain(`data-id="${field}"`);
    }
    const key = `key-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => classic(client, 'checkout', form({ checkout_key: key }))),
    );
    const redirects = new Set(answers.map((a) => a.body.redirect));
    expect(answers.every((a) => a.body.result === 'success')).toBe(true);
    expect(redirects.size).toBe(1);
    const found = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(found).toHaveLength(1);
  });

  it('answers a checkout without the token with 403 and places nothing', async () => {
    const client = await shopper();
    const res = await fetch(`${shop.url}/wc-ajax/checkout`, {
      method: 'POST',
      headers: { cookie: client.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form()),
    });
    expect(res.status).toBe(403);
  });
});

describe('account orders', () => {
  async function customerClient(email: string) {
    const client = await shopper();
    const [customer] = await shop.database.db
      .insert(customers)
      .values({ email, firstName: 'Kim' })
      .returning();
    const sid = client.cookieHeader.split('=')[1]!;
    await shop.database.db
      .update(sessions)
      .set({ customerId: customer!.id })
      .where(eq(sessions.idHash, hashSessionId(sid)));
    return { client, customer: customer! };
  }

  it('lists only the customer’s orders, and another customer’s order is 404', async () => {
    const a = await customerClient(`a-${Date.now()}@example.org`);
    const b = await customerClient(`b-${Date.now()}@example.org`);
    const placedA = await checkout(a.client, valid);
    const placedB = await checkout(b.client, {
      ...valid,
      billing_address: { ...billing, first_name: XSS },
    });
    expect(placedA.body.customer_id).toBe(a.customer.id);
    const list = await fetch(`${shop.url}/my-account/orders`, {
      headers: { cookie: a.client.cookieHeader },
    });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(`#${placedA.body.order_number}`);
    expect(html).not.toContain(`#${placedB.body.order_number}`);
    const own = await fetch(`${shop.url}/my-account/view-order/${placedA.body.order_id}`, {
      headers: { cookie: a.client.cookieHeader },
    });
    expect(own.status).toBe(200);
    const foreign = await fetch(`${shop.url}/my-account/view-order/${placedB.body.order_id}`, {
      headers: { cookie: a.client.cookieHeader },
    });
    expect(foreign.status).toBe(404);
    const guest = await fetch(`${shop.url}/my-account/orders`, { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/my-account');
  });

  it('sorts, searches and pages the table by its address, and cancels a pending order', async () => {
    const a = await customerClient(`c-${Date.now()}@example.org`);
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await a.client.post('/cart/add-item', { id: candle, quantity: 1 });
      expect(res.status).toBe(201);
      numbers.push((await checkout(a.client, valid)).body.order_number);
    }
    const page = async (query: string) => {
      const res = await fetch(`${shop.url}/my-account/orders${query}`, {
        headers: { cookie: a.client.cookieHeader },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await page('');
    // Newest first, ten a page by default.
    expect(first).toContain(`#${numbers[11]}`);
    expect(first).not.toContain(`#${numbers[1]}<`);
    expect(first).toMatch(/1 to 10 of 12|1 bis 10 von 12/);
    const all = await page('?per_page=25&orderby=number&order=asc');
    expect(all.indexOf(`#${numbers[0]}`)).toBeLessThan(all.indexOf(`#${numbers[11]}`));
    const second = await page('?paged=2');
    expect(second).toMatch(/11 to 12 of 12|11 bis 12 von 12/);
    const searched = await page(`?search=${numbers[5]}`);
    expect(searched).toContain(`#${numbers[5]}`);
    expect(searched).not.toContain(`#${numbers[6]}`);
    const hostile = await page(`?search=${encodeURIComponent(XSS)}&per_page=7&orderby=drop`);
    expect(hostile).not.toContain('<script>alert(1)');

    const [pending] = await shop.database.db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.number, Number(numbers[3])))
      .returning();
    const cancel = await fetch(`${shop.url}/my-account/orders`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: a.client.cookieHeader,
        'content-type': 'application/x-www-form-urlencoded',
        origin: shop.url,
      },
      body: new URLSearchParams({ security: a.client.nonce, order_id: String(pending!.id) }),
    });
    expect(cancel.status).toBe(200);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(row!.status).toBe('cancelled');
  });
});
