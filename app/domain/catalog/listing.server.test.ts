import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import {
  createAttribute,
  createCategory,
  createProduct,
  createReview,
} from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import { eq, sql } from 'drizzle-orm';
import { products } from './catalog.schema.ts';
import { refreshScheduledPrices, resolveAttributeFilters } from './listing.server.ts';
import type { ListingFilters } from './listing.ts';

let handle: DatabaseHandle;
const DAY = 86_400_000;
let categoryId: number;
let clothesId: number;
let ids: Record<string, number> = {};

/**
 * A small catalog in one category:
 * - Shirt: variable, red (in stock, 20 €) and blue (sold out, 30 €), sizes m/l
 * - Mug: simple, red, 8 € on sale for 6 €, rated 5
 * - Cap: simple, blue, 15 €, out of stock, rated 2
 * - Scarf: simple, no colour, 40 €, sale scheduled for tomorrow
 */
beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  const shop = await createCategory(db, { name: { de: 'Filterladen', en: 'Filter shop' } });
  const clothes = await createCategory(db, {
    name: { de: 'Filterkleidung', en: 'Filter clothes' },
    parentId: shop.id,
  });
  categoryId = shop.id;
  clothesId = clothes.id;
  const color = await createAttribute(db, {
    slug: 'flt-color',
    name: { de: 'Farbe', en: 'Colour' },
    terms: [
      { slug: 'red', name: { de: 'Rot', en: 'Red' } },
      { slug: 'blue', name: { de: 'Blau', en: 'Blue' } },
      { slug: 'green', name: { de: 'Grün', en: 'Green' } },
    ],
  });
  const size = await createAttribute(db, {
    slug: 'flt-size',
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 'm', name: { de: 'M', en: 'M' } },
      { slug: 'l', name: { de: 'L', en: 'L' } },
    ],
  });
  const shirt = await createProduct(db, {
    name: { de: 'Filterhemd', en: 'Filter shirt' },
    categoryIds: [clothes.id],
    menuOrder: 1,
    attributes: [
      {
        attributeId: color.attribute.id,
        termIds: [color.termIds.red!, color.termIds.blue!],
        usedForVariations: true,
      },
      { attributeId: size.attribute.id, termIds: [size.termIds.m!, size.termIds.l!] },
    ],
    variations: [
      { attributes: { 'flt-color': 'red' }, regularPrice: 2000 },
      {
        attributes: { 'flt-color': 'blue' },
        regularPrice: 3000,
        manageStock: true,
        stockQuantity: 0,
      },
    ],
  });
  const mug = await createProduct(db, {
    name: { de: 'Filtertasse', en: 'Filter mug' },
    categoryIds: [shop.id],
    menuOrder: 2,
    regularPrice: 800,
    salePrice: 600,
    attributes: [{ attributeId: color.attribute.id, termIds: [color.termIds.red!] }],
  });
  const cap = await createProduct(db, {
    name: { de: 'Filtermütze', en: 'Filter cap' },
    categoryIds: [clothes.id],
    menuOrder: 3,
    regularPrice: 1500,
    stockStatus: 'outofstock',
    attributes: [{ attributeId: color.attribute.id, termIds: [color.termIds.blue!] }],
  });
  const scarf = await createProduct(db, {
    name: { de: 'Filterschal', en: 'Filter scarf' },
    categoryIds: [clothes.id],
    menuOrder: 4,
    regularPrice: 4000,
    salePrice: 1000,
    saleFrom: new Date(Date.now() + DAY),
  });
  await createReview(db, { productId: mug.product.id, rating: 5 });
  await createReview(db, { productId: cap.product.id, rating: 2 });
  await createReview(db, { productId: shirt.product.id, rating: 4 });
  await createReview(db, { productId: shirt.product.id, rating: 3 });
  ids = {
    shirt: shirt.product.id,
    mug: mug.product.id,
    cap: cap.product.id,
    scarf: scarf.product.id,
  };
}, 180_000);
afterAll(async () => {
  await handle.close();
});

async function names(filters: ListingFilters): Promise<string[]> {
  const listing = await listProducts(handle.db, {
    locale: 'en',
    page: 1,
    perPage: 20,
    categorySlug: 'filterladen',
    filters,
  });
  return listing!.items.map((p) => p.name);
}

