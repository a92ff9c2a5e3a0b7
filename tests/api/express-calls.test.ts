import { taxInGross } from '#app/domain/pricing/tax.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpressShop, ajax, shopper, startExpressShop } from '../support/express.ts';
import { TEN_KB, formPairs } from '../support/hostile.ts';
import type { StoreClient } from '../support/store-client.ts';

let express: ExpressShop;

beforeAll(async () => {
  express = await startExpressShop();
});

afterAll(async () => {
  await express?.shop.close();
});

const call = (
  client: StoreClient | null,
  name: string,
  body: Record<string, string> | string,
  lang: 'de' | 'en' = 'en',
) => ajax(express.shop, client, name, body, { lang });

async function json(response: Response, status = 200) {
  expect(response.status).toBe(status);
  return (await response.json()) as any;
}

async function withCandles(quantity: number) {
  const client = await shopper(express.shop);
  const res = await client.post('/cart/add-item', { id: express.ids.candle, quantity });
  expect(res.status).toBe(201);
  return client;
}

const cartTotal = async (client: StoreClient) =>
  Number(((await client.cart()) as any).totals.total_price);

const sum = (items: { amount: number }[]) => items.reduce((s, i) => s + i.amount, 0);

describe('get_cart_details', () => {
  it('answers the server total, the items adding up to it and whether shipping is asked', async () => {
    const client = await withCandles(2);
    const body = await json(await call(client, 'get_cart_details', {}));
    // Two candles and Germany's flat rate below the free-shipping threshold.
    expect(body.total).toEqual({ label: 'Ladenzeile', amount: 2 * 1290 + 490 });
    expect(body.total.amount).toBe(await cartTotal(client));
    expect(sum(body.displayItems)).toBe(body.total.amount);
    expect(body.displayItems[0]).toEqual({ label: 'Candle × 2', amount: 2580 });
    expect(body.requestShipping).toBe(true);
  });
});

describe('get_shipping_options and update_shipping_method', () => {
  it('rates for the sheet address, the chosen first, totals with it', async () => {
    const client = await withCandles(1);
    const austria = await json(
      await call(client, 'get_shipping_options', {
        country: 'AT',
        state: '',
        postcode: '1010',
        city: 'Wien',
        address: '',
        address_2: '',
        is_product_page: 'false',
      }),
    );
    expect(austria.result).toBe('success');
    expect(austria.shipping_options[0]).toMatchObject({ id: expect.any(String), amount: 1290 });
    expect(austria.total.amount).toBe(1290 + 1290);
    expect(sum(austria.displayItems)).toBe(austria.total.amount);
    const world = await json(
      await call(client, 'get_shipping_options', { country: 'US', state: 'CA', postcode: '94103' }),
    );
    // Shipped to the US: a tax-free export, the candle and the world rate without German VAT.
    expect(world.shipping_options[0].amount).toBe(2490 - taxInGross(2490, 1900));
    expect(world.total.amount).toBe(1290 - taxInGross(1290, 1900) + 2490 - taxInGross(2490, 1900));
    expect(sum(world.displayItems)).toBe(world.total.amount);
  });

  it('refuses addresses the shop does not deliver to', async () => {
    const client = await withCandles(1);
    const addresses: Record<string, string>[] = [
      { country: 'ES', postcode: '35001', city: 'Las Palmas' },
      { country: 'XX', postcode: '1' },
      { country: 'de', postcode: 'not a postcode' },
    ];
    for (const address of addresses) {
      const body = await json(await call(client, 'get_shipping_options', address));
      expect(body).toEqual({ result: 'invalid_shipping_address' });
    }
  });

  it('takes a rate the cart is offered and refuses any other', async () => {
    const client = await withCandles(1);
    const options = await json(
      await call(client, 'get_shipping_options', { country: 'DE', postcode: '04109' }),
    );
    expect(options.shipping_options.length).toBeGreaterThan(1);
    const pickup = options.shipping_options.find((o: any) => o.amount === 0);
    expect(pickup).toBeTruthy();
    const chosen = await json(
      await call(client, 'update_shipping_method', 'shipping_method%5B0%5D=' + pickup.id),
    );
    expect(chosen.result).toBe('success');
    expect(chosen.total.amount).toBe(1290);
    expect(chosen.total.amount).toBe(await cartTotal(client));
    const refused = await json(
      await call(client, 'update_shipping_method', { 'shipping_method[]': 'flat_rate:99999' }),
    );
    expect(refused.result).toBe('fail');
    expect(await cartTotal(client)).toBe(1290);
  });
});

describe('normalize_address', () => {
  it('splits names, falls back to "-", strips phones and names states by code', async () => {
    const client = await shopper(express.shop);
    const body = await json(
      await call(
        client,
        'normalize_address',
        [
          formPairs('data', {
            billing_address: {
              first_name: 'Erika Maria Mustermann',
              last_name: '',
              email: ' erika@example.org ',
              phone: '+49 (30) 123-45 67',
              country: 'us',
              state: 'California',
              postcode: '94103',
              city: 'San Francisco',
              address_1: '1 Market St',
            },
            shipping_address: {
              first_name: 'Cher',
              country: 'DE',
              state: 'Bayern',
              postcode: '80331',
              city: 'München',
              address_1: 'Marienplatz 1',
              method: ['flat_rate:1'],
            },
          }),
        ].join('&'),
      ),
    );
    expect(body.billing_address).toMatchObject({
      first_name: 'Erika Maria',
      last_name: 'Mustermann',
      email: 'erika@example.org',
      phone: '+493012345' + '67',
      country: 'US',
      state: 'CA',
    });
    expect(body.shipping_address).toMatchObject({
      first_name: 'Cher',
      last_name: '-',
      country: 'DE',
      method: ['flat_rate:1'],
    });
    expect(body.shipping_address.email).toBeUndefined();
  });
});

