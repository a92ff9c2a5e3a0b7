import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createCategory, createImage, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

type Suggestion = { value: string; id: number; url: string; img: string; price: string };

let shop: TestShop;
const ids: Record<string, number> = {};

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const drinks = await createCategory(db, { name: { de: 'Heißgetränke', en: 'Hot drinks' } });
  const coffee = await createCategory(db, {
    name: { de: 'Röstkaffee', en: 'Roast coffee' },
    parentId: drinks.id,
  });
  const clothes = await createCategory(db, { name: { de: 'Kleidung', en: 'Clothing' } });
  const picture = await createImage(db, {
    rendered: {
      key: 'suchtest-bohnen',
      width: 800,
      height: 800,
      sizes: [{ name: 'thumb', width: 150, height: 150 }],
    },
    alt: { de: 'Bohnen', en: 'Beans' },
  });
  ids.espresso = (
    await createProduct(db, {
      name: { de: 'Espresso Bergröstung', en: 'Mountain roast espresso' },
      sku: 'API-ESP-1',
      gtin: '4000000000123',
      regularPrice: 1249,
      categoryIds: [coffee.id],
      images: [picture.id],
    })
  ).product.id;
  const size = await createAttribute(db, {
    slug: 'groesse-suche',
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 's', name: { de: 'S', en: 'S' } },
      { slug: 'xl', name: { de: 'XL', en: 'XL' } },
    ],
  });
  ids.hoodie = (
    await createProduct(db, {
      name: { de: 'Kapuzenpulli Espressobraun', en: 'Espresso brown hoodie' },
      sku: 'API-HOOD-1',
      categoryIds: [clothes.id],
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { 'groesse-suche': 's' }, regularPrice: 3990 },
        { attributes: { 'groesse-suche': 'xl' }, regularPrice: 4490 },
      ],
    })
  ).product.id;
  for (let i = 1; i <= 12; i++) {
    await createProduct(db, {
      name: { de: `Teekanne Modell ${i}`, en: `Teapot model ${i}` },
      sku: `API-POT-${i}`,
      regularPrice: 1000 + i,
    });
  }
});

afterAll(async () => {
  await shop?.close();
});

function get(params: Record<string, string>, lang?: 'de' | 'en') {
  return fetch(`${shop.url}/wc-ajax/product_search?${new URLSearchParams(params)}`, {
    headers: lang ? { cookie: `lang=${lang}` } : {},
  });
}

async function suggestions(params: Record<string, string>, lang?: 'de' | 'en') {
  const res = await get(params, lang);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return ((await res.json()) as { suggestions: Suggestion[] }).suggestions;
}

