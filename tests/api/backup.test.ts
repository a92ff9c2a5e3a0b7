import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { type DatabaseHandle, openDatabase } from '#app/lib/db.server.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { createTestDatabase } from '../support/database.ts';
import type { TestShop } from '../support/shop.ts';
import { spawnShop } from '../support/shop-process.ts';
import { StoreClient } from '../support/store-client.ts';

// The same file runs on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
const serverUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];
let shop: TestShop;
let candle: number;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 10_000 }));
}, 60_000);

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

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
  dirs.push(dir);
  return dir;
}

/** A database of its own on the PostgreSQL server for a restore. */
async function freshPostgres(): Promise<string> {
  const { name, url } = await createTestDatabase(serverUrl!);
  databases.push(name);
  return url;
}

/** `npm run backup` / `npm run restore` as an operator runs them (the built command). */
function command(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['build/server/backup.js', ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function placeOrder(base: string): Promise<number> {
  const client = await StoreClient.start(base);
  const added = await client.post('/cart/add-item', { id: candle, quantity: 1 });
  expect(added.status).toBe(201);
  const res = await client.post('/checkout', {
    billing_address: GERMAN_BILLING,
    payment_method: 'bacs',
    additional_fields: { terms: true },
  });
  const body = (await res.json()) as { order_id: number };
  expect(res.status).toBe(200);
  return body.order_id;
}

/** The orders with their lines, read from the restored database. */
async function ordersIn(handle: DatabaseHandle, ids: number[]) {
  const rows = await handle.db.select().from(orders).where(inArray(orders.id, ids));
  const lines = await handle.db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  return { rows, lines };
}

function openRestored(env: Record<string, string>): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 1 })
    : openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR!, 'pgdata') });
}

/** A restored shop answers the Store API and takes an order. */
async function checkRestoredShop(env: Record<string, string>) {
  const restored = await spawnShop(env);
  try {
    const products = await fetch(`${restored.url}/wc/store/v1/products`);
    expect(products.status).toBe(200);
    expect(((await products.json()) as { id: number }[]).map((p) => p.id)).toContain(candle);
    expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
    expect(await placeOrder(restored.url)).toBeGreaterThan(0);
  } finally {
    expect(await restored.stop()).toBe(0);
  }
}

let backupFile: string;
let acknowledged: number[] = [];
let restoredTarget: Record<string, string>;

describe(`backup and restore (${serverUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('backs up while orders stream in; the restored shop has every order acknowledged before, with its invoice', async () => {
    const invoices = path.join(shop.dataDir, 'invoices');
    mkdirSync(invoices, { recursive: true });
    mkdirSync(path.join(shop.dataDir, 'media'), { recursive: true });
    writeFileSync(path.join(shop.dataDir, 'media', 'kerze-large.webp'), 'picture');
    const placed: number[] = [];
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        const id = await placeOrder(shop.url);
        // The back office stores an invoice once it is issued.
        writeFileSync(path.join(invoices, `invoice-${id}.pdf`), `%PDF invoice ${id}`);
        placed.push(id);
      }
    })();
    while (placed.length < 3) await new Promise((r) => setTimeout(r, 20));

    backupFile = path.join(tempDir(), 'shop.tar.gz');
    acknowledged = [...placed];
    const env: Record<string, string> = serverUrl
      ? { DATA_DIR: shop.dataDir, DATABASE_URL: shop.database.url! }
      : { DATA_DIR: shop.dataDir };
    const backup = await command(['backup', backupFile], env);
    const during = placed.length - acknowledged.length;
    streaming = false;
    await stream;
    expect(backup.output).toContain(`backup written to ${backupFile}`);
    expect(backup.code).toBe(0);
    // Orders went on while the backup ran.
    expect(during + (placed.length - acknowledged.length)).toBeGreaterThan(0);

    const target: Record<string, string> = serverUrl
      ? { DATA_DIR: tempDir(), DATABASE_URL: await freshPostgres() }
      : { DATA_DIR: tempDir() };
    const restore = await command(['restore', backupFile], target);
    expect(restore.output).toMatch(/^restored the backup of .* with media, invoices/);
    expect(restore.code).toBe(0);

    const handle = await openRestored(target);
    const { rows, lines } = await ordersIn(handle, acknowledged);
    await handle.close();
    expect(rows.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
    expect(lines).toHaveLength(acknowledged.length);
    for (const id of acknowledged) {
      expect(
        readFileSync(path.join(target.DATA_DIR!, 'invoices', `invoice-${id}.pdf`), 'utf8'),
      ).toBe(`%PDF invoice ${id}`);
    }
    expect(existsSync(path.join(target.DATA_DIR!, 'media', 'kerze-large.webp'))).toBe(true);
    await checkRestoredShop(target);
    restoredTarget = target;
  }, 180_000);

  it('refuses to restore into a database or folder that holds data, unless --force', async () => {
    const target = restoredTarget;
    const again = await command(['restore', backupFile], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty|holds/);
    expect(again.output).toMatch(/--force/);
    const forced = await command(['restore', backupFile, '--force'], target);
    expect(forced.code).toBe(0);
    const handle = await openRestored(target);
    const { rows } = await ordersIn(handle, acknowledged);
    await handle.close();
    expect(rows).toHaveLength(acknowledged.length);
  }, 120_000);

  it.skipIf(!serverUrl)(
    'moves the shop between the databases: PostgreSQL to the embedded one and back',
    async () => {
      const embedded: Record<string, string> = { DATA_DIR: tempDir() };
      expect((await command(['restore', backupFile], embedded)).code).toBe(0);
      // No shop runs on the folder: the command opens the embedded database itself.
      const second = path.join(tempDir(), 'embedded.tar.gz');
      expect((await command(['backup', second], embedded)).code).toBe(0);
      const postgres = { DATA_DIR: tempDir(), DATABASE_URL: await freshPostgres() };
      expect((await command(['restore', second], postgres)).code).toBe(0);
      const handle = await openRestored(postgres);
      const { rows, lines } = await ordersIn(handle, acknowledged);
      await handle.close();
      expect(rows).toHaveLength(acknowledged.length);
      expect(lines).toHaveLength(acknowledged.length);
      await checkRestoredShop(embedded);
      await checkRestoredShop(postgres);
    },
    240_000,
  );
});
