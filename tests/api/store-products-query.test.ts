import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import {
  createAttribute,
  createCategory,
  createProduct,
  createReview,
} from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let ids: Record<'mug' | 'shirt' | 'cap' | 'lamp', number>;
let categoryId: number;
let redTermId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const home = await createCategory(db, { name: { de: 'Wohnen', en: 'Home' } });
  const wear = await createCategory(db, { name: { de: 'Tragen', en: 'Wear' } });
  categoryId = home.id;
  const color = await createAttribute(db, {
    slug: 'color',
    name: { de: 'Farbe', en: 'Colour' },
    terms: [
      { slug: 'red', name: { de: 'Rot', en: 'Red' } },
      { slug: 'blue', name: { de: 'Blau', en: 'Blue' } },
    ],
  });
  redTermId = color.termIds.red!;
  const mug = await createProduct(db, {
    name: { de: 'Becher', en: 'Mug' },
    regularPrice: 900,
    salePrice: 700,
    categoryIds: [home.id],
    attributes: [{ attributeId: color.attribute.id, termIds: [color.termIds.red!] }],
  });
  const shirt = await createProduct(db, {
    name: { de: 'Hemd', en: 'Shirt' },
    categoryIds: [wear.id],
    attributes: [
      {
        attributeId: color.attribute.id,
        termIds: [color.termIds.red!, color.termIds.blue!],
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { color: 'red' }, regularPrice: 2500, manageStock: true, stockQuantity: 0 },
      { attributes: { color: 'blue' }, regularPrice: 2900 },
    ],
  });
  const cap = await createProduct(db, {
    name: { de: 'Mütze', en: 'Cap' },
    regularPrice: 1500,
    stockStatus: 'outofstock',
    categoryIds: [wear.id],
  });
  const lamp = await createProduct(db, {
    name: { de: 'Lampe', en: 'Lamp' },
    regularPrice: 4900,
    manageStock: true,
    stockQuantity: 0,
    backorders: 'notify',
    categoryIds: [home.id],
  });
  await createReview(db, { productId: lamp.product.id, rating: 5 });
  await createReview(db, { productId: mug.product.id, rating: 2 });
  ids = {
    mug: mug.product.id,
    shirt: shirt.product.id,
    cap: cap.product.id,
    lamp: lamp.product.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

async function names(query: string): Promise<string[]> {
  const res = await fetch(`${shop.url}/wc/store/v1/products?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

describe('GET /wc/store/v1/products query', () => {
  it('sorts newest first by default and by the given column and direction', async () => {
    expect(await names('')).toEqual(['Lampe', 'Mütze', 'Hemd', 'Becher']);
    expect(await names('orderby=price&order=asc')).toEqual(['Becher', 'Mütze', 'Hemd', 'Lampe']);
    expect(await names('orderby=title&order=asc')).toEqual(['Becher', 'Hemd', 'Lampe', 'Mütze']);
    // Equal ratings keep the order of creation.
    expect(await names('orderby=rating&order=desc')).toEqual(['Lampe', 'Becher', 'Hemd', 'Mütze']);
  });

  it.each([
    ['category by slug', 'category=wohnen&orderby=title&order=asc', ['Becher', 'Lampe']],
    ['search', 'search=hem', ['Hemd']],
    ['on sale', 'on_sale=true', ['Becher']],
    ['in stock', 'stock_status=instock&orderby=title&order=asc', ['Becher', 'Hemd']],
    ['several stock states', 'stock_status=outofstock,onbackorder', ['Lampe', 'Mütze']],
    [
      'price in minor units',
      'min_price=1000&max_price=2600&orderby=price&order=asc',
      ['Mütze', 'Hemd'],
    ],
    ['attribute slugs', 'attributes[0][attribute]=pa_color&attributes[0][slug][]=blue', ['Hemd']],
    [
      'attribute red, in stock (the red shirt is sold out)',
      'attributes[0][attribute]=pa_color&attributes[0][slug][]=red&stock_status=instock',
      ['Becher'],
    ],
  ])('filters: %s', async (_, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('takes category and term ids', async () => {
    expect(await names(`category=${categoryId}&orderby=title&order=asc`)).toEqual([
      'Becher',
      'Lampe',
    ]);
    expect(
      await names(
        `attributes[0][attribute]=color&attributes[0][term_id][]=${redTermId}&orderby=title&order=asc`,
      ),
    ).toEqual(['Becher', 'Hemd']);
  });

  it('sends the totals of the filtered set', async () => {
    const res = await fetch(
      `${shop.url}/wc/store/v1/products?stock_status=instock&per_page=1&page=2`,
    );
    expect(res.headers.get('x-wp-total')).toBe('2');
    expect(res.headers.get('x-wp-totalpages')).toBe('2');
    const [second] = (await res.json()) as { id: number }[];
    // In stock, newest first: the shirt (a variation in stock), then the mug.
    expect(second!.id).toBe(ids.mug);
  });

  it.each([
    ['orderby=name', 'orderby'],
    ['order=sideways', 'order'],
    ['page=1&page=2', 'page'],
    ['per_page=101', 'per_page'],
    [`search=${'x'.repeat(5_000)}`, 'search'],
    ['search[]=a', 'search'],
    ['category=gibt-es-nicht', 'category'],
    ['category=999999', 'category'],
    ['on_sale=ja', 'on_sale'],
    ['stock_status=sold', 'stock_status'],
    ['min_price=9.99', 'min_price'],
    ['min_price=100&max_price=50', 'min_price'],
    ['max_price=1&max_price=2', 'max_price'],
    ['attributes=red', 'attributes'],
    ['attributes[0][attribute]=pa_size&attributes[0][slug][]=m', 'attributes'],
    ['attributes[0][attribute]=pa_color&attributes[0][slug][]=purple', 'attributes'],
    ['attributes[0][attribute]=pa_color&attributes[0][term_id][]=999999', 'attributes'],
  ])('refuses %s with rest_invalid_param naming %s', async (query, param) => {
    const res = await fetch(`${shop.url}/wc/store/v1/products?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      code: string;
      message: string;
      data: { status: number; params: { param: string } };
    };
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data).toMatchObject({ status: 400, params: { param } });
    expect(body.message).toContain(param);
  });
  // A NUL byte or a 10 kB address never reaches the endpoint (docs/decisions/0009-hostile-input.md).
  it.each([
    ['search=a%00b', 400, 'rest_invalid_param'],
    [`search=${'x'.repeat(10_000)}`, 414, 'rest_request_too_large'],
  ])('refuses %s where the request enters', async (query, status, code) => {
    const res = await fetch(`${shop.url}/wc/store/v1/products?${query}`);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });
});

describe('kept Store API lists', () => {
  it('follow a renamed or hidden product at once and a new description within seconds', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, {
      name: { de: 'Untersetzer', en: 'Coaster' },
      regularPrice: 300,
    });
    const list = async () => {
      const res = await fetch(`${shop.url}/wc/store/v1/products?search=untersetzer`);
      return (await res.json()) as { name: string; description: string }[];
    };
    expect((await list()).map((p) => p.name)).toEqual(['Untersetzer']);
    await db
      .update(products)
      .set({ name: { de: 'Glasuntersetzer', en: 'Glass coaster' } })
      .where(eq(products.id, product.id));
    expect((await list()).map((p) => p.name)).toEqual(['Glasuntersetzer']);
    // A description moves no catalog version: the kept answer shows it within seconds.
    await db
      .update(products)
      .set({ description: { de: 'Aus Kork.', en: 'Made of cork.' } })
      .where(eq(products.id, product.id));
    await expect.poll(async () => (await list())[0]?.description).toContain('Aus Kork.');
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    expect(await list()).toEqual([]);
  });
});
