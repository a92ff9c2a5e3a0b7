import { describe, expect, it } from 'vitest';
import { StoreClient } from '../support/store-client.ts';
import { shop, ids, withStoreApiShop } from '../support/store-api-shop.ts';

withStoreApiShop();

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
    // As WooCommerce: the attribute's label in the shopper's language, the term's slug.
    expect(shirt.variations[0].attributes).toEqual([{ name: 'Farbe', value: 'rot' }]);
    expect(shirt.prices.price_range).toEqual({ min_amount: '2495', max_amount: '2695' });
    const english = (await (
      await fetch(`${shop.url}/wc/store/v1/products/${ids.shirt}`, {
        headers: { cookie: 'lang=en' },
      })
    ).json()) as Record<string, any>;
    expect(english.variations[0].attributes[0].value).toBe('rot');
    expect(english.variations[0].attributes[0].name).toBe(
      english.attributes.find((a: { taxonomy: string }) => a.taxonomy === 'pa_color').name,
    );
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
});
