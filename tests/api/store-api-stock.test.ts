import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { StoreClient } from '../support/store-client.ts';
import { shop, ids, withStoreApiShop } from '../support/store-api-shop.ts';

/** Quantities, stock and the headless clients' Cart-Token in the Store API's cart. */

withStoreApiShop();

describe('Store API cart quantities, stock and Cart-Token', () => {
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
