import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let writer: TestKey;
let client: ReturnType<typeof officialClient>;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  writer = await staffKey(shop, 'read_write');
  client = officialClient(shop, writer);
});

afterAll(async () => {
  await shop?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  restCall(shop, writer, method, path, body);

const unique = () => Math.random().toString(36).slice(2, 8);

async function sizes() {
  const tag = unique();
  return createAttribute(shop.database.db, {
    slug: `groesse-${tag}`,
    name: { de: `Größe ${tag}`, en: `Size ${tag}` },
    terms: [
      { slug: 's', name: { de: 'Klein', en: 'Small' } },
      { slug: 'l', name: { de: 'Groß', en: 'Large' } },
    ],
  });
}

describe('variations', () => {
  it('creates, reads, changes and deletes variations with the official client', async () => {
    const size = await sizes();
    const created = await client.post('products', {
      name: 'Pullover',
      type: 'variable',
      attributes: [{ id: size.attribute.id, options: ['Klein', 'Groß'], variation: true }],
    });
    expect(created.status).toBe(201);
    const parentId = created.data.id as number;
    expect(created.data).toMatchObject({
      type: 'variable',
      attributes: [
        {
          id: size.attribute.id,
          slug: `pa_${size.attribute.slug}`,
          variation: true,
          options: ['Klein', 'Groß'],
        },
      ],
      variations: [],
    });

    const small = await client.post(`products/${parentId}/variations`, {
      regular_price: '39.00',
      sku: `PU-S-${unique()}`,
      manage_stock: true,
      stock_quantity: 3,
      attributes: [{ id: size.attribute.id, option: 'Klein' }],
    });
    expect(small.status).toBe(201);
    expect(small.data).toMatchObject({
      price: '39.00',
      stock_quantity: 3,
      stock_status: 'instock',
      parent_id: parentId,
      attributes: [{ id: size.attribute.id, option: 'Klein' }],
    });
    const large = await client.post(`products/${parentId}/variations`, {
      regular_price: '42.00',
      attributes: [{ name: `pa_${size.attribute.slug}`, option: 'l' }],
    });
    expect(large.data.attributes[0].option).toBe('Groß');
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, large.data.id));
    expect(row!.variationAttributes).toEqual({ [size.attribute.slug]: 'l' });

    const listed = await client.get(`products/${parentId}/variations`);
    expect(listed.headers['x-wp-total']).toBe('2');
    expect(listed.data.map((v: { id: number }) => v.id)).toEqual([small.data.id, large.data.id]);
    const parent = await client.get(`products/${parentId}`);
    expect(parent.data).toMatchObject({
      price: '39.00',
      variations: [small.data.id, large.data.id],
    });
    // The storefront sells both.
    const shown = await getProduct(shop.database.db, { id: parentId }, 'de');
    expect(shown!.variations).toHaveLength(2);

    const changed = await client.put(`products/${parentId}/variations/${small.data.id}`, {
      sale_price: '29.00',
      stock_quantity: 0,
    });
    expect(changed.data).toMatchObject({
      price: '29.00',
      on_sale: true,
      stock_status: 'outofstock',
    });
    const one = await client.get(`products/${parentId}/variations/${small.data.id}`);
    expect(one.data).toMatchObject({ id: small.data.id, sale_price: '29.00' });

    const deleted = await client.delete(`products/${parentId}/variations/${large.data.id}`, {
      force: true,
    });
    expect(deleted.data.id).toBe(large.data.id);
    expect((await client.get(`products/${parentId}`)).data.variations).toEqual([small.data.id]);
  });

  it("answers another product's variation, unknown ids and hostile input with 4xx", async () => {
    const size = await sizes();
    const first = await createProduct(shop.database.db, {
      attributes: [
        { attributeId: size.attribute.id, termIds: [size.termIds.s!], usedForVariations: true },
      ],
      variations: [{ attributes: { [size.attribute.slug]: 's' }, regularPrice: 1000 }],
    });
    const second = await createProduct(shop.database.db, {
      variations: [{ attributes: {}, regularPrice: 1000 }],
    });
    const variationId = first.variations[0]!.id;
    for (const [method, path] of [
      ['GET', `products/${second.product.id}/variations/${variationId}`],
      ['PUT', `products/${second.product.id}/variations/${variationId}`],
      ['DELETE', `products/${second.product.id}/variations/${variationId}?force=true`],
      ['GET', `products/${first.product.id}/variations/99999999`],
    ] as const) {
      const answer = await call(
        method,
        path,
        method === 'PUT' ? { regular_price: '1' } : undefined,
      );
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { code: 'woocommerce_rest_product_variation_invalid_id' },
      });
    }
    expect((await call('GET', 'products/99999999/variations')).body.code).toBe(
      'woocommerce_rest_product_invalid_id',
    );
    const simple = await createProduct(shop.database.db, {});
    expect(
      (await call('POST', `products/${simple.product.id}/variations`, { regular_price: '1' }))
        .status,
    ).toBe(400);
    for (const body of [
      { regular_price: '-1' },
      { regular_price: { amount: 1 } },
      { attributes: [{ id: size.attribute.id, option: 'XXL' }] },
      { attributes: 'Klein' },
      { description: 'a\u0000b' },
    ]) {
      const answer = await call(
        'PUT',
        `products/${first.product.id}/variations/${variationId}`,
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    // Variations have no trash.
    const soft = await call('DELETE', `products/${first.product.id}/variations/${variationId}`);
    expect(soft.body.code).toBe('woocommerce_rest_trash_not_supported');
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, variationId));
    expect(row).toMatchObject({ regularPrice: 1000 });
  });
});

