import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { TEN_KB, formPairs } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let ids: { coffee: number; shirt: number; red: number; soldOut: number; lastTwo: number };

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const colour = await createAttribute(db, {
    slug: 'farbe-cc',
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#c00' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#00c' } },
    ],
  });
  const coffee = await createProduct(db, {
    name: { de: 'Röstkaffee', en: 'Roast coffee' },
    regularPrice: 1199,
    taxClass: 'reduced',
  });
  const shirt = await createProduct(db, {
    name: { de: 'Leinenhemd', en: 'Linen shirt' },
    regularPrice: 2495,
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: Object.values(colour.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { 'farbe-cc': 'rot' }, manageStock: true, stockQuantity: 5 },
      { attributes: { 'farbe-cc': 'blau' }, manageStock: true, stockQuantity: 0 },
    ],
  });
  const soldOut = await createProduct(db, {
    name: { de: 'Vergriffen', en: 'Gone' },
    regularPrice: 100,
    stockStatus: 'outofstock',
  });
  const lastTwo = await createProduct(db, {
    name: { de: 'Restposten', en: 'Remnant' },
    regularPrice: 500,
    manageStock: true,
    stockQuantity: 2,
  });
  ids = {
    coffee: coffee.product.id,
    shirt: shirt.product.id,
    red: shirt.variations[0]!.id,
    soldOut: soldOut.product.id,
    lastTwo: lastTwo.product.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

type CartAnswer = {
  fragments: Record<string, string>;
  cart_hash: string;
  cart: {
    hash: string;
    itemCount: number;
    lines: { key: string; quantity: number; name: string }[];
  };
  reveal_mini_cart?: boolean;
  redirect?: string;
};

/** A shopper's browser: keeps the session cookie, posts form-encoded bodies like jQuery. */
class Shopper {
  cookie = '';
  lang = '';

  async post(action: string, body: string | Record<string, string>, type = 'form') {
    const res = await fetch(`${shop.url}/wc-ajax/${action}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
      headers: {
        'content-type':
          type === 'form' ? 'application/x-www-form-urlencoded; charset=UTF-8' : 'application/json',
        cookie: [this.cookie, this.lang].filter(Boolean).join('; '),
      },
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    return res;
  }

  async cart(action: string, body: Record<string, string>): Promise<CartAnswer> {
    const res = await this.post(action, body);
    expect(res.status).toBe(200);
    return (await res.json()) as CartAnswer;
  }
}

function cookieNamed(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe('POST /wc-ajax/add_to_cart', () => {
  it('adds a simple product from the button data and answers fragments, hash, cart and cookies', async () => {
    const me = new Shopper();
    const res = await me.post('add_to_cart', {
      product_id: String(ids.coffee),
      quantity: '2',
      product_sku: 'anything',
      'data-unknown': 'ignored',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CartAnswer;
    expect(body.cart_hash).toMatch(/^[a-f0-9]{32}$/);
    expect(body.cart.hash).toBe(body.cart_hash);
    expect(body.cart.itemCount).toBe(2);
    expect(body.cart.lines).toMatchObject([{ name: 'Röstkaffee', quantity: 2 }]);
    expect(Object.keys(body.fragments).sort()).toEqual([
      'a.cart-link',
      'div.widget_shopping_cart_content',
    ]);
    const contents = body.fragments['div.widget_shopping_cart_content']!;
    expect(contents).toMatch(/^<div class="widget_shopping_cart_content/);
    expect(contents).toContain('Röstkaffee');
    expect(contents).toContain('23,98');
    expect(contents).toContain('Warenkorb anzeigen');
    expect(contents).toContain('Kasse');
    expect(contents).toContain(`data-cart_item_key="${body.cart.lines[0]!.key}"`);
    expect(body.fragments['a.cart-link']).toContain('aria-label="Warenkorb, 2 Artikel"');
    expect(body.reveal_mini_cart).toBe(true);
    expect(body.redirect).toBeUndefined();

    expect(cookieNamed(res, 'sid')).toBeDefined();
    const items = cookieNamed(res, 'woocommerce_items_in_cart')!;
    const hash = cookieNamed(res, 'woocommerce_cart_hash')!;
    expect(items).toMatch(/^woocommerce_items_in_cart=1; Path=\/;.*SameSite=Lax/);
    expect(hash).toMatch(new RegExp(`^woocommerce_cart_hash=${body.cart_hash}; Path=/;`));
    expect(hash).toContain('SameSite=Lax');
    expect(hash).not.toContain('HttpOnly');
  });

  it('takes numbers as strings or as JSON numbers, and a variation by its attributes', async () => {
    const me = new Shopper();
    const json = await me.post(
      'add_to_cart',
      JSON.stringify({
        product_id: ids.shirt,
        quantity: 1,

        'attribute_farbe-cc': 'rot',
      }),
      'json',
    );
    expect(json.status).toBe(200);
    const body = (await json.json()) as CartAnswer;
    expect(body.cart.lines).toHaveLength(1);
    expect(body.fragments['div.widget_shopping_cart_content']).toContain('Rot');
    const again = await me.cart('add_to_cart', {
      product_id: String(ids.shirt),
      variation_id: String(ids.red),
      'attribute_farbe-cc': 'rot',
      quantity: '1,000',
    });
    expect(again.cart.lines).toMatchObject([{ quantity: 2 }]);
  });

  it('sends the browser to the product when the listing cannot add it as it stands', async () => {
    const me = new Shopper();
    const refused: Record<string, string>[] = [
      { product_id: String(ids.shirt) },
      { product_id: String(ids.shirt), 'attribute_farbe-cc': 'blau' },
      { product_id: String(ids.soldOut) },
      { product_id: String(ids.lastTwo), quantity: '3' },
    ];
    for (const fields of refused) {
      const res = await me.post('add_to_cart', fields);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { error: boolean; product_url: string; message: string };
      expect(body.error).toBe(true);
      expect(body.product_url).toMatch(/^\/product\/[a-z0-9-]+$/);
      expect(body.message.length).toBeGreaterThan(0);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('woocommerce_'))).toBe(false);
    }
    const empty = await me.cart('get_refreshed_fragments', { time: '1' });
    expect(empty.cart.lines).toEqual([]);
  });

  it('refuses input that names no product with a clear 4xx', async () => {
    const me = new Shopper();
    const cases: [string, number][] = [
      ['', 400],
      ['product_id=', 400],
      ['product_id=0', 400],
      ['product_id=-1', 400],
      ['product_id=1e3', 400],
      ['product_id=999999', 404],
      [`product_id=${TEN_KB}`, 400],
      ['product_id=1%002', 400],
      [formPairs('product_id', ['1', '2']), 400],
      [`product_id=${ids.coffee}&quantity=abc`, 400],
      [`product_id=${ids.coffee}&quantity=-1`, 400],
      [`product_id=${ids.coffee}&quantity=${TEN_KB}`, 400],
      [`product_id=${ids.coffee}&attribute_farbe=${TEN_KB}`, 400],
      [`product_id=${ids.coffee}&note=a%00b`, 400],
    ];
    for (const [body, status] of cases) {
      const res = await me.post('add_to_cart', body);
      expect({ body: body.slice(0, 40), status: res.status }).toEqual({
        body: body.slice(0, 40),
        status,
      });
      const error = (await res.json()) as { code: string; message: string };
      expect(error.code).toMatch(/^(rest_|woocommerce_rest_)/);
      expect(error.message.length).toBeGreaterThan(0);
    }
    for (const value of [['1'], { id: 1 }, null, true, 1.5]) {
      const res = await me.post('add_to_cart', JSON.stringify({ product_id: value }), 'json');
      expect(res.status).toBe(400);
    }
    const ignored = await me.post('add_to_cart', `product_id=${ids.coffee}&note=${TEN_KB}`);
    expect(ignored.status).toBe(200);
  });

  it('answers the redirect-after-add and reveal settings', async () => {
    // A shop of its own: the settings are kept a few seconds once read.
    const other = await startTestShop();
    try {
      await putSetting(other.database.db, 'cart.behaviour', {
        revealMiniCart: false,
        redirectAfterAdd: true,
      });
      const product = await createProduct(other.database.db, {
        name: { de: 'Tee', en: 'Tea' },
        regularPrice: 499,
      });
      const res = await fetch(`${other.url}/wc-ajax/add_to_cart`, {
        method: 'POST',
        body: `product_id=${product.product.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const body = (await res.json()) as CartAnswer;
      expect(body.cart.lines).toHaveLength(1);
      expect(body.reveal_mini_cart).toBe(false);
      expect(body.redirect).toBe('/cart');
    } finally {
      await other.close();
    }
  });

  it('is refused from another site and by other methods', async () => {
    const res = await fetch(`${shop.url}/wc-ajax/add_to_cart`, {
      method: 'POST',
      body: `product_id=${ids.coffee}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(403);
    const get = await fetch(`${shop.url}/wc-ajax/add_to_cart?product_id=${ids.coffee}`);
    expect(get.status).toBe(405);
  });
});

describe('the cart hash', () => {
  it('changes exactly when the contents or totals change, and the cookies follow it', async () => {
    const me = new Shopper();
    const first = await me.cart('add_to_cart', { product_id: String(ids.coffee) });
    const key = first.cart.lines[0]!.key;
    const same = await me.cart('get_refreshed_fragments', { time: String(Date.now()) });
    expect(same.cart_hash).toBe(first.cart_hash);
    const unchanged = await me.cart('update_cart_item_quantity', {
      cart_item_key: key,
      quantity: '1',
    });
    expect(unchanged.cart_hash).toBe(first.cart_hash);

    const more = await me.cart('update_cart_item_quantity', { cart_item_key: key, quantity: '3' });
    expect(more.cart_hash).not.toBe(first.cart_hash);
    expect(more.cart.lines).toMatchObject([{ quantity: 3 }]);
    const back = await me.cart('update_cart_item_quantity', { cart_item_key: key, quantity: '1' });
    expect(back.cart_hash).toBe(first.cart_hash);

    const other = await me.cart('add_to_cart', { product_id: String(ids.lastTwo) });
    expect(other.cart_hash).not.toBe(first.cart_hash);

    // Another language shows other words, but the cart is the same.
    me.lang = 'lang=en';
    const english = await me.cart('get_refreshed_fragments', {});
    expect(english.cart_hash).toBe(other.cart_hash);
    expect(english.fragments['div.widget_shopping_cart_content']).toContain('Roast coffee');
    expect(english.fragments['div.widget_shopping_cart_content']).toContain('View cart');
    expect(english.fragments['div.widget_shopping_cart_content']).toContain('Checkout');
    expect(english.fragments['a.cart-link']).toContain('Cart, 2 items');
    me.lang = '';

    // A price change is a totals change.
    const { products } = await import('#db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await shop.database.db
      .update(products)
      .set({ regularPrice: 1299 })
      .where(eq(products.id, ids.coffee));
    const repriced = await me.cart('get_refreshed_fragments', {});
    expect(repriced.cart_hash).not.toBe(other.cart_hash);
    await shop.database.db
      .update(products)
      .set({ regularPrice: 1199 })
      .where(eq(products.id, ids.coffee));

    await me.cart('remove_from_cart', { cart_item_key: other.cart.lines[1]!.key });
    const res = await me.post('update_cart_item_quantity', { cart_item_key: key, quantity: '0' });
    expect(res.status).toBe(200);
    const emptied = (await res.json()) as CartAnswer;
    expect(emptied.cart_hash).toBe('');
    expect(emptied.cart.lines).toEqual([]);
    expect(emptied.fragments['div.widget_shopping_cart_content']).toContain(
      'Ihr Warenkorb ist derzeit leer.',
    );
    expect(cookieNamed(res, 'woocommerce_items_in_cart')).toMatch(
      /^woocommerce_items_in_cart=; Path=\/; Max-Age=0/,
    );
    expect(cookieNamed(res, 'woocommerce_cart_hash')).toMatch(
      /^woocommerce_cart_hash=; Path=\/; Max-Age=0/,
    );
  });
});

describe('POST /wc-ajax/remove_from_cart and update_cart_item_quantity', () => {
  it("changes nothing with another session's key, an unknown key or no session", async () => {
    const alice = new Shopper();
    const bob = new Shopper();
    const added = await alice.cart('add_to_cart', {
      product_id: String(ids.coffee),
      quantity: '2',
    });
    const key = added.cart.lines[0]!.key;
    await bob.cart('add_to_cart', { product_id: String(ids.lastTwo) });

    for (const [action, fields] of [
      ['remove_from_cart', { cart_item_key: key }],
      ['update_cart_item_quantity', { cart_item_key: key, quantity: '5' }],
    ] as const) {
      const res = await bob.post(action, fields);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe(
        'woocommerce_rest_cart_invalid_key',
      );
      expect(res.headers.getSetCookie().some((c) => c.startsWith('woocommerce_'))).toBe(false);
      const stranger = await new Shopper().post(action, fields);
      expect(stranger.status).toBe(409);
    }
    const unknown = await alice.post('remove_from_cart', { cart_item_key: 'f'.repeat(32) });
    expect(unknown.status).toBe(409);

    const still = await alice.cart('get_refreshed_fragments', {});
    expect(still.cart_hash).toBe(added.cart_hash);
    expect(still.cart.lines).toMatchObject([{ key, quantity: 2 }]);
  });

  it('refuses malformed keys and quantities with 4xx and keeps the cart', async () => {
    const me = new Shopper();
    const added = await me.cart('add_to_cart', { product_id: String(ids.lastTwo) });
    const key = added.cart.lines[0]!.key;
    const bodies = [
      '',
      'cart_item_key=',
      `cart_item_key=${TEN_KB}`,
      'cart_item_key=a%00b',
      formPairs('cart_item_key', [key, key]),
    ];
    for (const body of bodies) {
      const res = await me.post('remove_from_cart', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const quantity of ['abc', '-1', '1e309', TEN_KB, '0x1F', '3']) {
      const res = await me.post('update_cart_item_quantity', { cart_item_key: key, quantity });
      expect(res.status).toBe(400);
      const error = (await res.json()) as { message: string };
      expect(error.message.length).toBeGreaterThan(0);
    }
    for (const quantity of [[1], { n: 1 }, null, true, '1\u0000']) {
      const res = await me.post(
        'update_cart_item_quantity',
        JSON.stringify({ cart_item_key: key, quantity }),
        'json',
      );
      expect(res.status).toBe(400);
    }
    for (const value of [[key], { key }, 12]) {
      const res = await me.post(
        'remove_from_cart',
        JSON.stringify({ cart_item_key: value }),
        'json',
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const still = await me.cart('get_refreshed_fragments', {});
    expect(still.cart_hash).toBe(added.cart_hash);
  });

  it('removes a line and sets a quantity given as a string', async () => {
    const me = new Shopper();
    const a = await me.cart('add_to_cart', { product_id: String(ids.coffee) });
    const b = await me.cart('add_to_cart', { product_id: String(ids.lastTwo) });
    const updated = await me.cart('update_cart_item_quantity', {
      cart_item_key: b.cart.lines[1]!.key,
      quantity: '2',
    });
    expect(updated.cart.itemCount).toBe(3);
    const removed = await me.cart('remove_from_cart', { cart_item_key: a.cart.lines[0]!.key });
    expect(removed.cart.lines.map((l) => l.name)).toEqual(['Restposten']);
    expect(removed.fragments['div.widget_shopping_cart_content']).not.toContain('Röstkaffee');
    expect(removed.fragments['a.cart-link']).toContain('Warenkorb, 2 Artikel');
  });
});

describe('the cart forms of the pages', () => {
  it('keep the cart cookies current too', async () => {
    const me = new Shopper();
    const form = async (fields: Record<string, string>) => {
      const res = await fetch(`${shop.url}/cart`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(me.cookie ? { cookie: me.cookie } : {}),
        },
        redirect: 'manual',
      });
      const sid = cookieNamed(res, 'sid');
      if (sid) me.cookie = sid.split(';')[0]!;
      return res;
    };
    const added = await form({ intent: 'add', product_id: String(ids.coffee), quantity: '2' });
    expect(added.status).toBe(200);
    const now = await me.cart('get_refreshed_fragments', {});
    expect(cookieNamed(added, 'woocommerce_cart_hash')).toContain(`=${now.cart_hash};`);
    expect(cookieNamed(added, 'woocommerce_items_in_cart')).toContain('=1;');
    const removed = await form({ remove: now.cart.lines[0]!.key });
    expect(removed.status).toBe(200);
    expect(cookieNamed(removed, 'woocommerce_cart_hash')).toMatch(/=; Path=\/; Max-Age=0/);
    const refused = await form({ intent: 'add', product_id: String(ids.soldOut) });
    expect(refused.status).toBe(400);
    expect(cookieNamed(refused, 'woocommerce_cart_hash')).toBeUndefined();
  });
});

describe('POST /wc-ajax/get_refreshed_fragments', () => {
  it('answers the empty cart to a visitor without starting a session', async () => {
    const res = await fetch(`${shop.url}/wc-ajax/get_refreshed_fragments`, {
      method: 'POST',
      body: 'time=1700000000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(cookieNamed(res, 'sid')).toBeUndefined();
    const body = (await res.json()) as CartAnswer;
    expect(body.cart_hash).toBe('');
    expect(body.fragments['a.cart-link']).toContain('Warenkorb, 0 Artikel');
  });
});
