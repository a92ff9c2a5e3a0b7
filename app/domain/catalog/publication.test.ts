import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { products } from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';
import { listCatalog } from './product-list.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const listed = async (ids: number[]) =>
  (await listCatalog(handle.db, { locale: 'de', page: 1, perPage: 10, ids }))!.items.map(
    (p) => p.id,
  );

/** Counts the statements that look for due products, on the embedded database's client. */
function countDueLookups(): () => number {
  const client = (handle.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  let seen = 0;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    if (String(args[0]).includes(`= 'future'`)) seen++;
    return query(...args);
  };
  return () => seen;
}

describe('scheduled products in listings', () => {
  it('lists a scheduled product once its date has come, with no write in between', async () => {
    const { product: now } = await createProduct(handle.db, { regularPrice: 100 });
    const { product: later } = await createProduct(handle.db, { regularPrice: 200 });
    await handle.db
      .update(products)
      .set({ status: 'future', createdAt: new Date(Date.now() + 1500) })
      .where(eq(products.id, later.id));
    expect(await listed([now.id, later.id])).toEqual([now.id]);
    await expect.poll(() => listed([now.id, later.id]), { timeout: 15_000 }).toContain(later.id);
    const [row] = await handle.db
      .select({ published: productListing.published })
      .from(productListing)
      .where(eq(productListing.productId, later.id));
    expect(row?.published).toBe(true);
  });

  it('asks for due products again only after a write or once the next date has come', async () => {
    if (handle.kind !== 'pglite') return;
    const { product } = await createProduct(handle.db, { regularPrice: 300 });
    const lookups = countDueLookups();
    await listed([product.id]);
    await listed([product.id]);
    await listed([product.id]);
    expect(lookups()).toBe(1);
    // A product scheduled meanwhile is a write: the next listing looks again and finds it due.
    const { product: scheduled } = await createProduct(handle.db, { regularPrice: 400 });
    await handle.db
      .update(products)
      .set({ status: 'future', createdAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, scheduled.id));
    await handle.db
      .update(productListing)
      .set({ published: false })
      .where(eq(productListing.productId, scheduled.id));
    expect(await listed([product.id, scheduled.id])).toEqual(
      expect.arrayContaining([product.id, scheduled.id]),
    );
    expect(lookups()).toBe(2);
  });
});
