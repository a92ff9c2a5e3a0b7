import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { openTestDatabase } from '../support/database.ts';
import { paidTransferOrder, refundForms, refundRows } from '../support/refunds.ts';
import { type ShopProcess, spawnShop } from '../support/shop-process.ts';

// Two managers refund the same order at the same moment on two app instances sharing one
// PostgreSQL database. The embedded database belongs to one process, so without
// TEST_DATABASE_URL this file is skipped.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Instance = ShopProcess & { dataDir: string };

let database: DatabaseHandle & { url?: string };
const instances: Instance[] = [];
let managers: SignedIn[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  // One after the other: each instance brings the database's functions up to date at start.
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
    instances.push({
      ...(await spawnShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir })),
      dataDir,
    });
  }
  managers = [
    await signedInCustomer(database.db, { role: 'shop_manager' }),
    await signedInCustomer(database.db, { role: 'shop_manager' }),
  ];
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    await instance.stop();
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await database?.close();
});

describe.skipIf(!onPostgres)('refunds on two app instances at once', () => {
  it('two refunds that together exceed the paid amount: exactly one goes through', async () => {
    for (let round = 0; round < 5; round++) {
      // 50.60 paid; each manager refunds 30.00.
      const { order } = await paidTransferOrder(database.db);
      const answers = await Promise.all(
        instances.map(async (instance, i) => {
          const form = refundForms(() => instance.url);
          const security = await form.security(order.id, managers[i]!.cookie);
          return form.post(order.id, managers[i]!.cookie, {
            intent: 'refund',
            step: 'refund',
            security,
            free: '30,00',
          });
        }),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([302, 400]);
      const refused = answers.find((a) => a.status === 400)!;
      expect(await refused.text()).toContain('more than is left to refund');
      const rows = await refundRows(database.db, order.id);
      expect(rows.map((r) => [r.amount, r.status])).toEqual([[3000, 'succeeded']]);
    }
  });
});
