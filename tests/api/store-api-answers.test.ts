import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { cartItems } from '#app/domain/cart/cart.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { LISTENER_NAME } from '#app/lib/db-writes.server.ts';
import { hashSessionId } from '#app/lib/session.server.ts';
import { StoreClient } from '../support/store-client.ts';
import { shop, ids, withStoreApiShop } from '../support/store-api-shop.ts';

/**
 * The Store API's cart answers: never older than the database, repeated only while it stands
 * still, and unchanged by bad input.
 */

withStoreApiShop();

describe('Store API cart answers and bad input', () => {
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
      ['unknown id', { id: 987654 }, 400, 'woocommerce_rest_cart_invalid_product'],
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
});
