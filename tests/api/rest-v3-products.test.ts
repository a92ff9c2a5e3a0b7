import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { recordPrices } from '#app/domain/catalog/price-history.server.ts';
import { orderItems } from '#app/domain/orders/orders.schema.ts';
import {
  createCategory,
  createDeliveryTime,
  createOrder,
  createProduct,
} from '#db/seed/factories.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let writer: TestKey;
let reader: TestKey;
let client: ReturnType<typeof officialClient>;
const api = (path: string) => `${shop.url}/wp-json/wc/v3/${path}`;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  writer = await staffKey(shop, 'read_write');
  reader = await staffKey(shop, 'read');
  client = officialClient(shop, writer);
});

afterAll(async () => {
  await shop?.close();
});

/** A call as the writing key unless another (or none) is given. */
const call = (method: string, path: string, body?: unknown, key: TestKey | null = writer) =>
  restCall(shop, key, method, path, body);

describe('reading products', () => {
  it('refuses without a key (401) and a read key on a write (403)', async () => {
    expect((await call('GET', 'products', undefined, null)).status).toBe(401);
    const { product } = await createProduct(shop.database.db, {});
    const read = await call('GET', `products/${product.id}`, undefined, reader);
    expect(read.status).toBe(200);
    const write = await call('PUT', `products/${product.id}`, { name: 'x' }, reader);
    expect(write).toMatchObject({
      status: 403,
      body: { code: 'woocommerce_rest_authentication_error' },
    });
  });

  it('lists with filters and paging headers, in WooCommerce shapes', async () => {
    const db = shop.database.db;
    const tag = `Filterprobe${Date.now()}`;
    const category = await createCategory(db, { name: { de: `Kat ${tag}`, en: `Cat ${tag}` } });
    const made = [];
    for (const [i, price] of [1000, 2500, 4000].entries()) {
      const created = await createProduct(db, {
        name: { de: `${tag} Nummer ${i}`, en: `${tag} number ${i}` },
        regularPrice: price,
        salePrice: i === 2 ? 3000 : null,
        categoryIds: [category.id],
        manageStock: i === 1,
        stockQuantity: i === 1 ? 0 : null,
      });
      made.push(created.product);
    }
    await recordPrices(
      db,
      made.map((p) => p.id),
    );
    const page = await call('GET', `products?search=${tag}&per_page=2&orderby=price&order=asc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-wp-total')).toBe('3');
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    expect(page.body.map((p: { id: number }) => p.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(page.body[0]).toMatchObject({
      id: made[0]!.id,
      name: `${tag} Nummer 0`,
      type: 'simple',
      status: 'publish',
      price: '10.00',
      regular_price: '10.00',
      sale_price: '',
      on_sale: false,
      stock_status: 'instock',
      categories: [{ id: category.id, name: `Kat ${tag}`, slug: category.slug }],
    });
    const english = await call('GET', `products/${made[0]!.id}?lang=en`);
    expect(english.body.name).toBe(`${tag} number 0`);
    expect(english.body.categories[0].name).toBe(`Cat ${tag}`);

    const ids = async (query: string) =>
      (await call('GET', `products?search=${tag}&orderby=id&order=asc&${query}`)).body.map(
        (p: { id: number }) => p.id,
      );
    expect(await ids('on_sale=true')).toEqual([made[2]!.id]);
    expect(await ids('stock_status=outofstock')).toEqual([made[1]!.id]);
    expect(await ids('min_price=20&max_price=30')).toEqual([made[1]!.id, made[2]!.id]);
    expect(await ids(`category=${category.id}`)).toHaveLength(3);
    expect(await ids(`sku=${made[1]!.sku}`)).toEqual([made[1]!.id]);
    expect(await ids('type=variable')).toEqual([]);
    expect(await ids('status=draft')).toEqual([]);
  });

  it('answers unknown ids with 404 and hostile filters with 400', async () => {
    expect((await call('GET', 'products/99999999')).body.code).toBe(
      'woocommerce_rest_product_invalid_id',
    );
    expect((await call('GET', 'products/abc')).body.code).toBe('rest_no_route');
    for (const query of [
      'per_page=1000',
      'min_price=-1',
      'min_price[]=1',
      'orderby=evil',
      `search=${'x'.repeat(300)}`,
      'search=a%00b',
      'status=deleted',
    ]) {
      const answer = await call('GET', `products?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toMatch(/^rest_invalid_param$/);
    }
    // The server refuses an address this long before any route.
    expect((await fetch(api(`products?search=${'x'.repeat(10_000)}`))).status).toBe(414);
  });
});

