import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let coffee: number;

beforeAll(async () => {
  shop = await startTestShop();
  const created = await createProduct(shop.database.db, {
    name: { de: 'Bohnenkaffee', en: 'Bean coffee' },
    regularPrice: 899,
  });
  coffee = created.product.id;
});

afterAll(async () => {
  await shop?.close();
});

/** A POST as jQuery sends it from WooCommerce's scripts: form-encoded, the shop's own origin. */
function post(address: string, body: string, cookie = '') {
  return fetch(`${shop.url}${address}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
  });
}

const sidOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;

describe("WooCommerce's default address /?wc-ajax=<action>", () => {
  it('answers a POST on any path as /wc-ajax/<action> does', async () => {
    const added = await post('/?wc-ajax=add_to_cart', `product_id=${coffee}&quantity=2`);
    expect(added.status).toBe(200);
    const body = (await added.json()) as { fragments: Record<string, string>; cart_hash: string };
    expect(body.cart_hash).toMatch(/^[a-f0-9]{32}$/);
    expect(body.fragments['div.widget_shopping_cart_content']).toContain('Bohnenkaffee');
    const cookie = sidOf(added);

    for (const address of [
      '/?wc-ajax=get_refreshed_fragments',
      '/product/anything?wc-ajax=get_refreshed_fragments',
      '/shop?orderby=price&wc-ajax=get_refreshed_fragments',
      '/wc-ajax/get_refreshed_fragments',
    ]) {
      const res = await post(address, 'time=1700000000000', cookie);
      expect({ address, status: res.status }).toEqual({ address, status: 200 });
      expect(res.headers.get('content-type')).toContain('application/json');
      const same = (await res.json()) as { cart_hash: string };
      expect(same.cart_hash).toBe(body.cart_hash);
    }
  });

  it('answers a GET call with the other query parameters kept', async () => {
    const classic = await fetch(`${shop.url}/?wc-ajax=product_search&term=Bohnen`);
    const direct = await fetch(`${shop.url}/wc-ajax/product_search?term=Bohnen`);
    expect(classic.status).toBe(direct.status);
    expect(classic.status).toBe(200);
    expect(await classic.json()).toEqual(await direct.json());
  });

  it('refuses what /wc-ajax/<action> refuses, in JSON', async () => {
    const wrongMethod = await fetch(`${shop.url}/?wc-ajax=add_to_cart&product_id=${coffee}`);
    expect(wrongMethod.status).toBe(405);

    const foreign = await fetch(`${shop.url}/?wc-ajax=add_to_cart`, {
      method: 'POST',
      body: `product_id=${coffee}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(foreign.status).toBe(403);

    const invalid = await post('/?wc-ajax=add_to_cart', 'product_id=abc');
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message.length).toBeGreaterThan(0);
  });

  it('answers hostile action names with a clear JSON 4xx', async () => {
    for (const query of [
      'wc-ajax=no_such_action',
      'wc-ajax=add_to_cart&wc-ajax=remove_from_cart',
      `wc-ajax=${TEN_KB}`,
      'wc-ajax=..%2F..%2Fadmin',
      'wc-ajax=a%00b',
      'wc-ajax=%E0%A4%A',
    ]) {
      const res = await post(`/?${query}`, `product_id=${coffee}`);
      expect({ query: query.slice(0, 40), ok: res.status >= 400 && res.status < 500 }).toEqual({
        query: query.slice(0, 40),
        ok: true,
      });
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
  });

  it('leaves the pages alone: an empty value or none serves the page', async () => {
    for (const address of ['/?wc-ajax=', '/?wc_ajax=add_to_cart', '/?s=wc-ajax']) {
      const res = await fetch(`${shop.url}${address}`);
      expect({ address, status: res.status }).toEqual({ address, status: 200 });
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });
});