describe('categories, attributes, terms and tags', () => {
  it('lists and creates them in WooCommerce shapes', async () => {
    const tag = unique();
    const parent = await call('POST', 'products/categories', { name: `Kleidung ${tag}` });
    expect(parent).toMatchObject({
      status: 201,
      body: { name: `Kleidung ${tag}`, slug: `kleidung-${tag}`, parent: 0, count: 0 },
    });
    const child = await call('POST', 'products/categories?lang=en', {
      name: { de: `Hemden ${tag}`, en: `Shirts ${tag}` },
      parent: parent.body.id,
    });
    expect(child.body).toMatchObject({ name: `Shirts ${tag}`, parent: parent.body.id });
    const again = await call('POST', 'products/categories', { name: `Kleidung ${tag}` });
    expect(again).toMatchObject({ status: 400, body: { code: 'term_exists' } });
    const children = await call('GET', `products/categories?parent=${parent.body.id}`);
    expect(children.body.map((c: { id: number }) => c.id)).toEqual([child.body.id]);
    expect((await call('GET', `products/categories/${child.body.id}`)).body.name).toBe(
      `Hemden ${tag}`,
    );
    expect((await call('GET', 'products/categories/99999999')).body.code).toBe(
      'woocommerce_rest_term_invalid',
    );

    const colour = await call('POST', 'products/attributes', { name: `Farbe ${tag}` });
    expect(colour).toMatchObject({
      status: 201,
      body: { name: `Farbe ${tag}`, slug: `pa_farbe-${tag}` },
    });
    const red = await call('POST', `products/attributes/${colour.body.id}/terms`, {
      name: { de: 'Rot', en: 'Red' },
    });
    expect(red).toMatchObject({ status: 201, body: { name: 'Rot', slug: 'rot' } });
    const terms = await call('GET', `products/attributes/${colour.body.id}/terms?lang=en`);
    expect(terms.body).toMatchObject([{ id: red.body.id, name: 'Red' }]);
    expect(
      (await call('GET', `products/attributes/${colour.body.id}/terms/${red.body.id}`)).status,
    ).toBe(200);
    expect((await call('GET', 'products/attributes/99999999/terms')).body.code).toBe(
      'woocommerce_rest_taxonomy_invalid',
    );
    const attrs = await call('GET', 'products/attributes');
    expect(attrs.body.map((a: { id: number }) => a.id)).toContain(colour.body.id);

    const created = await call('POST', 'products/tags', { name: `Schlagwort ${tag}` });
    expect(created.status).toBe(201);
    const listed = await call('GET', `products/tags?search=${tag}`);
    expect(listed.body.map((t: { id: number }) => t.id)).toEqual([created.body.id]);

    for (const body of [
      {},
      { name: '' },
      { name: ['a'] },
      { name: 'a\u0000' },
      { name: 'x'.repeat(10_000) },
    ]) {
      expect(
        (await call('POST', 'products/categories', body)).status,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
  });
});

describe('batch', () => {
  it('creates, updates and deletes in one call, each item answered on its own', async () => {
    const existing = await createProduct(shop.database.db, { regularPrice: 1000 });
    const doomed = await createProduct(shop.database.db, {});
    const sku = `B-${unique()}`;
    const answer = await client.post('products/batch', {
      create: [
        { name: 'Stapel eins', regular_price: '5.00', sku },
        { name: 'Doppelt', sku },
      ],
      update: [
        { id: existing.product.id, regular_price: '12.50' },
        { id: 99999999, regular_price: '1.00' },
      ],
      delete: [doomed.product.id, 99999999],
    });
    expect(answer.status).toBe(200);
    expect(answer.data.create[0]).toMatchObject({ name: 'Stapel eins', price: '5.00' });
    expect(answer.data.create[1]).toMatchObject({
      id: 0,
      error: { code: 'product_invalid_sku', data: { status: 400 } },
    });
    expect(answer.data.update[0]).toMatchObject({ id: existing.product.id, price: '12.50' });
    expect(answer.data.update[1]).toMatchObject({
      id: 99999999,
      error: { code: 'woocommerce_rest_product_invalid_id' },
    });
    expect(answer.data.delete[0]).toMatchObject({ id: doomed.product.id });
    expect(answer.data.delete[1].error.code).toBe('woocommerce_rest_product_invalid_id');
    const [gone] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, doomed.product.id));
    expect(gone).toBeUndefined();

    const tooMany = await call('POST', 'products/batch', {
      delete: Array.from({ length: 101 }, (_, i) => i + 1),
    });
    expect(tooMany).toMatchObject({
      status: 413,
      body: { code: 'woocommerce_rest_request_entity_too_large' },
    });
    expect((await call('POST', 'products/batch', { create: 'x' })).status).toBe(400);
  });

  it("batches a product's variations, refusing another product's", async () => {
    const size = await sizes();
    const made = await createProduct(shop.database.db, {
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: [size.termIds.s!, size.termIds.l!],
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 's' }, regularPrice: 1000 },
        { attributes: { [size.attribute.slug]: 'l' }, regularPrice: 1200 },
      ],
    });
    const stranger = await createProduct(shop.database.db, {
      variations: [{ attributes: {}, regularPrice: 500 }],
    });
    const [small, large] = made.variations;
    const answer = await client.post(`products/${made.product.id}/variations/batch`, {
      create: [{ regular_price: '9.00', attributes: [{ id: size.attribute.id, option: '' }] }],
      update: [
        { id: small!.id, regular_price: '11.00' },
        { id: stranger.variations[0]!.id, regular_price: '1.00' },
      ],
      delete: [large!.id],
    });
    expect(answer.data.create[0]).toMatchObject({ price: '9.00', parent_id: made.product.id });
    expect(answer.data.update[0]).toMatchObject({ id: small!.id, price: '11.00' });
    expect(answer.data.update[1].error).toMatchObject({
      code: 'woocommerce_rest_product_variation_invalid_id',
      data: { status: 404 },
    });
    expect(answer.data.delete[0]).toMatchObject({ id: large!.id });
    const [untouched] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, stranger.variations[0]!.id));
    expect(untouched).toMatchObject({ regularPrice: 500 });
  });
});
