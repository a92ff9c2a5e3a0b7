import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { foldOrderStatusCounts, orderStatusCounts } from './admin-orders.server.ts';
import { transitionOrder } from './lifecycle.server.ts';
import { ORDER_STATUSES, orderStatusCounts as countRows, orders } from './orders.schema.ts';

let handle: DatabaseHandle;
let productId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  productId = (await createProduct(handle.db, { name: { de: 'Tasse', en: 'Mug' } })).product.id;
});
afterAll(async () => {
  await handle?.close();
});

async function realCounts() {
  const rows = await handle.db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return { ...counts, all: rows.reduce((s, r) => s + Number(r.n), 0) };
}

describe('order status counts', () => {
  it('follow inserts, status changes, deletes and bulk inserts, before and after a fold', async () => {
    const db = handle.db;
    const a = await createOrder(db, { productIds: [productId], status: 'processing' });
    const b = await createOrder(db, { productIds: [productId], status: 'on-hold' });
    await createOrder(db, { productIds: [productId], status: 'pending' });
    expect(await orderStatusCounts(db)).toEqual(await realCounts());
    expect((await transitionOrder(db, a.id, 'completed')).ok).toBe(true);
    // An update that leaves the status alone appends nothing.
    const before = (await db.select().from(countRows)).length;
    await db.update(orders).set({ customerNote: 'x' }).where(eq(orders.id, b.id));
    expect((await db.select().from(countRows)).length).toBe(before);
    await db.delete(orders).where(eq(orders.id, b.id));
    await db.execute(sql`insert into orders (order_key, status, billing_address, shipping_address,
        payment_method, payment_method_title, currency, items_total, items_tax, total, total_tax, consent)
      select 'wc_order_count' || g, 'failed', o.billing_address, o.shipping_address, 'bacs', 'x',
        'EUR', 0, 0, 0, 0, o.consent from orders o, generate_series(1, 5) g where o.id = ${a.id}`);
    const counts = await orderStatusCounts(db);
    expect(counts).toEqual(await realCounts());
    expect(counts.failed).toBe(5);
    await foldOrderStatusCounts(db);
    expect(await orderStatusCounts(db)).toEqual(counts);
    const rows = await db.select().from(countRows);
    expect(rows.length).toBe(new Set(rows.map((r) => r.status)).size);
  });
});
