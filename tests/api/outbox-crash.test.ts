import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { outbox } from '#app/domain/orders/outbox.schema.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#app/lib/db.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createTestDatabase } from '../support/database.ts';
import { type TestSmtp, startTestSmtp } from '../support/forms-smtp.ts';
import { type ShopProcess, spawnShop } from '../support/shop-process.ts';

// An instance dies right after an order's commit, before its confirmation could go out (the
// mail server refused it). The next instance on the same database sends it, exactly once.
const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
let databaseUrl: string | undefined;
let smtp: TestSmtp;
let productId = 0;
let running: ChildProcess | null = null;

/** The built shop as a process of its own, on this file's database. */
async function startInstance(): Promise<ShopProcess> {
  const instance = await spawnShop({
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS: 'on',
  });
  running = instance.child;
  return instance;
}

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl, max: 2 }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') },
  );
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  if (serverUrl) databaseUrl = (await createTestDatabase(serverUrl)).url;
  productId = await withDatabase(async (handle) => {
    await migrateDatabase(handle);
    await seedDemoShipping(handle.db);
    await seedDemoCheckout(handle.db);
    const { product } = await createProduct(handle.db, { regularPrice: 1900 });
    return product.id;
  });
}, 120_000);

afterAll(async () => {
  running?.kill('SIGKILL');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function placeOrder(url: string): Promise<{ id: number; number: number }> {
  const start = await fetch(`${url}/wc/store/v1/cart`);
  await start.arrayBuffer();
  const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
  const nonce = start.headers.get('nonce')!;
  const headers = { cookie, nonce, 'content-type': 'application/json', origin: url };
  const added = await fetch(`${url}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: productId, quantity: 1 }),
  });
  expect(added.status).toBe(201);
  await added.arrayBuffer();
  const res = await fetch(`${url}/wc/store/v1/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      billing_address: {
        first_name: 'Jonas',
        last_name: 'Brandt',
        address_1: 'Hafenstraße 3',
        city: 'Kiel',
        postcode: '24103',
        country: 'DE',
        email: 'jonas.crash@example.org',
      },
      payment_method: 'bacs',
      additional_fields: { terms: true },
    }),
  });
  const body = (await res.json()) as { order_id: number; order_number: string; status: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.status).toBe('on-hold');
  return { id: body.order_id, number: Number(body.order_number) };
}

const confirmations = (number: number) =>
  smtp.messages.filter(
    (m) => m.to.includes('jonas.crash@example.org') && m.raw.toString().includes(String(number)),
  );

describe('an order whose instance dies right after the commit', () => {
  it('still gets exactly one confirmation mail after the restart', async () => {
    smtp.refuse('rcpt');
    const first = await startInstance();
    const order = await placeOrder(first.url);
    // Killed without warning: nothing is flushed or finished.
    first.child.kill('SIGKILL');
    await first.stop();
    expect(confirmations(order.number)).toHaveLength(0);

    smtp.refuse(null);
    const second = await startInstance();
    // The retry is due ten seconds after the refused attempt, or once the dead instance's
    // one-minute claim has lapsed if it died while sending; the worker looks every five.
    await expect
      .poll(() => confirmations(order.number).length, { timeout: 100_000, interval: 250 })
      .toBe(1);
    const status = await fetch(`${second.url}/healthz`);
    expect(status.ok).toBe(true);
    await second.stop();
    running = null;

    const [mail] = confirmations(order.number);
    expect(mail!.raw.toString()).toMatch(/^Message-ID: <outbox-\d+-customer@/im);
    const left = await withDatabase(async (handle) => {
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe('on-hold');
      return handle.db.select().from(outbox).where(eq(outbox.orderId, order.id));
    });
    // Every effect of the order is done: nothing is left to send it a second time.
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((e) => e.doneAt === null)).toEqual([]);
    expect(confirmations(order.number)).toHaveLength(1);
  }, 180_000);
});