describe('product page: add_to_cart, clear_cart, get_selected_product_data', () => {
  it('prices the chosen quantity and variation on the server, ignoring add-on values', async () => {
    const client = await shopper(express.shop);
    const simple = await json(
      await call(client, 'get_selected_product_data', {
        product_id: String(express.ids.candle),
        qty: '3',
        addon_value: '100000',
      }),
    );
    expect(simple.total.amount).toBe(3 * 1290);
    expect(simple.displayItems).toEqual([{ label: 'Candle × 3', amount: 3870 }]);
    expect(simple.requestShipping).toBe(true);
    const blue = await json(
      await call(client, 'get_selected_product_data', {
        product_id: String(express.ids.shirt),
        qty: '1',
        'attributes[attribute_farbe]': 'blau',
      }),
    );
    expect(blue.total.amount).toBe(5900);
    const none = await json(
      await call(client, 'get_selected_product_data', {
        product_id: String(express.ids.shirt),
        qty: '1',
      }),
    );
    expect(none).toEqual({
      error: 'Sorry, this product is unavailable. Please choose a different combination.',
    });
    const missing = await json(
      await call(client, 'get_selected_product_data', { product_id: '999999', qty: '1' }),
    );
    expect(missing.error).toBe('There was an error getting the product information.');
    const german = await json(
      await call(client, 'get_selected_product_data', { product_id: '999999', qty: '1' }, 'de'),
    );
    expect(german.error).toBe('Beim Abrufen der Produktinformationen ist ein Fehler aufgetreten.');
  });

  it('add_to_cart buys just this product; clear_cart empties what it filled', async () => {
    const client = await withCandles(5);
    const added = await call(client, 'add_to_cart', {
      product_id: String(express.ids.shirt),
      qty: '2',
      'attributes[attribute_farbe]': 'rot',
      'addon-1': 'engraving',
    });
    expect(added.headers.get('set-cookie')).toContain('woocommerce_cart_hash=');
    const body = await json(added);
    expect(body.result).toBe('success');
    const cart = (await client.cart()) as any;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 2 });
    expect(body.total.amount).toBe(Number(cart.totals.total_price));
    const failed = await json(
      await call(client, 'add_to_cart', { product_id: String(express.ids.shirt), qty: '1' }),
    );
    expect(failed).toMatchObject({
      result: 'fail',
      error: 'There was an error adding the product to the cart.',
    });
    const cleared = await json(await call(client, 'clear_cart', { booking_id: '' }));
    expect(cleared).toEqual({ result: 'success' });
    expect(((await client.cart()) as any).items).toHaveLength(0);
  });
});

const CALLS: [string, Record<string, string>][] = [
  ['get_shipping_options', { country: 'DE', postcode: '10115' }],
  ['update_shipping_method', { 'shipping_method[0]': 'flat_rate:1' }],
  ['normalize_address', { 'data[billing_address][first_name]': 'Erika' }],
  ['get_cart_details', {}],
  ['add_to_cart', { product_id: '1', qty: '1' }],
  ['clear_cart', {}],
  ['get_selected_product_data', { product_id: '1', qty: '1' }],
];

describe('every call', () => {
  it.each(CALLS)('%s refuses a missing, wrong or other session’s nonce', async (name, body) => {
    const me = await withCandles(1);
    const other = await shopper(express.shop);
    for (const security of [null, '', 'forged', other.nonce]) {
      const res = await ajax(express.shop, me, name, body, { security });
      expect(res.status).toBe(403);
      expect(((await res.json()) as any).code).toBeTruthy();
    }
    // Without any session the nonce names nobody.
    const anonymous = await ajax(express.shop, null, name, body, { security: me.nonce });
    expect(anonymous.status).toBe(403);
    expect(((await me.cart()) as any).items).toHaveLength(1);
  });

  it.each(CALLS)('%s answers hostile input with a 4xx, never a crash', async (name, body) => {
    const client = await withCandles(1);
    const field = Object.keys(body)[0] ?? 'is_product_page';
    const bad: [string, number | null][] = [
      [formPairs(field, 'a\u0000b'), 400],
      [formPairs(field, TEN_KB), null],
      [formPairs(field, ['1', '2']), null],
      [formPairs(field, { $gt: '' }), null],
      [formPairs('data', { __proto__: { polluted: '1' }, constructor: 'x' }), null],
      ['x'.repeat(70_000), 413],
    ];
    for (const [form, status] of bad) {
      const res = await call(client, name, form);
      if (status) expect(res.status).toBe(status);
      else expect(res.status).toBeLessThan(500);
      const text = await res.text();
      expect(() => JSON.parse(text)).not.toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Arrays where a scalar belongs, as JSON sends them, are refused by name.
    const res = await fetch(`${express.shop.url}/wc-ajax/wc_stripe_${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookieHeader },
      body: JSON.stringify({ security: client.nonce, country: ['DE'], product_id: ['1'] }),
    });
    expect(res.status).toBeLessThan(500);
  });

  it('a 10 kB country or product id is refused as invalid', async () => {
    const client = await withCandles(1);
    const country = await call(client, 'get_shipping_options', { country: TEN_KB });
    expect(country.status).toBe(400);
    const product = await call(client, 'get_selected_product_data', { product_id: TEN_KB });
    expect(product.status).toBe(400);
    const rate = await call(client, 'update_shipping_method', { 'shipping_method[0]': TEN_KB });
    expect(rate.status).toBe(400);
  });
});
