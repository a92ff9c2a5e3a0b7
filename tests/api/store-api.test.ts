import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { cartItems } from '#app/domain/cart/cart.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { LISTENER_NAME } from '#app/lib/db-writes.server.ts';
import { hashSessionId } from '#app/lib/session.server.ts';
import { createAttribute, createDepositType, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let ids: {
  coffee: number;
  shirt: number;
  crate: number;
  lastOne: number;
  unique: number;
  soldOut: number;
  fabric: number;
};

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
  const color = await createAttribute(db, {
    slug: 'color',
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#c00' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#00c' } },
    ],
  });
  const coffee = await createProduct(db, {
    name: { de: 'Kaffee', en: 'Coffee' },
    regularPrice: 1199,
    taxClass: 'reduced',
    unit: 'kg',
    productUnits: 0.5,
    unitBase: 1,
  });
  const shirt = await createProduct(db, {
    name: { de: 'Hemd', en: 'Shirt' },
    regularPrice: 2495,
    attributes: [
      {
        attributeId: color.attribute.id,
        termIds: Object.values(color.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { color: 'rot' }, manageStock: true, stockQuantity: 5 },
      { attributes: { color: 'blau' }, manageStock: true, stockQuantity: 0, regularPrice: 2695 },
    ],
  });
  const crate = await createProduct(db, {
    name: { de: 'Bierkasten', en: 'Beer crate' },
    regularPrice: 1899,
    depositTypeId: bottle.id,
    depositQuantity: 20,
  });
  const lastOne = await createProduct(db, {
    name: { de: 'Letztes Stück', en: 'Last one' },
    regularPrice: 500,
    manageStock: true,
    stockQuantity: 1,
  });
  const unique = await createProduct(db, {
    name: { de: 'Unikat', en: 'One-off' },
    regularPrice: 9900,
    soldIndividually: true,
  });
  const soldOut = await createProduct(db, {
    name: { de: 'Ausverkauft', en: 'Sold out' },
    regularPrice: 100,
    stockStatus: 'outofstock',
  });
  const fabric = await createProduct(db, {
    name: { de: 'Stoff', en: 'Fabric' },
    regularPrice: 1299,
    minQuantity: 0.5,
    quantityStep: 0.5,
    unit: 'm',
    productUnits: 1,
    unitBase: 1,
  });
  ids = {
    coffee: coffee.product.id,
    shirt: shirt.product.id,
    crate: crate.product.id,
    lastOne: lastOne.product.id,
    unique: unique.product.id,
    soldOut: soldOut.product.id,
    fabric: fabric.product.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /wc/store/v1/products', () => {
  it('pages through published products with WooCommerce fields and totals headers', async () => {
    const res = await fetch(
      `${shop.url}/wc/store/v1/products?per_page=3&page=1&orderby=menu_order&order=asc`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wp-total')).toBe('7');
    expect(res.headers.get('x-wp-totalpages')).toBe('3');
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(3);
    const coffee = body.find((p) => p.id === ids.coffee) as Record<string, any>;
    expect(coffee).toMatchObject({
      name: 'Kaffee',
      slug: 'kaffee',
      type: 'simple',
      is_purchasable: true,
      is_in_stock: true,
      sold_individually: false,
      variations: [],
      prices: {
        price: '1199',
        regular_price: '1199',
        currency_code: 'EUR',
        currency_minor_unit: 2,
      },
    });
    expect(coffee.extensions.germanized.unit_price).toMatchObject({
      price: '2398',
      base: 1,
      unit: 'kg',
    });
    const page3 = (await (
      await fetch(`${shop.url}/wc/store/v1/products?per_page=3&page=3`)
    ).json()) as unknown[];
    expect(page3).toHaveLength(1);
  });

  it('lists variations and the price range of a variable product', async () => {
    const body = (await (
      await fetch(`${shop.url}/wc/store/v1/products?per_page=100`)
    ).json()) as Record<string, any>[];
    const shirt = body.find((p) => p.id === ids.shirt)!;
    expect(shirt.type).toBe('variable');
    expect(shirt.variations).toHaveLength(2);
    expect(shirt.variations[0].attributes).toEqual([{ name: 'color', value: 'rot' }]);
    expect(shirt.prices.price_range).toEqual({ min_amount: '2495', max_amount: '2695' });
  });

  it('answers English when the language cookie says so', async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/products/${ids.coffee}`, {
      headers: { cookie: 'lang=en' },
    });
    expect(((await res.json()) as { name: string }).name).toBe('Coffee');
  });

  it.each([
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=-1', 'per_page'],
  ])('rejects %s with a 400 naming the parameter', async (query, param) => {
    const res = await fetch(`${shop.url}/wc/store/v1/products?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      code: string;
      data: { status: number; params: { param: string } };
    };
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data).toMatchObject({ status: 400, params: { param } });
  });

  it.each(['999999', 'abc', '1e3', '-1'])('answers 404 JSON for product id %s', async (id) => {
    const res = await fetch(`${shop.url}/wc/store/v1/products/${id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { code: string }).code).toBe(
      'woocommerce_rest_product_invalid_id',
    );
  });

  it('refuses writes to the product list', async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/products`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
  });
});

