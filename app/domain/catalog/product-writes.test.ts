import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createProduct as factoryProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { products } from './catalog.schema.ts';
import { createProduct, deleteProduct, slugify, updateProduct } from './product-writes.server.ts';
import { priceHistory } from './price-history.schema.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('product writes', () => {
  it('refuses the second of two concurrent creations with one SKU, without throwing', async () => {
    const sku = `RACE-${Date.now()}`;
    const results = await Promise.all([
      createProduct(handle.db, 'simple', { name: { de: 'Eins' }, sku }, SYSTEM_ACTOR),
      createProduct(handle.db, 'simple', { name: { de: 'Zwei' }, sku }, SYSTEM_ACTOR),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      error: { code: 'catalog.error.sku_taken' },
    });
  });

  it('gives a taken slug the next free number, and records each price', async () => {
    const first = await createProduct(
      handle.db,
      'simple',
      { name: { de: 'Gleicher Name' }, regularPrice: 500 },
      SYSTEM_ACTOR,
    );
    const second = await createProduct(
      handle.db,
      'simple',
      { name: { de: 'Gleicher Name' }, regularPrice: 700 },
      SYSTEM_ACTOR,
    );
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.value.slug).toBe(`${first.value.slug}-2`);
    expect(first.value).toMatchObject({
      taxClass: 'standard',
      manageStock: false,
      backorders: 'no',
      stockStatus: 'instock',
      stockQuantity: null,
    });
    await updateProduct(handle.db, second.value.id, { regularPrice: 650 }, SYSTEM_ACTOR);
    const rows = await handle.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, second.value.id));
    expect(rows.map((r) => r.price).sort()).toEqual([650, 700]);
  });

  it("keeps stock columns when a change does not touch them, and refuses another product's variation", async () => {
    const made = await factoryProduct(handle.db, {
      manageStock: true,
      stockQuantity: 4,
      variations: [{ attributes: {}, regularPrice: 100 }],
    });
    const other = await factoryProduct(handle.db, {});
    await updateProduct(handle.db, made.product.id, { featured: true }, SYSTEM_ACTOR);
    const [row] = await handle.db.select().from(products).where(eq(products.id, made.product.id));
    expect(row).toMatchObject({ manageStock: true, stockQuantity: 4, featured: true });
    const wrong = await deleteProduct(handle.db, made.variations[0]!.id, true, SYSTEM_ACTOR, {
      parentId: other.product.id,
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'catalog.error.no_variation' } });
  });

  it('makes slugs from German names', () => {
    expect(slugify('Größe & Maß – Über')).toBe('groesse-mass-ueber');
  });
});