describe('listing filters', () => {
  it.each<[string, ListingFilters, string[]]>([
    ['no filter', {}, ['Filter shirt', 'Filter mug', 'Filter cap', 'Filter scarf']],
    [
      'a colour',
      { attributes: [{ attribute: 'flt-color', terms: ['red'] }] },
      ['Filter shirt', 'Filter mug'],
    ],
    [
      'two colours (either)',
      { attributes: [{ attribute: 'flt-color', terms: ['red', 'blue'] }] },
      ['Filter shirt', 'Filter mug', 'Filter cap'],
    ],
    [
      'blue, in stock only: the shirt’s blue is sold out and the cap too',
      { attributes: [{ attribute: 'flt-color', terms: ['blue'] }], stockStatus: ['instock'] },
      [],
    ],
    ['in stock only', { stockStatus: ['instock'] }, ['Filter shirt', 'Filter mug', 'Filter scarf']],
    ['out of stock', { stockStatus: ['outofstock'] }, ['Filter cap']],
    ['on sale (scheduled sales not yet)', { onSale: true }, ['Filter mug']],
    [
      'minimum price 25 € (a variation at 30 €)',
      { minPrice: 2500 },
      ['Filter shirt', 'Filter scarf'],
    ],
    ['maximum price 10 € (sale price counts)', { maxPrice: 1000 }, ['Filter mug']],
    [
      'price between 15 and 20 €',
      { minPrice: 1500, maxPrice: 2000 },
      ['Filter shirt', 'Filter cap'],
    ],
    ['rating at least 4', { minRating: 4 }, ['Filter mug']],
    ['rating at least 3', { minRating: 3 }, ['Filter shirt', 'Filter mug']],
    [
      'size (not used for variations) and colour',
      {
        attributes: [
          { attribute: 'flt-size', terms: ['m'] },
          { attribute: 'flt-color', terms: ['red'] },
        ],
      },
      ['Filter shirt'],
    ],
    [
      'combination: red, in stock, up to 10 €, on sale',
      {
        attributes: [{ attribute: 'flt-color', terms: ['red'] }],
        stockStatus: ['instock'],
        maxPrice: 1000,
        onSale: true,
      },
      ['Filter mug'],
    ],
    [
      'unknown attribute is ignored',
      { attributes: [{ attribute: 'nope', terms: ['x'] }] },
      ['Filter shirt', 'Filter mug', 'Filter cap', 'Filter scarf'],
    ],
  ])('%s', async (_, filters, expected) => {
    expect(await names(filters)).toEqual(expected);
  });

  it('pages and counts the filtered set', async () => {
    const listing = await listProducts(handle.db, {
      locale: 'en',
      page: 2,
      perPage: 1,
      categorySlug: 'filterladen',
      orderby: 'price',
      filters: { attributes: [{ attribute: 'flt-color', terms: ['red', 'blue'] }] },
    });
    expect(listing).toMatchObject({ total: 3, pages: 3 });
    expect(listing!.items.map((p) => p.name)).toEqual(['Filter cap']);
  });

  it('counts products per term under the other filters and per category', async () => {
    const listing = await listProducts(handle.db, {
      locale: 'de',
      page: 1,
      perPage: 20,
      categorySlug: 'filterkleidung',
      facets: true,
      filters: {
        stockStatus: ['instock'],
        attributes: [{ attribute: 'flt-color', terms: ['red'] }],
      },
    });
    expect(listing!.items.map((p) => p.id)).toEqual([ids.shirt]);
    const facets = listing!.facets!;
    const color = facets.attributes.find((a) => a.slug === 'flt-color')!;
    // Blue stays listed with the count it would have (none in stock), red is chosen.
    expect(color).toEqual({
      slug: 'flt-color',
      name: 'Farbe',
      terms: [{ slug: 'red', name: 'Rot', count: 1, selected: true }],
    });
    const size = facets.attributes.find((a) => a.slug === 'flt-size')!;
    expect(size.terms.map((t) => [t.slug, t.count])).toEqual([
      ['m', 1],
      ['l', 1],
    ]);
    // Category counts ignore the category but keep the other filters; parents include children.
    expect(facets.categoryCounts[categoryId]).toBe(2);
    expect(facets.categoryCounts[clothesId]).toBe(1);
  });

  it('tells unknown attributes and terms apart for the API', async () => {
    const result = await resolveAttributeFilters(handle.db, [
      { attribute: 'pa_flt-color', terms: ['red', 'purple'] },
      { attribute: 'flt-size', terms: [], termIds: [-5] },
      { attribute: 'pa_missing', terms: ['x'] },
    ]);
    expect(result.unknown).toEqual(['pa_flt-color', 'flt-size', 'pa_missing']);
    expect(result.resolved.map((r) => [r.slug, r.termSlugs])).toEqual([['flt-color', ['red']]]);
  });
});

