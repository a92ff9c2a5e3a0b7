import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { createApiKey, revokeApiKey } from '#app/domain/api-keys/api-keys.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createOrder } from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import { VIA_HTTPS, basicAuth, signedUrl, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let order: OrderRow;
const api = (path: string) => `${shop.url}/wp-json/wc/v3/${path}`;

beforeAll(async () => {
  // Behind a trusted proxy, X-Forwarded-Proto: https counts as HTTPS.
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  order = await createOrder(shop.database.db, { status: 'processing', productIds: [5] });
});

afterAll(async () => {
  await shop?.close();
});

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const put = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('who may call the REST API', () => {
  it("answers 401 without credentials, in WooCommerce's shape", async () => {
    const { status, body } = await answer(await fetch(api('orders')));
    expect(status).toBe(401);
    expect(body).toMatchObject({
      code: 'woocommerce_rest_cannot_view',
      message: expect.any(String),
      data: { status: 401 },
    });
  });

  it('gives keys to staff only: a customer account gets none', async () => {
    const customer = await signedInCustomer(shop.database.db, { role: 'customer' });
    const created = await createApiKey(
      shop.database.db,
      { email: customer.customer.email, permissions: 'read_write' },
      shop.env.API_KEY_SECRET,
      SYSTEM_ACTOR,
    );
    expect(created).toMatchObject({ ok: false, error: { code: 'api_key.error.not_staff' } });
    const admin = await staffKey(shop, 'read', 'administrator');
    expect(admin.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(admin.consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
  });

  it('lets a read key read and not write (403)', async () => {
    const key = await staffKey(shop, 'read');
    expect((await fetch(signedUrl(api(`orders/${order.id}`), 'GET', key))).status).toBe(200);
    const url = signedUrl(api(`orders/${order.id}`), 'PUT', key);
    const { status, body } = await answer(await put(url, { customer_note: 'x' }));
    expect(status).toBe(403);
    expect(body.code).toBe('woocommerce_rest_authentication_error');
  });

  it('lets a write key write and not read; a read_write key both', async () => {
    const write = await staffKey(shop, 'write');
    expect((await fetch(signedUrl(api(`orders/${order.id}`), 'GET', write))).status).toBe(403);
    const written = await put(signedUrl(api(`orders/${order.id}`), 'PUT', write), {
      customer_note: 'vom ERP',
    });
    expect(written.status).toBe(200);
    const both = await staffKey(shop, 'read_write');
    const read = await answer(await fetch(signedUrl(api(`orders/${order.id}`), 'GET', both)));
    expect(read.body.customer_note).toBe('vom ERP');
  });

  it('refuses a revoked key, a wrong secret, a replayed nonce and an old timestamp (401)', async () => {
    const key = await staffKey(shop, 'read');
    const url = api('orders');
    const nonce = 'einmalig-1234567890';
    expect((await fetch(signedUrl(url, 'GET', key, { nonce }))).status).toBe(200);
    const replay = await answer(await fetch(signedUrl(url, 'GET', key, { nonce })));
    expect(replay).toMatchObject({
      status: 401,
      body: { code: 'woocommerce_rest_authentication_error' },
    });
    expect(replay.body.message).toMatch(/nonce/i);
    const old = await answer(
      await fetch(
        signedUrl(url, 'GET', key, { timestamp: Math.floor(Date.now() / 1000) - 16 * 60 }),
      ),
    );
    expect(old.status).toBe(401);
    const wrong = { ...key, consumerSecret: `cs_${'0'.repeat(40)}` };
    expect((await fetch(signedUrl(url, 'GET', wrong))).status).toBe(401);
    expect(
      (await fetch(signedUrl(url, 'GET', key, { signatureMethod: 'HMAC-SHA256' }))).status,
    ).toBe(200);
    await revokeApiKey(shop.database.db, key.id, SYSTEM_ACTOR);
    const revoked = await answer(await fetch(signedUrl(url, 'GET', key)));
    expect(revoked).toMatchObject({
      status: 401,
      body: { code: 'woocommerce_rest_authentication_error' },
    });
  });

  it('takes HTTP Basic and query credentials over HTTPS only', async () => {
    const key = await staffKey(shop, 'read');
    const overHttps = await fetch(api('orders'), {
      headers: { authorization: basicAuth(key), ...VIA_HTTPS },
    });
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.get('x-wp-total')).not.toBeNull();
    const query = `consumer_key=${key.consumerKey}&consumer_secret=${key.consumerSecret}`;
    expect((await fetch(`${api('orders')}?${query}`, { headers: VIA_HTTPS })).status).toBe(200);
    const overHttp = await fetch(api('orders'), { headers: { authorization: basicAuth(key) } });
    expect(overHttp.status).toBe(401);
    expect((await fetch(`${api('orders')}?${query}`)).status).toBe(401);
    const wrong = await fetch(api('orders'), {
      headers: { authorization: basicAuth({ ...key, consumerSecret: 'cs_wrong' }), ...VIA_HTTPS },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it("takes a shop manager's session with its nonce; a customer's session gets 403", async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const nonce = sessionNonce({ idHash: manager.idHash }, shop.env);
    const withNonce = await fetch(api(`orders/${order.id}`), {
      headers: { cookie: manager.cookie, 'x-wp-nonce': nonce },
    });
    expect(withNonce.status).toBe(200);
    expect(
      (
        await fetch(`${api(`orders/${order.id}`)}?_wpnonce=${nonce}`, {
          headers: { cookie: manager.cookie },
        })
      ).status,
    ).toBe(200);
    // Without the nonce the cookie alone counts for nothing (no forgery from other sites).
    expect((await fetch(api('orders'), { headers: { cookie: manager.cookie } })).status).toBe(401);
    const badNonce = await answer(
      await fetch(api('orders'), { headers: { cookie: manager.cookie, 'x-wp-nonce': 'falsch' } }),
    );
    expect(badNonce).toMatchObject({ status: 403, body: { code: 'rest_cookie_invalid_nonce' } });
    const customer = await signedInCustomer(shop.database.db, { role: 'customer' });
    const denied = await answer(
      await fetch(api('orders'), {
        headers: {
          cookie: customer.cookie,
          'x-wp-nonce': sessionNonce({ idHash: customer.idHash }, shop.env),
        },
      }),
    );
    expect(denied).toMatchObject({ status: 403, body: { code: 'woocommerce_rest_cannot_view' } });
  });
});

describe('hostile input', () => {
  it('answers 400 rest_invalid_param, never 500', async () => {
    const key = await staffKey(shop, 'read_write');
    const get = async (query: string) =>
      answer(await fetch(signedUrl(`${api('orders')}?${query}`, 'GET', key)));
    for (const query of [
      'per_page=1000',
      'per_page=abc',
      'status=gestohlen',
      'page=-1',
      'after=gestern',
      `search=${'x'.repeat(5_000)}`,
      'orderby=total',
    ]) {
      const { status, body } = await get(query);
      expect([status, body.code], query.slice(0, 30)).toEqual([400, 'rest_invalid_param']);
    }
    const hostile = async (payload: unknown) =>
      answer(await put(signedUrl(api(`orders/${order.id}`), 'PUT', key), payload));
    for (const payload of [
      { customer_note: 'a\u0000b' },
      { customer_note: 'x'.repeat(10_000) },
      { status: ['completed'] },
      { status: 5 },
      { billing: 'Straße' },
      { billing: { first_name: ['Erika'] } },
      { billing: { email: 'keine-adresse' } },
      { line_items: [{ product_id: 1, quantity: 100 }] },
    ]) {
      const { status, body } = await hostile(payload);
      expect([status, body.code], JSON.stringify(payload).slice(0, 40)).toEqual([
        400,
        'rest_invalid_param',
      ]);
    }
    const notJson = await fetch(signedUrl(api(`orders/${order.id}`), 'PUT', key), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"status":',
    });
    expect(notJson.status).toBe(400);
    const unknownRoute = await answer(await fetch(signedUrl(api('orders/abc'), 'GET', key)));
    expect(unknownRoute).toMatchObject({ status: 404, body: { code: 'rest_no_route' } });
    // An address over 8 KiB stops at the server, as everywhere in the shop.
    const long = await fetch(
      signedUrl(`${api('orders')}?search=${'x'.repeat(10_000)}`, 'GET', key),
    );
    expect(long.status).toBe(414);
    const huge = await answer(await fetch(signedUrl(api('orders/99999999999'), 'GET', key)));
    expect(huge.status).toBe(404);
  });
});
