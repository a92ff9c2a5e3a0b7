import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let shirt: number;
let mug: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  shirt = (
    await createProduct(db, {
      name: { de: 'Blaues T-Shirt', en: 'Blue T-shirt' },
      regularPrice: 1999,
      sku: 'TS-BLUE',
    })
  ).product.id;
  mug = (await createProduct(db, { name: { de: 'Tasse', en: 'Mug' }, regularPrice: 900 })).product
    .id;
});

afterAll(async () => {
  await shop?.close();
});

type CartAnswer = {
  fragments: Record<string, string>;
  cart_hash: string;
  cart: { lines: { key: string; name: string }[]; removeNonce: string };
};

/** A shopper's browser as WooCommerce's scripts drive it: jQuery posts to `/?wc-ajax=…`. */
class Shopper {
  cookie = '';

  async call(action: string, body: string, lang = '') {
    const res = await fetch(`${shop.url}/?wc-ajax=${action}`, {
      method: 'POST',
      body,
      headers: {
        accept: 'application/json, text/javascript, */*; q=0.01',
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [this.cookie, lang].filter(Boolean).join('; '),
      },
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.split(';')[0]!;
    return res;
  }

  async add(productId: number, lang = ''): Promise<CartAnswer> {
    const res = await this.call('add_to_cart', `product_id=${productId}&quantity=1`, lang);
    expect(res.status).toBe(200);
    return (await res.json()) as CartAnswer;
  }

  /** Opens a link as a browser without scripts does; a redirect is left to the test. */
  open(href: string) {
    return fetch(new URL(href.replaceAll('&amp;', '&'), shop.url), {
      headers: this.cookie ? { cookie: this.cookie } : {},
      redirect: 'manual',
    });
  }
}

/** The `a.remove_from_cart_button` of the mini cart line that names the product. */
function removeLink(fragment: string, name: string): Record<string, string> {
  const items = fragment.split('<li class="').slice(1);
  const item = items.find((i) => i.includes(name));
  expect(item, name).toBeDefined();
  expect(item!.startsWith('cart-line cart-line-compact woocommerce-mini-cart-item')).toBe(true);
  const tag = /<a [^>]*class="[^"]*\bremove_from_cart_button\b[^"]*"[^>]*>/.exec(item!)?.[0];
  expect(tag).toBeDefined();
  return Object.fromEntries([...tag!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe('the mini cart fragment for WooCommerce’s remove script', () => {
  it('has a remove link in each line with the data WooCommerce reads, named as shown', async () => {
    const me = new Shopper();
    await me.add(mug);
    const added = await me.add(shirt);
    const fragment = added.fragments['div.widget_shopping_cart_content']!;
    const key = added.cart.lines.find((l) => l.name === 'Blaues T-Shirt')!.key;
    const link = removeLink(fragment, 'Blaues T-Shirt');
    expect(link['data-cart_item_key']).toBe(key);
    expect(link['data-product_id']).toBe(String(shirt));
    expect(link['data-product_sku']).toBe('TS-BLUE');
    expect(link['aria-label']).toBe('„Blaues T-Shirt“ aus dem Warenkorb entfernen');
    expect(link['data-success_message']).toBe('„Blaues T-Shirt“ entfernt.');
    expect(link.href).toBe(`/cart?remove_item=${key}&amp;_wpnonce=${added.cart.removeNonce}`);
    expect(added.cart.removeNonce).toMatch(/^[\w-]{32}$/);
    // The shop's own form for the quantities stays beside the links.
    expect(fragment).toContain('<form method="post" action="/cart" class="mini-cart-form"');

    const english = await me.call('get_refreshed_fragments', 'time=1', 'lang=en');
    const body = (await english.json()) as CartAnswer;
    const en = removeLink(body.fragments['div.widget_shopping_cart_content']!, 'Blue T-shirt');
    expect(en['aria-label']).toBe('Remove “Blue T-shirt” from the cart');
  });

  it('removes the line with the exact call WooCommerce’s script sends', async () => {
    const me = new Shopper();
    await me.add(mug);
    const added = await me.add(shirt);
    const link = removeLink(added.fragments['div.widget_shopping_cart_content']!, 'Tasse');
    const res = await me.call(
      'remove_from_cart',
      `cart_item_key=${encodeURIComponent(link['data-cart_item_key']!)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as CartAnswer;
    expect(body.cart_hash).toMatch(/^[a-f0-9]{32}$/);
    expect(body.cart_hash).not.toBe(added.cart_hash);
    expect(Object.keys(body.fragments).sort()).toEqual([
      'a.cart-link',
      'div.widget_shopping_cart_content',
    ]);
    expect(body.fragments['div.widget_shopping_cart_content']).not.toContain('Tasse');
    expect(body.fragments['a.cart-link']).toContain('Warenkorb, 1 Artikel');
  });

  it('answers an unknown key with a 4xx, so that WooCommerce’s script follows the link', async () => {
    const me = new Shopper();
    const added = await me.add(shirt);
    for (const body of [`cart_item_key=${'f'.repeat(32)}`, 'cart_item_key=', '']) {
      const res = await me.call('remove_from_cart', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const error = (await res.json()) as { code: string; message: string; fragments?: unknown };
      expect(error.fragments).toBeUndefined();
      expect(error.message.length).toBeGreaterThan(0);
    }
    const still = (await (await me.call('get_refreshed_fragments', 'time=1')).json()) as CartAnswer;
    expect(still.cart_hash).toBe(added.cart_hash);
  });
});

describe('the remove link without scripts', () => {
  it('removes the line and shows the cart with the notice, cookies updated', async () => {
    const me = new Shopper();
    const added = await me.add(shirt);
    const link = removeLink(added.fragments['div.widget_shopping_cart_content']!, 'Blaues');
    const removed = await me.open(link.href!);
    expect(removed.status).toBe(303);
    expect(removed.headers.getSetCookie().join('\n')).toMatch(
      /woocommerce_cart_hash=; Path=\/; Max-Age=0/,
    );
    const location = removed.headers.get('location')!;
    expect(location).toMatch(/^\/cart\?removed=\d+\.[\w-]{16}$/);
    const page = await me.open(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('„Blaues T-Shirt“ entfernt.');
    expect(html).toContain('Ihr Warenkorb ist derzeit leer.');
    // The notice is this session's: another shopper, or a forged signature, sees none.
    const other = new Shopper();
    await other.add(mug);
    expect(await (await other.open(location)).text()).not.toContain('„Blaues T-Shirt“ entfernt.');
    const forged = location.replace(/\.[\w-]{16}$/, `.${'a'.repeat(16)}`);
    expect(await (await me.open(forged)).text()).not.toContain('„Blaues T-Shirt“ entfernt.');
    // A second visit of the same link removes nothing more and says why.
    const again = await me.open(link.href!);
    expect(again.status).toBe(409);
  });

  it('refuses a link without the session’s nonce and keeps the cart', async () => {
    const me = new Shopper();
    const added = await me.add(shirt);
    const key = added.cart.lines[0]!.key;
    const other = new Shopper();
    const theirs = await other.add(mug);
    const addresses = [
      `/cart?remove_item=${key}`,
      `/cart?remove_item=${key}&_wpnonce=`,
      `/cart?remove_item=${key}&_wpnonce=${theirs.cart.removeNonce}`,
      `/cart?remove_item=${key}&_wpnonce=${'x'.repeat(32)}`,
      `/cart?remove_item=${key}&_wpnonce=${'y'.repeat(2000)}`,
      `/cart?remove_item=${key}&_wpnonce=${added.cart.removeNonce}&_wpnonce=${added.cart.removeNonce}`,
    ];
    for (const address of addresses) {
      const res = await me.open(address);
      expect({ address: address.slice(0, 90), status: res.status }).toEqual({
        address: address.slice(0, 90),
        status: 403,
      });
      expect(await res.text()).toContain('Das Sicherheitstoken ist ungültig');
    }
    // Another shopper with the link of this one: their own nonce does not fit this cart's key.
    const stranger = await other.open(
      `/cart?remove_item=${key}&_wpnonce=${theirs.cart.removeNonce}`,
    );
    expect(stranger.status).toBe(409);
    // Without a session at all.
    const anonymous = await fetch(`${shop.url}/cart?remove_item=${key}&_wpnonce=${'x'.repeat(32)}`);
    expect(anonymous.status).toBe(403);
    const still = (await (await me.call('get_refreshed_fragments', 'time=1')).json()) as CartAnswer;
    expect(still.cart_hash).toBe(added.cart_hash);
  });

  it('answers malformed keys with a 4xx page and keeps the cart', async () => {
    const me = new Shopper();
    const added = await me.add(shirt);
    const nonce = added.cart.removeNonce;
    for (const key of ['', 'abc', TEN_KB, 'a%00b', `${added.cart.lines[0]!.key}&remove_item=x`]) {
      const res = await me.open(`/cart?remove_item=${key}&_wpnonce=${nonce}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const still = (await (await me.call('get_refreshed_fragments', 'time=1')).json()) as CartAnswer;
    expect(still.cart_hash).toBe(added.cart_hash);
  });
});
