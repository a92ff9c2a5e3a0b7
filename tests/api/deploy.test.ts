import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { type DatabaseHandle, migrationsFolder } from '#app/lib/db.server.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { openTestDatabase } from '../support/database.ts';
import { type ShopProcess, spawnShop } from '../support/shop-process.ts';
import { StoreClient } from '../support/store-client.ts';

// The compose setup without containers: two shop processes on one PostgreSQL behind a small
// reverse proxy. Several processes need PostgreSQL (the embedded database belongs to one).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.warn('deploy.test.ts: skipped, it needs TEST_DATABASE_URL (npm run test:postgres)');
}

let database: DatabaseHandle & { url?: string };
let instances: ShopProcess[] = [];
let proxy: http.Server;
let proxyUrl: string;
let candle: number;
const dirs: string[] = [];

/** Round robin over the instances on kept-alive connections, as nginx does in compose.yaml. */
function startProxy(targets: () => ShopProcess[]): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    const live = targets();
    const target = new URL(live[next++ % live.length]!.url);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function instanceEnv(): Record<string, string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-'));
  dirs.push(dataDir);
  return {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    SHOP_URL: proxyUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  };
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  await seedDemoShipping(database.db);
  await seedDemoCheckout(database.db);
  ({
    product: { id: candle },
  } = await createProduct(database.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1290,
    manageStock: true,
    stockQuantity: 1000,
  }));
  proxy = await startProxy(() => instances.filter((i) => i.child.exitCode === null));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  instances = await Promise.all([spawnShop(instanceEnv()), spawnShop(instanceEnv())]);
}, 120_000);

afterAll(async () => {
  proxy?.close();
  for (const instance of instances) await instance.stop();
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function buy(base: string): Promise<{ status: number; orderId?: number }> {
  const client = await StoreClient.start(base);
  const added = await client.post('/cart/add-item', { id: candle, quantity: 1 });
  expect(added.status).toBe(201);
  const res = await client.post('/checkout', {
    billing_address: GERMAN_BILLING,
    payment_method: 'bacs',
    additional_fields: { terms: true },
  });
  const body = (await res.json()) as { order_id?: number };
  return { status: res.status, orderId: body.order_id };
}

describe.skipIf(!onPostgres)('two instances behind a reverse proxy on one PostgreSQL', () => {
  it('serves a purchase end to end, the requests spread over both instances', async () => {
    const { status, orderId } = await buy(proxyUrl);
    expect(status).toBe(200);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order!.status).toBe('on-hold');
    for (const instance of instances) expect(instance.output()).toContain('"route":"/wc/store/v1/');
  }, 60_000);

  it('finishes the checkouts in progress on SIGTERM: each order is placed whole or not at all', async () => {
    const [before] = await database.db.select().from(products).where(eq(products.id, candle));
    const stopping = await spawnShop(instanceEnv());
    const clients = await Promise.all(
      Array.from({ length: 6 }, () => StoreClient.start(stopping.url)),
    );
    for (const client of clients) {
      expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    }
    const answers = clients.map((client) =>
      client
        .post('/checkout', {
          billing_address: GERMAN_BILLING,
          payment_method: 'bacs',
          additional_fields: { terms: true },
        })
        .then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { order_id?: number },
        })),
    );
    // The first answer means the others are being worked on: now the deploy stops the instance.
    await Promise.race(answers);
    const exit = stopping.stop();
    const settled = await Promise.allSettled(answers);
    expect(await exit).toBe(0);
    expect(stopping.output()).toContain('SIGTERM: finishing open requests');
    // Every request that was in when the signal came got its answer.
    expect(settled.map((s) => s.status)).toEqual(settled.map(() => 'fulfilled'));
    const placed = settled
      .map(
        (s) => (s as PromiseFulfilledResult<{ status: number; body: { order_id?: number } }>).value,
      )
      .filter((a) => a.status === 200)
      .map((a) => a.body.order_id!);
    expect(placed.length).toBeGreaterThan(0);
    const lines = await database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, placed));
    expect(lines).toHaveLength(placed.length);
    const [after] = await database.db.select().from(products).where(eq(products.id, candle));
    expect(before!.stockQuantity! - after!.stockQuantity!).toBe(placed.length);
  }, 60_000);

  it('keeps serving while a newer release adds a migration, and restarts on the newer schema', async () => {
    // The newer release's migrations: this release's and one that adds (never removes).
    const newer = mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
    dirs.push(newer);
    cpSync(migrationsFolder(), newer, { recursive: true });
    const journalFile = path.join(newer, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({
      ...last,
      idx: last.idx + 1,
      when: last.when + 1,
      tag: '9999_newer_release',
    });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(
      path.join(newer, '9999_newer_release.sql'),
      'ALTER TABLE "orders" ADD COLUMN "gift_note" text;--> statement-breakpoint\nCREATE TABLE "gift_wraps" ("id" serial PRIMARY KEY, "name" text NOT NULL);',
    );
    await migrate(database.db as never, { migrationsFolder: newer });

    expect((await buy(proxyUrl)).status).toBe(200);
    for (const instance of instances) {
      const ready = await fetch(`${instance.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    // An instance of the older release restarting (a rolling deploy's rollback) starts fine.
    await instances[0]!.stop();
    instances[0] = await spawnShop(instanceEnv());
    expect((await fetch(`${instances[0].url}/readyz`)).status).toBe(200);
    expect((await buy(instances[0].url)).status).toBe(200);
  }, 120_000);
});
