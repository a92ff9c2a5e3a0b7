import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createCategory, createImage, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { products } from './catalog.schema.ts';
import {
  type SitemapProduct,
  productSitemapFile,
  productSitemapPages,
  sitemapCategories,
  sitemapProducts,
} from './sitemap.server.ts';

let handle: DatabaseHandle;
const at = (iso: string) => new Date(iso);

async function collect(pages: AsyncGenerator<SitemapProduct[]>) {
  const batches: SitemapProduct[][] = [];
  for await (const batch of pages) batches.push(batch);
  return batches;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  const food = await createCategory(db, { name: { de: 'Essen', en: 'Food' }, slug: 'essen' });
  const tea = await createCategory(db, {
    name: { de: 'Tee', en: 'Tea' },
    slug: 'tee',
    parentId: food.id,
  });
  await createCategory(db, { name: { de: 'Leer', en: 'Empty' }, slug: 'leer' });
  const picture = await createImage(db, {
    rendered: {
      key: 'gruener-tee',
      width: 800,
      height: 800,
      sizes: [{ name: 'large', width: 800, height: 800 }],
    },
    alt: { de: 'Tee', en: 'Tea' },
  });
  const made = [
    await createProduct(db, {
      slug: 'gruener-tee',
      categoryIds: [tea.id],
      images: [picture.id],
      regularPrice: 499,
    }),
    await createProduct(db, { slug: 'entwurf', status: 'draft', categoryIds: [tea.id] }),
    await createProduct(db, { slug: 'brot', categoryIds: [food.id], regularPrice: 299 }),
    await createProduct(db, { slug: 'salz&pfeffer', regularPrice: 199 }),
    await createProduct(db, { slug: 'honig', regularPrice: 899 }),
  ];
  const dates = ['2026-01-05', '2026-09-09', '2026-01-03', '2026-01-04', '2026-01-01'];
  for (const [i, m] of made.entries()) {
    await db
      .update(products)
      .set({ updatedAt: at(`${dates[i]}T10:00:00Z`) })
      .where(eq(products.id, m.product.id));
  }
  // A variation changed later than its product (a new price) dates the product.
  const shirt = await createProduct(db, {
    slug: 'hemd',
    regularPrice: 1999,
    variations: [{ attributes: {} }],
  });
  await db
    .update(products)
    .set({ updatedAt: at('2026-01-02T10:00:00Z') })
    .where(eq(products.id, shirt.product.id));
  await db
    .update(products)
    .set({ updatedAt: at('2026-02-01T10:00:00Z') })
    .where(eq(products.id, shirt.variations[0]!.id));
});

afterAll(async () => {
  await handle.close();
});

describe('sitemap queries', () => {
  it('lists every published product once, in id order, without drafts or variations', async () => {
    const [batch, ...rest] = await collect(sitemapProducts(handle.db, 1));
    expect(rest).toEqual([]);
    expect(batch!.map((p) => p.slug)).toEqual([
      'gruener-tee',
      'brot',
      'salz&pfeffer',
      'honig',
      'hemd',
    ]);
    expect(batch![0]).toEqual({
      slug: 'gruener-tee',
      lastmod: at('2026-01-05T10:00:00Z'),
      imageKey: 'gruener-tee',
    });
    expect(batch![1]!.imageKey).toBeNull();
    expect(batch![4]!.lastmod).toEqual(at('2026-02-01T10:00:00Z'));
  });

  it('cuts the products into files with their size and newest change', async () => {
    expect(await productSitemapPages(handle.db, 2)).toEqual([
      { page: 1, count: 2, lastmod: at('2026-01-05T10:00:00Z') },
      { page: 2, count: 2, lastmod: at('2026-01-04T10:00:00Z') },
      { page: 3, count: 1, lastmod: at('2026-02-01T10:00:00Z') },
    ]);
    const pages = await Promise.all(
      [1, 2, 3, 4].map(async (page) =>
        (await collect(sitemapProducts(handle.db, page, 2))).flat().map((p) => p.slug),
      ),
    );
    expect(pages).toEqual([['gruener-tee', 'brot'], ['salz&pfeffer', 'honig'], ['hemd'], []]);
    // One file alone gives the same figures as the whole index.
    for (const page of [1, 2, 3])
      expect(await productSitemapFile(handle.db, page, 2)).toEqual(
        (await productSitemapPages(handle.db, 2))[page - 1],
      );
    expect(await productSitemapFile(handle.db, 4, 2)).toEqual({ page: 4, count: 0, lastmod: null });
  });

  it('dates a category by the newest product in it or below it, drafts not counted', async () => {
    const categories = await sitemapCategories(handle.db);
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.lastmod]))).toEqual({
      essen: at('2026-01-05T10:00:00Z'),
      tee: at('2026-01-05T10:00:00Z'),
      leer: null,
    });
  });
});
