import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import {
  createAttribute,
  createCategory,
  createDeliveryTime,
  createProduct,
  createReview,
} from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { resolveVariation } from './catalog.rules.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import { categoryTree, findCategory, getProduct } from './catalog.server.ts';

let handle: DatabaseHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('catalog queries', () => {
  it('lists a category with its subcategories, pages it and sorts by price', async () => {
    const db = handle.db;
    const food = await createCategory(db, { name: { de: 'Lebensmittel', en: 'Food' } });
    const coffee = await createCategory(db, {
      name: { de: 'Kaffee', en: 'Coffee' },
      parentId: food.id,
    });
    await createCategory(db, { name: { de: 'Leer', en: 'Empty' } });
    for (const [name, price, cat] of [
      ['Bohnen', 1199, coffee.id],
      ['Öl', 899, food.id],
      ['Tee', 499, coffee.id],
    ] as const) {
      await createProduct(db, {
        name: { de: name, en: name },
        regularPrice: price,
        categoryIds: [cat],
      });
    }
    await createProduct(db, {
      name: { de: 'Entwurf', en: 'Draft' },
      regularPrice: 100,
      status: 'draft',
      categoryIds: [food.id],
    });
    const all = await listProducts(db, {
      locale: 'de',
      page: 1,
      perPage: 2,
      categorySlug: 'lebensmittel',
      orderby: 'price',
    });
    expect(all).toMatchObject({ total: 3, pages: 2 });
    expect(all!.items.map((p) => p.name)).toEqual(['Tee', 'Öl']);
    const sub = await listProducts(db, {
      locale: 'en',
      page: 1,
      perPage: 10,
      categorySlug: 'kaffee',
      orderby: 'price-desc',
    });
    expect(sub!.items.map((p) => p.name)).toEqual(['Bohnen', 'Tee']);
    expect(
      await listProducts(db, { locale: 'de', page: 1, perPage: 10, categorySlug: 'gibt-es-nicht' }),
    ).toBeNull();
    expect(
      (await listProducts(db, { locale: 'de', page: 1, perPage: 10, search: 'bohn' }))!.items,
    ).toHaveLength(1);
    expect(
      (await listProducts(db, { locale: 'de', page: 1, perPage: 10, search: '%' }))!.items,
    ).toHaveLength(0);
    const tree = await categoryTree(db, 'en');
    expect(findCategory(tree, 'kaffee')?.trail.map((c) => c.name)).toEqual(['Food', 'Coffee']);
  });

  it('resolves variations: own values win, empty columns inherit, the price range spans them', async () => {
    const db = handle.db;
    const delivery = await createDeliveryTime(db, { minDays: 2, maxDays: 4 });
    const size = await createAttribute(db, {
      slug: 'size',
      name: { de: 'Größe', en: 'Size' },
      terms: [
        { slug: 's', name: { de: 'S', en: 'S' } },
        { slug: 'xl', name: { de: 'XL', en: 'XL' } },
      ],
    });
    const { product, variations } = await createProduct(db, {
      name: { de: 'Shirt', en: 'Shirt' },
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      regularPrice: 2000,
      gtin: '4006381333931',
      deliveryTimeId: delivery.id,
      variations: [
        { attributes: { size: 's' } },
        {
          attributes: { size: 'xl' },
          regularPrice: 2400,
          gtin: '4006381333948',
          stockStatus: 'outofstock',
        },
      ],
    });
    expect(variations[0]!.regularPrice).toBeNull();
    const merged = resolveVariation(product, variations[0]!);
    expect(merged).toMatchObject({
      id: variations[0]!.id,
      regularPrice: 2000,
      gtin: '4006381333931',
      type: 'variation',
    });
    const detail = await getProduct(db, { slug: product.slug! }, 'de');
    expect(detail!.price.range).toEqual({ min: 2000, max: 2400 });
    expect(
      detail!.variations.map((v) => [v.gtin, v.stockStatus, v.compliance.deliveryTime?.label]),
    ).toEqual([
      ['4006381333931', 'instock', '2–4 Werktage'],
      ['4006381333948', 'outofstock', '2–4 Werktage'],
    ]);
  });

  it('averages approved reviews only', async () => {
    const db = handle.db;
    const { product } = await createProduct(db, {
      name: { de: 'Bewertet', en: 'Rated' },
      regularPrice: 100,
    });
    await createReview(db, { productId: product.id, rating: 5 });
    await createReview(db, { productId: product.id, rating: 4 });
    await createReview(db, { productId: product.id, rating: 1, status: 'pending' });
    const detail = await getProduct(db, { id: product.id }, 'de');
    expect(detail!.rating).toEqual({ average: 4.5, count: 2 });
  });
});

describe('sorting by price', () => {
  it('uses the price a shopper pays now: scheduled sales only in their time, variations by their own or inherited price', async () => {
    const db = handle.db;
    const cat = await createCategory(db, { name: { de: 'Preisprobe', en: 'Price probe' } });
    const future = new Date(Date.now() + 30 * DAY);
    const past = new Date(Date.now() - 30 * DAY);
    const size = await createAttribute(db, {
      slug: 'probe-size',
      name: { de: 'Größe', en: 'Size' },
      terms: [{ slug: 'a', name: { de: 'A', en: 'A' } }],
    });
    await createProduct(db, {
      name: { de: 'Später billig', en: 'Cheap later' },
      regularPrice: 900,
      salePrice: 100,
      saleFrom: future,
      categoryIds: [cat.id],
    });
    await createProduct(db, {
      name: { de: 'Jetzt reduziert', en: 'Reduced now' },
      regularPrice: 1000,
      salePrice: 500,
      saleFrom: past,
      categoryIds: [cat.id],
    });
    await createProduct(db, {
      name: { de: 'Variante erbt', en: 'Variation inherits' },
      regularPrice: 700,
      categoryIds: [cat.id],
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [{ attributes: { 'probe-size': 'a' } }],
    });
    const listing = await listProducts(db, {
      locale: 'de',
      page: 1,
      perPage: 10,
      categorySlug: cat.slug,
      orderby: 'price',
    });
    expect(listing!.items.map((p) => p.name)).toEqual([
      'Jetzt reduziert',
      'Variante erbt',
      'Später billig',
    ]);
  });
});
