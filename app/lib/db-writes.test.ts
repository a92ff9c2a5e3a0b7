import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../tests/support/database.ts';
import { mayWrite, unwatchedTables } from './db-writes.server.ts';
import type { DatabaseHandle } from './db.server.ts';

describe('mayWrite', () => {
  it('lets plain reads and transaction control pass, counts everything else', () => {
    for (const read of [
      'select 1',
      '  SELECT * from products where id = $1 for update',
      'begin',
      'BEGIN ISOLATION LEVEL SERIALIZABLE',
      'commit',
      'rollback',
      'savepoint sp1',
      'release savepoint sp1',
      'set local statement_timeout = 1000',
      'listen shop_writes',
    ]) {
      expect(mayWrite(read), read).toBe(false);
    }
    for (const write of [
      'insert into carts values ($1)',
      'update products set stock = 1',
      'delete from sessions',
      'with moved as (update carts set revision = revision + 1 returning id) select * from moved',
      "select nextval('orders_id_seq')",
      'truncate jobs',
    ]) {
      expect(mayWrite(write), write).toBe(true);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('write generation on PostgreSQL', () => {
  let handle: DatabaseHandle & { url?: string };
  let productId: number;

  beforeAll(async () => {
    handle = await openTestDatabase();
    productId = (await createProduct(handle.db)).product.id;
  });
  afterAll(async () => {
    await handle.close();
  });

  const generation = () => handle.writeGeneration!();

  it('gives every table of the schema its write trigger, and listens', async () => {
    await expect.poll(() => handle.watchWrites!.listening()).toBe(true);
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    try {
      expect(await unwatchedTables(client)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('moves on its own writes at once, and not for a transaction that only reads', async () => {
    const start = generation();
    await handle.db.transaction(async (tx) => {
      await tx.select().from(products).where(eq(products.id, productId));
      await tx.execute(sql`select 1`);
    });
    expect(generation()).toBe(start);

    await handle.db.update(products).set({ stockQuantity: 7 }).where(eq(products.id, productId));
    const afterUpdate = generation();
    expect(afterUpdate).toBeGreaterThan(start);

    let inside = 0;
    await handle.db.transaction(async (tx) => {
      await tx.update(products).set({ stockQuantity: 8 }).where(eq(products.id, productId));
      inside = generation();
    });
    // Counted again at commit: an answer computed before the commit is not kept past it.
    expect(generation()).toBeGreaterThan(inside);
  });

  it('moves when another connection commits', async () => {
    const other = new pg.Client({ connectionString: handle.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update products set stock_quantity = 9 where id = $1', [productId]);
      const before = generation();
      await other.query('commit');
      await expect.poll(() => generation()).toBeGreaterThan(before);
    } finally {
      await other.end();
    }
  });

  it('stops repeating when closed', async () => {
    const second = await openTestDatabase();
    await expect.poll(() => second.watchWrites!.listening()).toBe(true);
    await second.close();
    expect(second.watchWrites!.listening()).toBe(false);
    expect(second.writeGeneration!()).not.toBe(second.writeGeneration!());
  });
});
