import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { openTestDatabase } from '../support/database.ts';
import { invoiceOrder, useSeller } from '../support/invoice-orders.ts';
import { type ShopProcess, TEST_SECRET, spawnShop } from '../support/shop-process.ts';

// Two app processes on one PostgreSQL database issue invoices at once; the embedded database
// belongs to one process (its in-process race is in tests/api/invoices.test.ts).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Instance = ShopProcess & { dataDir: string };

let database: DatabaseHandle & { url?: string };
let instances: Instance[] = [];
let manager: SignedIn;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  await useSeller(database.db);
  manager = await signedInCustomer(database.db, { role: 'shop_manager' });
  instances = await Promise.all(
    [0, 1].map(async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-invoices-'));
      return { ...(await spawnShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir })), dataDir };
    }),
  );
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    await instance.stop();
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await database?.close();
});

describe.skipIf(!onPostgres)('invoice numbers across two app processes', () => {
  it('gives 50 invoices created at once on two instances 50 consecutive numbers', async () => {
    const orders = [];
    for (let i = 0; i < 50; i++) {
      orders.push(await invoiceOrder(database.db, { status: 'processing', paid: true }));
    }
    const security = sessionNonce({ idHash: manager.idHash }, {
      SESSION_SECRET: TEST_SECRET,
    } as never);
    const answers = await Promise.all(
      orders.map((order, i) =>
        fetch(`${instances[i % 2]!.url}/admin/orders/${order.id}/invoices`, {
          method: 'POST',
          headers: {
            cookie: manager.cookie,
            origin: instances[i % 2]!.url,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: `security=${security}`,
          redirect: 'manual',
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toContain('invoice=created');
    }
    const rows = await database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          orders.map((o) => o.id),
        ),
      );
    const sequence = rows.map((r) => Number(r.number.split('-').at(-1))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  }, 180_000);
});