describe('changing products', () => {
  it('changes name, prices, sale, stock, status and SKU, and writes the audit log', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, { regularPrice: 2000 });
    const other = await createProduct(db, {});
    const changed = await call('PUT', `products/${product.id}`, {
      name: 'Neuer Name',
      regular_price: '24.90',
      sale_price: '19.90',
      manage_stock: true,
      stock_quantity: 0,
      status: 'draft',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Neuer Name',
      regular_price: '24.90',
      sale_price: '19.90',
      price: '19.90',
      on_sale: true,
      manage_stock: true,
      stock_quantity: 0,
      stock_status: 'outofstock',
      status: 'draft',
    });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ regularPrice: 2490, salePrice: 1990, stockStatus: 'outofstock' });
    expect(row!.name).toMatchObject({ de: 'Neuer Name' });
    // A draft is not in the shop.
    expect(await getProduct(db, { id: product.id }, 'de')).toBeNull();

    const restocked = await call('PUT', `products/${product.id}`, {
      stock_quantity: 5,
      status: 'publish',
    });
    expect(restocked.body).toMatchObject({ stock_quantity: 5, stock_status: 'instock' });

    const taken = await call('PUT', `products/${product.id}`, { sku: other.product.sku });
    expect(taken).toMatchObject({ status: 400, body: { code: 'product_invalid_sku' } });

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(product.id))));
    expect(audit.map((a) => [a.action, a.channel, a.actorLabel])).toContainEqual([
      'update',
      'api',
      writer.description,
    ]);
    expect(audit[0]!.before).toMatchObject({ regularPrice: 2000, status: 'publish' });
  });

  it('sets each tax class by its slug, the second reduced rate included', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, { regularPrice: 2000 });
    for (const [slug, taxClass] of [
      ['second-reduced-rate', 'reduced2'],
      ['reduced-rate', 'reduced'],
      ['', 'standard'],
    ] as const) {
      const res = await call('PUT', `products/${product.id}`, { tax_class: slug });
      expect(res.status).toBe(200);
      expect(res.body.tax_class).toBe(slug);
      const [row] = await db.select().from(products).where(eq(products.id, product.id));
      expect(row!.taxClass).toBe(taxClass);
    }
    const bad = await call('PUT', `products/${product.id}`, { tax_class: 'reduced2x' });
    expect(bad.status).toBe(400);
  });

  it('keeps the Omnibus lowest price right when prices change through the API', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, { regularPrice: 3000 });
    await recordPrices(db, [product.id], new Date(Date.now() - 40 * 86_400_000));
    // Lowered for a while, then raised and reduced again: the reference is the lowered price.
    expect((await call('PUT', `products/${product.id}`, { regular_price: '18.00' })).status).toBe(
      200,
    );
    const sale = await call('PUT', `products/${product.id}`, {
      regular_price: '35.00',
      sale_price: '25.00',
    });
    expect(sale.body).toMatchObject({ price: '25.00', on_sale: true });
    const shown = await getProduct(db, { id: product.id }, 'de');
    expect(shown!.price).toMatchObject({ active: 2500, onSale: true, lowestPrior: 1800 });
    const page = await fetch(`${shop.url}/product/${product.slug}`, {
      headers: { cookie: 'lang=en' },
    });
    expect(await page.text()).toContain('Lowest price in the last 30 days: €18.00');
  });

  it('refuses hostile values with 400 and changes nothing', async () => {
    const db = shop.database.db;
    const { product } = await createProduct(db, { regularPrice: 1500 });
    for (const body of [
      { name: 'a\u0000b' },
      { name: 'x'.repeat(10_000) },
      { regular_price: '-5' },
      { regular_price: ['5'] },
      { regular_price: '1e3' },
      { sale_price: 12.999 },
      { stock_quantity: 'many' },
      { status: 'deleted' },
      { categories: [{ id: 'x' }] },
      { categories: [{ id: 99999999 }] },
      { images: [{ id: 99999999 }] },
      { meta_data: [{ key: 'product_delivery_time', value: 'nowhere' }] },
    ]) {
      const answer = await call('PUT', `products/${product.id}`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const broken = await call('PUT', `products/${product.id}`, '{"name":');
    expect(broken).toMatchObject({ status: 400, body: { code: 'rest_invalid_json' } });
    for (const raw of [
      '[1,2]',
      'null',
      '"Name"',
      '{"name":{"de":["a"]}}',
      '{"sku":"' + 'S'.repeat(10_000) + '"}',
    ]) {
      const answer = await call('PUT', `products/${product.id}`, raw);
      expect(answer.status, raw.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status, raw.slice(0, 40)).toBeLessThan(500);
    }
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ regularPrice: 1500, name: product.name });
    // A price sent as a number is taken as WooCommerce's decimal string would be.
    const numeric = await call('PUT', `products/${product.id}`, { regular_price: 16.5 });
    expect(numeric.body.regular_price).toBe('16.50');
  });

  it('creates a simple product with Germanized meta, trashes it and deletes it for good', async () => {
    const db = shop.database.db;
    const time = await createDeliveryTime(db, { slug: `api-${Date.now()}` });
    const category = await createCategory(db, { name: { de: 'API-Kategorie' } });
    const created = await call('POST', 'products', {
      name: { de: 'Kaffee', en: 'Coffee' },
      regular_price: '8.99',
      sku: `KAF-${Date.now()}`,
      categories: [{ id: category.id }],
      meta_data: [
        { key: '_unit', value: 'kg' },
        { key: '_unit_product', value: '0.5' },
        { key: '_unit_base', value: '1' },
        { key: '_ts_gtin', value: '4006381333931' },
        { key: 'product_delivery_time', value: time.slug },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Kaffee',
      slug: 'kaffee',
      type: 'simple',
      status: 'publish',
      price: '8.99',
      global_unique_id: '4006381333931',
    });
    expect(created.body.meta_data).toEqual(
      expect.arrayContaining([
        { key: '_unit', value: 'kg' },
        { key: '_unit_product', value: '0.5' },
        { key: '_unit_price_regular', value: '17.98' },
        { key: '_ts_gtin', value: '4006381333931' },
        { key: 'product_delivery_time', value: time.slug },
      ]),
    );
    const id = created.body.id as number;
    expect(await getProduct(db, { id }, 'de')).not.toBeNull();
    const order = await createOrder(db, { productIds: [id] });

    const trashed = await call('DELETE', `products/${id}`);
    expect(trashed.body).toMatchObject({ id, status: 'trash' });
    expect(await getProduct(db, { id }, 'de')).toBeNull();
    expect((await call('GET', `products?sku=${created.body.sku}`)).body).toEqual([]);
    expect((await call('DELETE', `products/${id}`)).body.code).toBe(
      'woocommerce_rest_already_trashed',
    );

    const gone = await call('DELETE', `products/${id}?force=true`);
    expect(gone.body).toMatchObject({ id, name: 'Kaffee' });
    expect((await call('GET', `products/${id}`)).status).toBe(404);
    // The order keeps its line as sold.
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: id });
    expect(lines[0]!.name).not.toBe('');
  });
});

describe('the official client over OAuth 1.0a', () => {
  it('creates, updates and deletes a product', async () => {
    const created = await client.post('products', {
      name: 'Teekanne',
      type: 'simple',
      regular_price: '29.00',
      sku: `TK-${Date.now()}`,
    });
    expect(created.status).toBe(201);
    const id = created.data.id as number;
    const updated = await client.put(`products/${id}`, { sale_price: '24.00' });
    expect(updated.data).toMatchObject({ id, price: '24.00', on_sale: true });
    const listed = await client.get('products', { include: String(id) });
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([id]);
    const deleted = await client.delete(`products/${id}`, { force: true });
    expect(deleted.data).toMatchObject({ id, name: 'Teekanne' });
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toBeUndefined();
  });
});