describe('GET /wc-ajax/product_search', () => {
  it('answers value, id, url, img and price, best first', async () => {
    const found = await suggestions({ query: 'espresso' });
    expect(found.map((s) => s.id)).toEqual([ids.espresso, ids.hoodie]);
    expect(found[0]).toEqual({
      value: 'Espresso Bergröstung',
      id: ids.espresso,
      url: `${new URL(found[0]!.url).origin}/product/espresso-bergroestung`,
      img: `${new URL(found[0]!.url).origin}/media/suchtest-bohnen-thumb.webp`,
      price: '12,49\u00a0€',
    });
    // A variable product with differing prices shows "from" its lowest, as the card does.
    expect(found[1]).toMatchObject({
      value: 'Kapuzenpulli Espressobraun',
      img: '',
      price: 'ab 39,90\u00a0€',
    });
    const page = await fetch(found[0]!.url.replace(/^https?:\/\/[^/]+/, shop.url));
    expect(page.status).toBe(200);
  });

  it('names and prices in the shopper’s language', async () => {
    const found = await suggestions({ query: 'hoodie' }, 'en');
    expect(found).toEqual([
      expect.objectContaining({ value: 'Espresso brown hoodie', price: 'from €39.90' }),
    ]);
  });

  it('tolerates typos and finds exact codes first', async () => {
    expect((await suggestions({ query: 'esspresso' })).map((s) => s.id)).toContain(ids.espresso);
    expect((await suggestions({ query: 'api-esp-1' }))[0]!.id).toBe(ids.espresso);
    expect((await suggestions({ query: '4000000000123' })).map((s) => s.id)).toEqual([
      ids.espresso,
    ]);
  });

  it('gives at most ten', async () => {
    expect(await suggestions({ query: 'teekanne' })).toHaveLength(10);
  });

  it('starts at three characters after trimming', async () => {
    expect(await suggestions({ query: 'te' })).toEqual([]);
    expect(await suggestions({ query: '  te  ' })).toEqual([]);
    expect(await suggestions({ query: 'tee' })).not.toEqual([]);
    expect(await suggestions({})).toEqual([]);
  });

  it('filters by a category and its subcategories', async () => {
    const inDrinks = await suggestions({ query: 'espresso', product_cat: 'heissgetraenke' });
    expect(inDrinks.map((s) => s.id)).toEqual([ids.espresso]);
    const inClothes = await suggestions({ query: 'espresso', product_cat: 'kleidung' });
    expect(inClothes.map((s) => s.id)).toEqual([ids.hoodie]);
    expect(await suggestions({ query: 'espresso', product_cat: '' })).toHaveLength(2);
    expect(await suggestions({ query: 'espresso', product_cat: 'gibt-es-nicht' })).toEqual([]);
  });

  it.each([
    ['whitespace', '     '],
    ['tsquery and regex operators', `&|!():*'"\\`],
    ['operators around a word', "espresso:* & !'x' | ("],
    ['SQL', "espresso'; drop table products; --"],
    ['a lone surrogate', 'espresso\ud800'],
  ])('answers hostile input (%s) with a list, never an error', async (_name, query) => {
    const found = await suggestions({ query });
    expect(Array.isArray(found)).toBe(true);
    expect(await suggestions({ query: 'espresso', product_cat: query })).toEqual([]);
  });

  // Refused where every request enters (docs/decisions/0009-hostile-input.md), before the search.
  it.each([
    ['10 kB', 'x'.repeat(10_240), 414, 'rest_request_too_large'],
    ['a NUL byte', 'espr\u0000esso', 400, 'rest_invalid_param'],
  ])('refuses an address with %s as a JSON error', async (_name, query, status, code) => {
    const asked: Record<string, string>[] = [{ query }, { query: 'espresso', product_cat: query }];
    for (const params of asked) {
      const res = await get(params);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
  });
});

describe('kept suggestions', () => {
  it('follow a renamed or hidden product at once and a new picture within seconds', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, {
      name: { de: 'Milchkännchen Weiß', en: 'White milk jug' },
      regularPrice: 1500,
    });
    const values = async (query: string) => (await suggestions({ query })).map((s) => s.value);
    expect(await values('milchkännchen')).toEqual(['Milchkännchen Weiß']);
    await db
      .update(products)
      .set({ name: { de: 'Milchkännchen Blau', en: 'Blue milk jug' } })
      .where(eq(products.id, product.id));
    expect(await values('milchkännchen')).toEqual(['Milchkännchen Blau']);
    const picture = await createImage(db, {
      rendered: {
        key: 'suchtest-kaennchen',
        width: 800,
        height: 800,
        sizes: [{ name: 'thumb', width: 150, height: 150 }],
      },
      alt: { de: 'Kännchen', en: 'Jug' },
    });
    await db.insert(productImages).values({ productId: product.id, imageId: picture.id });
    // A picture moves no catalog version: the kept cards show it once they are seconds old.
    await expect
      .poll(async () => (await suggestions({ query: 'milchkännchen' }))[0]?.img)
      .toContain('suchtest-kaennchen');
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
    expect(await values('milchkännchen')).toEqual([]);
  });
});

describe('POST /wc-ajax/product_search', () => {
  const post = (body: string, type: string) =>
    fetch(`${shop.url}/wc-ajax/product_search`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  it('takes a form or JSON body; a number is searched as text', async () => {
    const form = await post(
      'query=espresso&product_cat=kleidung',
      'application/x-www-form-urlencoded',
    );
    expect(((await form.json()) as { suggestions: Suggestion[] }).suggestions).toHaveLength(1);
    const json = await post(JSON.stringify({ query: 4000000000123 }), 'application/json');
    expect(json.status).toBe(200);
    expect(((await json.json()) as { suggestions: Suggestion[] }).suggestions[0]!.id).toBe(
      ids.espresso,
    );
  });

  it('refuses a list or an object where text belongs, and broken JSON', async () => {
    for (const body of [{ query: ['espresso'] }, { query: { $ne: 1 } }, { product_cat: [1] }]) {
      const res = await post(JSON.stringify(body), 'application/json');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    }
    const broken = await post('{"query":', 'application/json');
    expect(broken.status).toBe(400);
  });

  it('answers other methods with 405', async () => {
    const res = await fetch(`${shop.url}/wc-ajax/product_search`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});
