// Grouped and external products and scheduled publishing through the REST API v3, the Store
// API, the product page's no-JS form and the listings: what a shopper sees and may buy, and
// hostile input refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { productListing } from '#app/domain/catalog/listing.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type TestKey, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';
import { TEN_KB } from '../support/hostile.ts';
import { csvObjects } from '../support/csv.ts';
import { signedInCustomer } from '../support/customers.ts';
import { importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { PictureSource } from '#app/domain/catalog/product-import-pictures.server.ts';

let shop: TestShop;
let writer: TestKey;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  writer = await staffKey(shop, 'read_write');
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  restCall(shop, writer, method, path, body);
const tag = () => `p${Math.random().toString(36).slice(2, 8)}`;
const page = (path: string, cookie = '') =>
  fetch(shop.url + path, { headers: { cookie: `lang=en; ${cookie}` } });

async function simple(name: string, price: number) {
  const res = await call('POST', 'products', {
    name,
    regular_price: (price / 100).toFixed(2),
    status: 'publish',
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string };
}

describe('grouped products', () => {
  it('lists its children in order, priced from them, and adds chosen quantities at once', async () => {
    const t = tag();
    const tea = await simple(`Tea ${t}`, 450);
    const mug = await simple(`Mug ${t}`, 1290);
    const made = await call('POST', 'products', {
      name: `Set ${t}`,
      type: 'grouped',
      status: 'publish',
      grouped_products: [mug.id, tea.id],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      type: 'grouped',
      grouped_products: [mug.id, tea.id],
      purchasable: false,
    });
    const store = (await (await page(`/wc/store/v1/products/${made.body.id}`)).json()) as any;
    expect(store).toMatchObject({ type: 'grouped', is_purchasable: false });
    expect(store.prices.price_range).toEqual({ min_amount: '450', max_amount: '1290' });

    const html = await (await page(`/product/${made.body.slug}`)).text();
    const mugAt = html.indexOf(`href="/product/${mug.slug}"`);
    const teaAt = html.indexOf(`href="/product/${tea.slug}"`);
    expect(mugAt).toBeGreaterThan(0);
    expect(teaAt).toBeGreaterThan(mugAt);
    expect(html).toContain(`name="quantity[${tea.id}]"`);
    expect(html).toContain('incl.');

    const client = await StoreClient.start(shop.url);
    const body = new URLSearchParams({
      intent: 'add',
      'add-to-cart': String(made.body.id),
      [`quantity[${mug.id}]`]: '2',
      [`quantity[${tea.id}]`]: '0',
    });
    const posted = await fetch(`${shop.url}/product/${made.body.slug}`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: body.toString(),
    });
    expect(posted.status).toBe(200);
    const cart = await client.cart();
    expect(cart.items.map((i: any) => [i.id, i.quantity])).toEqual([[mug.id, 2]]);

    // Nothing chosen: a clear refusal, nothing added.
    body.set(`quantity[${mug.id}]`, '0');
    const none = await fetch(`${shop.url}/product/${made.body.slug}`, {
      method: 'POST',
      headers: {
        cookie: `lang=en; ${client.cookieHeader}`,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: body.toString(),
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose a quantity for at least one product.');

    // The grouped product itself is not for sale.
    const refused = await client.post('/cart/add-item', { id: made.body.id, quantity: 1 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'woocommerce_rest_product_not_purchasable',
      data: { status: 400 },
    });
  });

  it('refuses itself, a variable product, a grouped one and unknown ids as children', async () => {
    const t = tag();
    const tea = await simple(`Tea ${t}`, 450);
    const { product: variable } = await createProduct(shop.database.db, {
      type: 'variable',
      name: { de: `Variabel ${t}` },
    });
    const made = await call('POST', 'products', {
      name: `Set ${t}`,
      type: 'grouped',
      grouped_products: [tea.id],
    });
    expect(made.status).toBe(201);
    for (const children of [[made.body.id], [variable.id], [99_999_999], [tea.id, made.body.id]]) {
      const res = await call('PUT', `products/${made.body.id}`, { grouped_products: children });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ data: { status: 400 } });
    }
    const other = await call('POST', 'products', {
      name: `Other ${t}`,
      type: 'grouped',
      grouped_products: [made.body.id],
    });
    expect(other.status).toBe(400);
    expect((await call('GET', `products/${made.body.id}`)).body.grouped_products).toEqual([tea.id]);
  });
});

describe('external products', () => {
  it('links to the seller with a sponsored link and is not for sale', async () => {
    const t = tag();
    const made = await call('POST', 'products', {
      name: `Book ${t}`,
      type: 'external',
      status: 'publish',
      regular_price: '19.90',
      external_url: 'https://seller.example/book?id=1&ref=shop',
      button_text: { de: 'Beim Händler kaufen', en: 'Buy at the seller' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      type: 'external',
      external_url: 'https://seller.example/book?id=1&ref=shop',
      purchasable: false,
    });
    const html = await (await page(`/product/${made.body.slug}`)).text();
    expect(html).toMatch(
      /<a href="https:\/\/seller\.example\/book\?id=1&amp;ref=shop" rel="sponsored noopener" class="[^"]*external-buy"[^>]*>Buy at the seller<\/a>/,
    );
    expect(html).not.toContain('target="_blank"');
    expect(html).not.toContain('name="quantity"');
    const store = (await (await page(`/wc/store/v1/products/${made.body.id}`)).json()) as any;
    expect(store.add_to_cart).toMatchObject({
      text: 'Buy at the seller',
      url: 'https://seller.example/book?id=1&ref=shop',
    });
    const client = await StoreClient.start(shop.url);
    const refused = await client.post('/cart/add-item', { id: made.body.id, quantity: 1 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'woocommerce_rest_product_not_purchasable',
    });
  });

  it('refuses addresses that are no plain web address', async () => {
    for (const external_url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://a.example/\u0000x',
      `https://a.example/${TEN_KB}`,
      'https://user:pw@a.example/',
    ]) {
      const res = await call('POST', 'products', {
        name: 'Hostile',
        type: 'external',
        external_url,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ data: { status: 400 } });
    }
    const nul = await call('POST', 'products', {
      name: 'Hostile',
      type: 'external',
      external_url: 'https://a.example/',
      button_text: 'Buy\u0000',
    });
    expect(nul.status).toBe(400);
  });
});

describe('scheduled products', () => {
  it('hides a product until its date in the shop, search, sitemap and Store API', async () => {
    const t = tag();
    const later = new Date(Date.now() + 7 * 86_400_000);
    const made = await call('POST', 'products', {
      name: `Kommt ${t}`,
      regular_price: '5.00',
      status: 'publish',
      date_created_gmt: later.toISOString().slice(0, 19),
    });
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('future');
    const id = made.body.id as number;
    expect((await page(`/wc/store/v1/products/${id}`)).status).toBe(404);
    expect((await page(`/product/${made.body.slug}`)).status).toBe(404);
    const list = (await (await page(`/wc/store/v1/products?search=${t}`)).json()) as any[];
    expect(list.map((p) => p.id)).not.toContain(id);
    expect(await (await page('/sitemap-products.xml')).text()).not.toContain(made.body.slug);
    const client = await StoreClient.start(shop.url);
    const refused = await client.post('/cart/add-item', { id, quantity: 1 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'woocommerce_rest_cart_invalid_product' });
  });

  it('shows it once its date has come, without anyone acting', async () => {
    const t = tag();
    const db = shop.database.db;
    const { product } = await createProduct(db, { name: { de: `Da ${t}` }, regularPrice: 500 });
    // Scheduled for a moment now past, and the listing row still as it was written before then.
    await db
      .update(products)
      .set({ status: 'future', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, product.id));
    await db
      .update(productListing)
      .set({ published: false })
      .where(eq(productListing.productId, product.id));
    const store = await page(`/wc/store/v1/products/${product.id}`);
    expect(store.status).toBe(200);
    const list = (await (await page(`/wc/store/v1/products?search=${t}`)).json()) as any[];
    expect(list.map((p) => p.id)).toContain(product.id);
    const [row] = await db
      .select({ published: productListing.published })
      .from(productListing)
      .where(eq(productListing.productId, product.id));
    expect(row?.published).toBe(true);
    const rest = await call('GET', `products/${product.id}`);
    expect(rest.body.status).toBe('publish');
  });
});

describe('product CSV', () => {
  it('exports grouped and external products in WooCommerce’s columns and imports them back', async () => {
    const t = tag().toUpperCase();
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const tea = await simple(`Tea ${t}`, 450);
    await call('PUT', `products/${tea.id}`, { sku: `TEA-${t}` });
    const group = await call('POST', 'products', {
      name: `Set ${t}`,
      sku: `SET-${t}`,
      type: 'grouped',
      grouped_products: [tea.id],
    });
    const book = await call('POST', 'products', {
      name: `Book ${t}`,
      sku: `BOOK-${t}`,
      type: 'external',
      external_url: 'https://seller.example/b',
      button_text: { de: 'Zum Händler' },
    });
    expect([group.status, book.status]).toEqual([201, 201]);
    const res = await fetch(`${shop.url}/admin/products/export.csv?status=any`, {
      headers: { cookie: manager.cookie },
    });
    expect(res.status).toBe(200);
    const rows = csvObjects(await res.text());
    const set = rows.find((r) => r.SKU === `SET-${t}`)!;
    const ext = rows.find((r) => r.SKU === `BOOK-${t}`)!;
    expect(set).toMatchObject({ Type: 'grouped', 'Grouped products': `TEA-${t}` });
    expect(ext).toMatchObject({
      Type: 'external',
      'External URL': 'https://seller.example/b',
      'Button text': 'Zum Händler',
    });

    const header = ['Type', 'SKU', 'Name', 'Grouped products', 'External URL', 'Button text'];
    const text = [
      header,
      ['grouped', `SET2-${t}`, `Set 2 ${t}`, `TEA-${t}`, '', ''],
      ['external', `BOOK2-${t}`, `Book 2 ${t}`, '', 'https://seller.example/c', 'Kaufen'],
      ['external', `BAD-${t}`, `Bad ${t}`, '', 'javascript:alert(1)', ''],
    ]
      .map((r) => r.join(','))
      .join('\r\n');
    const report = await importCsvText(shop.database.db, `${text}\r\n`, {
      updateExisting: false,
      dryRun: false,
      pictures: new PictureSource({
        shopOrigin: new URL(shop.url).origin,
        allowedOrigins: [],
        mediaDir: `${shop.dataDir}/media`,
      }),
      actor: { channel: 'admin', id: null, label: 'test' },
    });
    expect(report.rows.map((r) => r.outcome)).toEqual(['created', 'created', 'skipped']);
    const bySku = async (sku: string) =>
      (await shop.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
    const set2 = await bySku(`SET2-${t}`);
    expect(set2.type).toBe('grouped');
    expect((await call('GET', `products/${set2.id}`)).body.grouped_products).toEqual([tea.id]);
    expect(await bySku(`BOOK2-${t}`)).toMatchObject({
      type: 'external',
      externalUrl: 'https://seller.example/c',
      buttonText: { de: 'Kaufen' },
    });
  });
});