describe('Store API cart', () => {
  it('starts a session and sends the nonce with an empty cart', async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/cart`);
    expect(res.status).toBe(200);
    expect(res.headers.get('nonce')).toMatch(/^[\w-]{32}$/);
    expect(res.headers.get('set-cookie')).toMatch(
      /^sid=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
    const body = (await res.json()) as {
      items: unknown[];
      items_count: number;
      totals: { total_price: string };
    };
    expect(body.items).toEqual([]);
    expect(body.items_count).toBe(0);
    expect(body.totals.total_price).toBe('0');
  });

  it('adds items with quantity 1 by default and computes VAT per rate', async () => {
    const client = await StoreClient.start(shop.url);
    const added = await client.post('/cart/add-item', { id: ids.coffee });
    expect(added.status).toBe(201);
    await client.post('/cart/add-item', { id: ids.crate, quantity: 2 });
    const cart = await client.cart();
    expect(cart.items.map((i: any) => [i.id, i.quantity])).toEqual([
      [ids.coffee, 1],
      [ids.crate, 2],
    ]);
    const coffee = cart.items[0];
    expect(coffee.key).toMatch(/^[a-f0-9]{32}$/);
    expect(coffee.prices).toMatchObject({
      price: '1199',
      currency_code: 'EUR',
      currency_minor_unit: 2,
    });
    // 11,99 € gross at 7 %: 0,78 € VAT
    expect(coffee.totals).toMatchObject({ line_total: '1121', line_total_tax: '78' });
    // 2 crates × 18,99 € + 2 × 20 × 0,08 € deposit
    expect(cart.totals.total_price).toBe(String(1199 + 2 * 1899 + 2 * 160));
    expect(cart.fees).toHaveLength(1);
    expect(cart.totals.tax_lines.map((l: any) => l.rate)).toEqual(['19', '7']);
    const taxSum = cart.totals.tax_lines.reduce((n: number, l: any) => n + Number(l.price), 0);
    expect(String(taxSum)).toBe(cart.totals.total_tax);
  });

  it('adds the variation that matches the chosen attributes', async () => {
    const client = await StoreClient.start(shop.url);
    const res = await client.post('/cart/add-item', {
      id: ids.shirt,
      quantity: 2,
      variation: [{ attribute: 'color', value: 'rot' }],
    });
    expect(res.status).toBe(201);
    const cart = await client.cart();
    expect(cart.items[0]).toMatchObject({
      quantity: 2,
      type: 'variation',
      variation: [{ attribute: 'Farbe', value: 'Rot' }],
    });
    const unavailable = await client.post('/cart/add-item', {
      id: ids.shirt,
      variation: { color: 'blau' },
    });
    expect(unavailable.status).toBe(400);
    const unchosen = await client.post('/cart/add-item', { id: ids.shirt });
    expect(unchosen.status).toBe(400);
  });

  it('accepts half metres of fabric sold in 0.5 m steps, and no other fractions', async () => {
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: ids.fabric, quantity: 1.5 })).status).toBe(
      201,
    );
    expect((await client.post('/cart/add-item', { id: ids.fabric, quantity: 0.3 })).status).toBe(
      400,
    );
    const cart = await client.cart();
    expect(cart.items[0].quantity).toBe(1.5);
    expect(cart.totals.total_price).toBe(String(Math.round(1299 * 1.5)));
  });

  it('removes an item by key and rejects unknown keys', async () => {
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: ids.coffee });
    const { items } = await client.cart();
    const removed = await client.post('/cart/remove-item', { key: items[0].key });
    expect(removed.status).toBe(200);
    expect((await client.cart()).items).toEqual([]);
    const again = await client.post('/cart/remove-item', { key: items[0].key });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('woocommerce_rest_cart_invalid_key');
    expect((await client.post('/cart/remove-item', { key: '../etc' })).status).toBe(409);
  });

  it('answers an unknown or foreign key with 409 and the cart as it stands, changing nothing', async () => {
    const mine = await StoreClient.start(shop.url);
    const theirs = await StoreClient.start(shop.url);
    await mine.post('/cart/add-item', { id: ids.coffee, quantity: 2 });
    await theirs.post('/cart/add-item', { id: ids.crate });
    const foreignKey = (await theirs.cart()).items[0].key as string;
    for (const [path, body] of [
      ['/cart/remove-item', { key: foreignKey }],
      ['/cart/update-item', { key: foreignKey, quantity: 3 }],
      ['/cart/remove-item', { key: 'f'.repeat(10_000) }],
    ] as const) {
      const res = await mine.post(path, body);
      expect(res.status, path).toBe(409);
      const answer = await res.json();
      expect(answer.code).toBe('woocommerce_rest_cart_invalid_key');
      expect(answer.data.status).toBe(409);
      expect(answer.data.cart.items.map((i: { id: number }) => i.id)).toEqual([ids.coffee]);
      expect(answer.data.cart.items[0].quantity).toBe(2);
    }
    expect((await theirs.cart()).items[0].quantity).toBe(1);
  });

  it('never answers with an older cart than the database holds, whoever changed it', async () => {
    const db = shop.database.db;
    const client = await StoreClient.start(shop.url);
    const other = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: ids.coffee, quantity: 1 });
    await other.post('/cart/add-item', { id: ids.crate, quantity: 2 });
    const first = await client.cart();
    expect(first.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
    // Asked again: the same answer, and the other session still gets its own.
    expect(await client.cart()).toEqual(first);
    expect((await other.cart()).items.map((i: { id: number }) => i.id)).toEqual([ids.crate]);
    // Another instance changes the line in the database: the next answer shows it.
    await db.update(cartItems).set({ quantity: 5 }).where(eq(cartItems.key, first.items[0].key));
    const after = await client.cart();
    expect(after.items[0].quantity).toBe(5);
    expect(after.totals.total_price).not.toBe(first.totals.total_price);
    expect((await other.cart()).items[0].quantity).toBe(2);
  });

  it('repeats an answer only while the database stands still: stock, prices and sessions', async () => {
    const db = shop.database.db;
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: ids.coffee, quantity: 1 });
    const ask = async () => {
      const res = await fetch(`${shop.url}/wc/store/v1/cart`, {
        headers: { cookie: client.cookieHeader },
      });
      return { kept: res.headers.get('x-render-cache') === 'HIT', body: await res.json() };
    };
    // Both databases repeat answers (decision 0018); PostgreSQL once its listener hears writes.
    await expect.poll(() => shop.database.watchWrites?.listening() ?? true).toBe(true);
    const first = await ask();
    const again = await ask();
    expect(again.kept).toBe(true);
    expect(again.body).toEqual(first.body);
    // A price edited straight in the database: the next answer is computed anew.
    await db.update(products).set({ regularPrice: 1299 }).where(eq(products.id, ids.coffee));
    const repriced = await ask();
    expect(repriced.kept).toBe(false);
    expect(repriced.body.items[0].prices.regular_price).toBe('1299');
    expect((await ask()).kept).toBe(true);
    // The session ends (another instance deleted it): no kept answer shows its cart any more.
    const id = client.cookieHeader.split('=')[1]!;
    await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
    const res = await fetch(`${shop.url}/wc/store/v1/cart`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(res.headers.get('x-render-cache')).toBeNull();
    expect((await res.json()).items).toEqual([]);
    await db.update(products).set({ regularPrice: 1199 }).where(eq(products.id, ids.coffee));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, hears writes of other instances and repeats nothing while deaf',
    async () => {
      const watch = shop.database.watchWrites!;
      const url = (shop.database as { url?: string }).url!;
      const client = await StoreClient.start(shop.url);
      await client.post('/cart/add-item', { id: ids.coffee, quantity: 1 });
      const ask = async () => {
        const res = await fetch(`${shop.url}/wc/store/v1/cart`, {
          headers: { cookie: client.cookieHeader },
        });
        return { kept: res.headers.get('x-render-cache') === 'HIT', body: await res.json() };
      };
      await expect.poll(() => watch.listening()).toBe(true);
      await expect.poll(async () => (await ask()).kept).toBe(true);

      // Another instance (its own connection, not this shop's pool) edits the price.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        const before = watch.generation();
        await other.query('update products set regular_price = 1499 where id = $1', [ids.coffee]);
        await expect.poll(() => watch.generation()).not.toBe(before);
        const repriced = await ask();
        expect(repriced.kept).toBe(false);
        expect(repriced.body.items[0].prices.regular_price).toBe('1499');
        expect((await ask()).kept).toBe(true);

        // The listening connection is cut: until it is back, every call gives a new number.
        await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = $1`,
          [LISTENER_NAME],
        );
        await expect.poll(() => watch.listening()).toBe(false);
        expect(watch.generation()).not.toBe(watch.generation());
        // It comes back by itself, and answers are repeated again.
        await expect.poll(() => watch.listening()).toBe(true);
        // (A background job's write may end one kept answer; the next is kept again.)
        await expect.poll(async () => (await ask()).kept).toBe(true);
        await other.query('update products set regular_price = 1199 where id = $1', [ids.coffee]);
      } finally {
        await other.end();
      }
    },
  );

  describe('bad input changes nothing', () => {
    const cases: [string, unknown, number, string][] = [
      ['unknown id', { id: 987654 }, 404, 'woocommerce_rest_product_invalid_id'],
      ['quantity 0', { id: 0, quantity: 0 }, 400, 'rest_invalid_param'],
      ['quantity 0 on a real product', { quantity: 0 }, 400, 'rest_invalid_param'],
      ['quantity -1', { quantity: -1 }, 400, 'rest_invalid_param'],
      ['quantity 1e9', { quantity: 1e9 }, 400, 'rest_invalid_param'],
      ['quantity as a word', { quantity: 'abc' }, 400, 'rest_invalid_param'],
      ['id as a word', { id: 'abc' }, 400, 'rest_invalid_param'],
      ['out of stock', { id: -2 }, 400, 'woocommerce_rest_product_out_of_stock'],
      [
        'more than in stock',
        { id: -3, quantity: 2 },
        400,
        'woocommerce_rest_product_partially_out_of_stock',
      ],
      [
        'sold individually twice',
        { id: -4, quantity: 2 },
        400,
        'woocommerce_rest_product_sold_individually',
      ],
    ];
    it.each(cases)('%s', async (_name, body, status, code) => {
      const client = await StoreClient.start(shop.url);
      await client.post('/cart/add-item', { id: ids.coffee });
      const before = await client.cart();
      const payload = { id: ids.coffee, ...(body as object) } as Record<string, unknown>;
      if (payload.id === -2) payload.id = ids.soldOut;
      if (payload.id === -3) payload.id = ids.lastOne;
      if (payload.id === -4) payload.id = ids.unique;
      const res = await client.post('/cart/add-item', payload);
      expect(res.status).toBe(status);
      const error = (await res.json()) as {
        code: string;
        message: string;
        data: { status: number };
      };
      expect(error.code).toBe(code);
      expect(error.message).not.toBe('');
      expect(error.data.status).toBe(status);
      expect(await client.cart()).toEqual(before);
    });

    it('malformed JSON', async () => {
      const client = await StoreClient.start(shop.url);
      const res = await client.raw('/cart/add-item', '{"id": 1,', {
        'content-type': 'application/json',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('rest_invalid_json');
      expect((await client.cart()).items).toEqual([]);
    });

    it('missing nonce', async () => {
      const client = await StoreClient.start(shop.url);
      const res = await client.raw(
        '/cart/add-item',
        JSON.stringify({ id: ids.coffee }),
        { 'content-type': 'application/json' },
        { nonce: false },
      );
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('woocommerce_rest_missing_nonce');
      expect((await client.cart()).items).toEqual([]);
    });

    it('wrong nonce, and another session’s nonce', async () => {
      const client = await StoreClient.start(shop.url);
      const other = await StoreClient.start(shop.url);
      for (const nonce of ['x'.repeat(32), other.nonce]) {
        const res = await client.raw('/cart/add-item', JSON.stringify({ id: ids.coffee }), {
          'content-type': 'application/json',
          nonce,
        });
        expect(res.status).toBe(403);
        expect((await res.json()).code).toBe('woocommerce_rest_invalid_nonce');
      }
      expect((await client.cart()).items).toEqual([]);
    });

    it('nonce in the security field works like the header', async () => {
      const client = await StoreClient.start(shop.url);
      const res = await client.raw(
        '/cart/add-item',
        `id=${ids.coffee}&security=${client.nonce}`,
        { 'content-type': 'application/x-www-form-urlencoded' },
        { nonce: false },
      );
      expect(res.status).toBe(201);
    });

    it('cross-origin request', async () => {
      const client = await StoreClient.start(shop.url);
      const attempts: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of attempts) {
        const res = await client.raw('/cart/add-item', JSON.stringify({ id: ids.coffee }), {
          'content-type': 'application/json',
          ...headers,
        });
        expect(res.status).toBe(403);
        expect((await res.json()).code).toBe('rest_forbidden_origin');
      }
      expect((await client.cart()).items).toEqual([]);
    });
  });

  it('updates a line’s quantity within its rules, and rejects bad updates without change', async () => {
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: ids.fabric, quantity: 1 });
    const [line] = (await client.cart()).items;
    const updated = await client.post('/cart/update-item', { key: line.key, quantity: 2.5 });
    expect(updated.status).toBe(200);
    expect((await updated.json()).items[0].quantity).toBe(2.5);
    const bad: [unknown, number, string][] = [
      [{ key: line.key, quantity: 0.7 }, 400, 'woocommerce_rest_invalid_quantity'],
      [{ key: line.key, quantity: 0 }, 400, 'rest_invalid_param'],
      [{ key: line.key, quantity: 'viel' }, 400, 'rest_invalid_param'],
      [{ key: 'f'.repeat(32), quantity: 1 }, 409, 'woocommerce_rest_cart_invalid_key'],
      [{ quantity: 1 }, 409, 'woocommerce_rest_cart_invalid_key'],
    ];
    for (const [body, status, code] of bad) {
      const res = await client.post('/cart/update-item', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).code).toBe(code);
    }
    expect((await client.cart()).items[0].quantity).toBe(2.5);
    const other = await StoreClient.start(shop.url);
    expect((await other.post('/cart/update-item', { key: line.key, quantity: 1 })).status).toBe(
      409,
    );
  });

  it('lists lines the stock no longer covers in errors, in the shopper’s language', async () => {
    const { product } = await createProduct(shop.database.db, {
      name: { de: 'Knapper Tee', en: 'Scarce tea' },
      regularPrice: 700,
      manageStock: true,
      stockQuantity: 3,
    });
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: product.id, quantity: 3 })).status).toBe(201);
    expect((await client.cart()).errors).toEqual([]);
    await shop.database.db
      .update(products)
      .set({ stockQuantity: 1 })
      .where(eq(products.id, product.id));
    const cart = await client.cart();
    expect(cart.items[0].quantity).toBe(3);
    expect(cart.errors).toEqual([
      {
        code: 'woocommerce_rest_product_partially_out_of_stock',
        message: 'Von „Knapper Tee“ sind nur noch 1 vorrätig.',
      },
    ]);
    await shop.database.db
      .update(products)
      .set({ stockQuantity: 0, stockStatus: 'outofstock' })
      .where(eq(products.id, product.id));
    const english = await fetch(`${shop.url}/wc/store/v1/cart`, {
      headers: { cookie: `${client.cookieHeader}; lang=en` },
    });
    expect((await english.json()).errors).toEqual([
      {
        code: 'woocommerce_rest_product_out_of_stock',
        message: 'Sorry, “Scarce tea” is out of stock.',
      },
    ]);
  });

  describe('Cart-Token for headless clients', () => {
    const tokenCall = (path: string, token: string, body?: unknown) =>
      fetch(`${shop.url}/wc/store/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'cart-token': token, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    it('works on the same cart without cookie or nonce, and every answer renews it', async () => {
      const client = await StoreClient.start(shop.url);
      await client.post('/cart/add-item', { id: ids.coffee });
      const first = await fetch(`${shop.url}/wc/store/v1/cart`, {
        headers: { cookie: client.cookieHeader },
      });
      const token = first.headers.get('cart-token')!;
      expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
      // The token names the cart, not the session id the cookie holds.
      expect(token).not.toContain(client.cookieHeader.split('=')[1]!);

      const added = await tokenCall('/cart/add-item', token, { id: ids.crate });
      expect(added.status).toBe(201);
      expect(added.headers.get('set-cookie')).toBeNull();
      expect(added.headers.get('cart-token')).toMatch(/\./);
      const viaToken = await (await tokenCall('/cart', token)).json();
      expect(viaToken.items.map((i: { id: number }) => i.id).sort()).toEqual(
        [ids.coffee, ids.crate].sort(),
      );
      // The browser with the cookie sees the same cart.
      expect((await client.cart()).items).toHaveLength(2);
    });

    it('refuses a tampered, forged or malformed token with 401 and changes nothing', async () => {
      const client = await StoreClient.start(shop.url);
      await client.post('/cart/add-item', { id: ids.coffee });
      const res = await fetch(`${shop.url}/wc/store/v1/cart`, {
        headers: { cookie: client.cookieHeader },
      });
      const token = res.headers.get('cart-token')!;
      const [payload, signature] = token.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const otherPayload = Buffer.from(
        JSON.stringify({ ...claims, e: claims.e + 86_400 }),
      ).toString('base64url');
      const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      for (const bad of [
        `${otherPayload}.${signature}`,
        `${payload}.${flipped}`,
        'not-a-token',
        '',
        'x'.repeat(10_000),
      ]) {
        const answer = await tokenCall('/cart/add-item', bad, { id: ids.crate });
        expect(answer.status, bad.slice(0, 40)).toBe(401);
        expect((await answer.json()).code).toBe('woocommerce_rest_invalid_cart_token');
      }
      // A token with a cookie still has to be valid: the cookie does not rescue it.
      const both = await fetch(`${shop.url}/wc/store/v1/cart/add-item`, {
        method: 'POST',
        headers: {
          cookie: client.cookieHeader,
          nonce: client.nonce,
          'cart-token': `${payload}.${flipped}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id: ids.crate }),
      });
      expect(both.status).toBe(401);
      expect((await client.cart()).items.map((i: { id: number }) => i.id)).toEqual([ids.coffee]);
    });
  });

  it('never sells more than the stock when one cart adds the last item twice at once', async () => {
    const client = await StoreClient.start(shop.url);
    const results = await Promise.all(
      [1, 2, 3].map(() => client.post('/cart/add-item', { id: ids.lastOne })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect((await client.cart()).items[0].quantity).toBe(1);
  });
});
