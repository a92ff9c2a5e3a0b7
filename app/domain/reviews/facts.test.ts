import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { forget } from '#app/domain/kernel/short-lived.server.ts';
import { createCategory, createProduct, createReview } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { catalogFacts } from './facts.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('catalogFacts', () => {
  it('counts published products, categories and approved ratings only', async () => {
    const db = handle.db;
    expect(await catalogFacts(db)).toEqual({ products: 0, categories: 0, reviews: 0 });
    forget(db, 'catalog-facts');

    const food = await createCategory(db, { name: { de: 'Lebensmittel', en: 'Food' } });
    await createCategory(db, { name: { de: 'Kaffee', en: 'Coffee' }, parentId: food.id });
    const { product } = await createProduct(db, {
      name: { de: 'Bohnen', en: 'Beans' },
      regularPrice: 1199,
      categoryIds: [food.id],
    });
    await createProduct(db, { name: { de: 'Entwurf', en: 'Draft' }, status: 'draft' });
    await createProduct(db, {
      type: 'variable',
      name: { de: 'Shirt', en: 'Shirt' },
      variations: [
        { regularPrice: 1999, attributes: {} },
        { regularPrice: 2499, attributes: {} },
      ],
    });
    await createReview(db, { productId: product.id, rating: 5 });
    await createReview(db, { productId: product.id, rating: 3 });
    await createReview(db, { productId: product.id, rating: 4, status: 'pending' });
    await createReview(db, { productId: product.id, rating: null, content: 'Antwort' });

    expect(await catalogFacts(db)).toEqual({ products: 2, categories: 2, reviews: 2 });
  });
});