describe('listing rows follow every write', () => {
  const list = (slug: string, extra: Partial<Parameters<typeof listProducts>[1]> = {}) =>
    listProducts(handle.db, { locale: 'en', page: 1, perPage: 20, categorySlug: slug, ...extra });

  it('counts a new product, a sold-out variation and a new review at once', async () => {
    const db = handle.db;
    const shelf = await createCategory(db, { name: { de: 'Folgeregal', en: 'Follow shelf' } });
    const slug = 'folgeregal';
    const lamp = await createProduct(db, {
      name: { de: 'Folgelampe', en: 'Follow lamp' },
      categoryIds: [shelf.id],
      regularPrice: 5000,
      variations: [{ attributes: {}, regularPrice: 5000, manageStock: true, stockQuantity: 2 }],
    });
    // Counts are cached per catalog version: a second listing answers from the cache.
    expect((await list(slug, { facets: true }))!.total).toBe(1);
    expect((await list(slug, { facets: true }))!.total).toBe(1);

    const chair = await createProduct(db, {
      name: { de: 'Folgestuhl', en: 'Follow chair' },
      categoryIds: [shelf.id],
      regularPrice: 3000,
    });
    expect((await list(slug, { facets: true }))!.total).toBe(2);

    // The lamp's only variation sells out: it leaves "in stock only".
    await db
      .update(products)
      .set({ stockQuantity: 0 })
      .where(eq(products.parentId, lamp.product.id));
    const inStock = await list(slug, { filters: { stockStatus: ['instock'] } });
    expect(inStock!.items.map((p) => p.id)).toEqual([chair.product.id]);

    // A review lifts the lamp to the top of "average rating".
    await createReview(db, { productId: lamp.product.id, rating: 5 });
    const byRating = await list(slug, { orderby: 'rating' });
    expect(byRating!.items.map((p) => p.id)).toEqual([lamp.product.id, chair.product.id]);
  });

  it('rebuilds no search row for a sale that only lowers the stock', async () => {
    const db = handle.db;
    const { product } = await createProduct(db, {
      name: { de: 'Zählbecher', en: 'Counting cup' },
      regularPrice: 900,
      manageStock: true,
      stockQuantity: 5,
    });
    // Each rewrite of a row gives it a new xmin.
    const version = async () => {
      const result = (await db.execute(
        sql`select xmin::text as v from product_search where product_id = ${product.id}`,
      )) as unknown as { rows: { v: string }[] };
      return result.rows[0]!.v;
    };
    const before = await version();
    await db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - 1`, updatedAt: new Date() })
      .where(eq(products.id, product.id));
    expect(await version()).toBe(before);
    await db
      .update(products)
      .set({ name: { de: 'Messbecher', en: 'Measuring cup' } })
      .where(eq(products.id, product.id));
    expect(await version()).not.toBe(before);
    // Selling the last units still takes the product out of "in stock only".
    await db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, product.id));
    const inStock = await listProducts(db, {
      locale: 'en',
      page: 1,
      perPage: 100,
      search: 'Measuring',
      filters: { stockStatus: ['instock'] },
    });
    expect(inStock!.items.map((p) => p.id)).not.toContain(product.id);
  });

  it('sorts and filters by a scheduled sale once it has begun', async () => {
    const db = handle.db;
    const shelf = await createCategory(db, { name: { de: 'Terminregal', en: 'Schedule shelf' } });
    const slug = 'terminregal';
    const bench = await createProduct(db, {
      name: { de: 'Terminbank', en: 'Schedule bench' },
      categoryIds: [shelf.id],
      regularPrice: 9000,
      salePrice: 1000,
      saleFrom: new Date(Date.now() + DAY),
    });
    const stool = await createProduct(db, {
      name: { de: 'Terminhocker', en: 'Schedule stool' },
      categoryIds: [shelf.id],
      regularPrice: 2000,
    });
    const byPrice = async () => (await list(slug, { orderby: 'price' }))!.items.map((p) => p.id);
    expect(await byPrice()).toEqual([stool.product.id, bench.product.id]);

    // The clock passes the sale's start: moved here without the row being rewritten.
    await db.execute(sql`alter table products disable trigger product_listing_products_update`);
    try {
      await db
        .update(products)
        .set({ saleFrom: new Date(Date.now() - DAY) })
        .where(eq(products.id, bench.product.id));
      await db.execute(
        sql`update product_listing set price_valid_until = now() - interval '1 second'
            where product_id = ${bench.product.id}`,
      );
    } finally {
      await db.execute(sql`alter table products enable trigger product_listing_products_update`);
    }
    expect(await refreshScheduledPrices(db)).toBeGreaterThanOrEqual(1);
    expect(await byPrice()).toEqual([bench.product.id, stool.product.id]);
    const onSale = await list(slug, { filters: { onSale: true } });
    expect(onSale!.items.map((p) => p.id)).toEqual([bench.product.id]);
    // Nothing left to refresh until the next schedule boundary.
    expect(await refreshScheduledPrices(db)).toBe(0);
  });
});
