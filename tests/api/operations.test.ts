import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#app/lib/db.server.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { PageClient } from '../support/account-client.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { createTestDatabase } from '../support/database.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { spawnShop } from '../support/shop-process.ts';
import { StoreClient } from '../support/store-client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let shop: TestShop;
const dirs: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  shop = await startTestShop();
});

afterAll(async () => {
  await shop?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (serverUrl && databases.length) {
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl, max: 1 });
    for (const name of databases) {
      await admin.db.execute(`drop database if exists ${name} with (force)` as never);
    }
    await admin.close();
  }
});

describe('health, readiness and metrics', () => {
  it('answers /healthz to GET and HEAD only, and 405 with Allow to anything else', async () => {
    const get = await fetch(`${shop.url}/healthz`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ status: 'ok', database: 'up' });
    const head = await fetch(`${shop.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${shop.url}/healthz`, { method, headers: { origin: shop.url } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('says on /readyz that the migrations ran and the database answers', async () => {
    const res = await fetch(`${shop.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
  });

  it('serves Prometheus metrics by route pattern to loopback, not through a proxy', async () => {
    await (await fetch(`${shop.url}/product/no-such-product`)).arrayBuffer();
    // WooCommerce's default address of a classic call counts under the call's pattern.
    await (await fetch(`${shop.url}/?wc-ajax=no_such_call`)).arrayBuffer();
    const res = await fetch(`${shop.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /shop_http_requests_total\{route="\/product\/:slug",method="GET",status="404"\} \d+/,
    );
    expect(text).not.toContain('no-such-product');
    expect(text).toMatch(
      /shop_http_requests_total\{route="\/wc-ajax\/:action",method="GET",status="404"\} \d+/,
    );
    expect(text).not.toContain('no_such_call');
    for (const name of [
      'shop_http_request_duration_seconds_bucket',
      'shop_db_pool_connections',
      'shop_outbox_backlog',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(name);
    }
    const proxied = await fetch(`${shop.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);
  });

  it('sends every answer with a request id, keeping a proxy’s own', async () => {
    const a = await fetch(`${shop.url}/healthz`);
    const b = await fetch(`${shop.url}/healthz`);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const kept = await fetch(`${shop.url}/healthz`, { headers: { 'x-request-id': 'proxy-42' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-42');
  });
});

/** A GET on a kept-alive connection; whether the agent reused a socket for it. */
function get(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('behind a reverse proxy', () => {
  it('keeps idle connections open: reused after 4.9 s and after 30 s, never reset', async () => {
    const idle = async (ms: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await get(agent, shop.url)).toEqual({ status: 200, reused: false });
        await new Promise((r) => setTimeout(r, ms));
        return await get(agent, shop.url);
      } finally {
        agent.destroy();
      }
    };
    const [short, long] = await Promise.all([idle(4_900), idle(30_000)]);
    expect(short).toEqual({ status: 200, reused: true });
    expect(long).toEqual({ status: 200, reused: true });
  }, 60_000);
});

/** A database seeded for a checkout and a login, for a shop process of its own. */
async function preparedDatabase(): Promise<{ env: Record<string, string>; candle: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-logs-'));
  dirs.push(dataDir);
  let handle: DatabaseHandle;
  let env: Record<string, string> = { DATA_DIR: dataDir };
  if (serverUrl) {
    const { name, url } = await createTestDatabase(serverUrl);
    databases.push(name);
    env = { ...env, DATABASE_URL: url };
    handle = await openDatabase({ kind: 'postgres', url, max: 1 });
  } else {
    handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  }
  await migrateDatabase(handle);
  await seedDemoShipping(handle.db);
  await seedDemoCheckout(handle.db);
  const { product } = await createProduct(handle.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1290,
    manageStock: true,
    stockQuantity: 10,
  });
  await handle.db.insert(customers).values({
    email: 'lena.privat@example.org',
    passwordHash: await hashPassword('Geheim-Wort-Kaffee-91'),
    displayName: 'Lena',
  });
  await handle.close();
  return { env, candle: product.id };
}

describe('request logs', () => {
  it('write one JSON line per request with its route pattern, and no order key, password or e-mail address', async () => {
    const { env, candle } = await preparedDatabase();
    const running = await spawnShop({ ...env, LOG_LEVEL: 'info' });
    let requestId: string | null = null;
    let orderKey = '';
    try {
      const client = await StoreClient.start(running.url);
      expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
      const placed = await client.post('/checkout', {
        billing_address: { ...GERMAN_BILLING, email: 'kaeuferin.privat@example.org' },
        payment_method: 'bacs',
        additional_fields: { terms: true },
      });
      expect(placed.status).toBe(200);
      const order = (await placed.json()) as { order_id: number; order_key: string };
      const received = await fetch(
        `${running.url}/checkout/order-received/${order.order_id}?key=${order.order_key}`,
        { headers: { cookie: client.cookieHeader } },
      );
      expect(received.status).toBe(200);
      requestId = received.headers.get('x-request-id');
      orderKey = order.order_key;
      const login = await new PageClient(running.url).post('/my-account', {
        intent: 'login',
        username: 'lena.privat@example.org',
        password: 'Geheim-Wort-Kaffee-91',
      });
      expect(login.status).toBeLessThan(400);
      expect(login.headers.get('set-cookie')).toBeTruthy();
    } finally {
      expect(await running.stop()).toBe(0);
    }
    const output = running.output();
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.route)).toEqual(
      expect.arrayContaining([
        '/wc/store/v1/cart/add-item',
        '/wc/store/v1/checkout',
        '/checkout/order-received/:orderId',
        '/my-account',
      ]),
    );
    expect(requests.find((l) => l.reqId === requestId)?.route).toBe(
      '/checkout/order-received/:orderId',
    );
    expect(orderKey).toMatch(/^wc_order_/);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(
        ['level', 'method', 'ms', 'msg', 'reqId', 'route', 'status', 'time'].sort(),
      );
    }
    for (const secret of [
      'wc_order_',
      'Geheim-Wort-Kaffee-91',
      'lena.privat@example.org',
      'kaeuferin.privat@example.org',
      'sid=',
    ]) {
      expect(output).not.toContain(secret);
    }
  }, 120_000);
});
