import { taxInGross } from '#app/domain/pricing/tax.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let teapot: number;
let tea: number;
let lamp: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await seedDemoShipping(db);
  teapot = (await createProduct(db, { name: { de: 'Teekanne', en: 'Teapot' }, regularPrice: 2990 }))
    .product.id;
  tea = (
    await createProduct(db, {
      name: { de: 'Grüner Tee', en: 'Green tea' },
      regularPrice: 1000,
      taxClass: 'reduced',
    })
  ).product.id;
  lamp = (
    await createProduct(db, {
      name: { de: 'Stehleuchte', en: 'Floor lamp' },
      regularPrice: 14900,
      shippingClass: 'bulky',
    })
  ).product.id;
});

afterAll(async () => {
  await shop?.close();
});

async function shopperWith(...items: [number, number][]) {
  const client = await StoreClient.start(shop.url);
  for (const [id, quantity] of items) {
    const res = await client.post('/cart/add-item', { id, quantity });
    expect(res.status).toBe(201);
  }
  return client;
}

const selected = (cart: any) => cart.shipping_rates[0].shipping_rates.find((r: any) => r.selected);

describe('Store API shipping', () => {
  it('estimates rates for Germany in the cart and adds the chosen one to the totals', async () => {
    const client = await shopperWith([teapot, 1], [tea, 1]);
    const cart = await client.cart();
    expect(cart.needs_shipping).toBe(true);
    expect(cart.has_calculated_shipping).toBe(false);
    expect(cart.shipping_address).toMatchObject({ country: 'DE', postcode: '', city: '' });
    expect(cart.billing_address).toMatchObject({ country: 'DE', email: '' });
    expect(cart.shipping_rates).toHaveLength(1);
    const pkg = cart.shipping_rates[0];
    expect(pkg).toMatchObject({
      package_id: 0,
      name: 'Sendung 1',
      destination: { country: 'DE', postcode: '' },
    });
    expect(pkg.items.map((i: any) => i.quantity)).toEqual([1, 1]);
    const rates = pkg.shipping_rates;
    expect(rates.map((r: any) => r.method_id)).toEqual([
      'flat_rate',
      'local_pickup',
      'pickup_point',
    ]);
    const flat = rates[0];
    expect(flat).toMatchObject({
      rate_id: `flat_rate:${flat.instance_id}`,
      name: 'Versand mit DHL',
      delivery_time: '2–3 Werktage',
      selected: true,
      currency_code: 'EUR',
      currency_minor_unit: 2,
    });
    // 4,90 € split 3,68 € : 1,22 € over 29,90 € at 19 % and 10 € at 7 %: VAT 0,59 € + 0,08 €.
    expect(Number(flat.price) + Number(flat.taxes)).toBe(490);
    expect(flat.taxes).toBe('67');
    expect(flat.meta_data[0].value).toContain('Teekanne × 1');
    expect(cart.totals.total_shipping).toBe(flat.price);
    expect(cart.totals.total_shipping_tax).toBe('67');
    expect(cart.totals.total_price).toBe(String(2990 + 1000 + 490));
  });

  it('changes the destination with update-customer and rates it', async () => {
    const client = await shopperWith([teapot, 1]);
    const res = await client.post('/cart/update-customer', {
      shipping_address: { country: 'AT', postcode: '1010', city: 'Wien', address_1: 'Graben 1' },
      billing_address: { country: 'AT', email: 'kundin@example.com', first_name: 'Anna' },
      unknown_field: 'ignored',
    });
    expect(res.status).toBe(200);
    const cart = await res.json();
    expect(cart.has_calculated_shipping).toBe(true);
    expect(cart.shipping_address).toMatchObject({ country: 'AT', postcode: '1010', city: 'Wien' });
    expect(cart.billing_address).toMatchObject({ email: 'kundin@example.com', first_name: 'Anna' });
    expect(cart.shipping_rates[0].shipping_rates.map((r: any) => r.method_id)).toEqual([
      'flat_rate',
    ]);
    expect(cart.totals.total_price).toBe(String(2990 + 1290));

    const us = await client.post('/cart/update-customer', {
      shipping_address: { country: 'US', state: 'ny', postcode: '10001', city: 'New York' },
    });
    const usCart = await us.json();
    expect(usCart.shipping_address).toMatchObject({ country: 'US', state: 'NY' });
    // A tax-free export: the teapot and the world rate without the German VAT they include.
    expect(Number(selected(usCart).taxes)).toBe(0);
    expect(Number(selected(usCart).price)).toBe(2490 - taxInGross(2490, 1900));
    expect(Number(usCart.totals.total_tax)).toBe(0);
    expect(Number(usCart.totals.total_price)).toBe(
      2990 - taxInGross(2990, 1900) + 2490 - taxInGross(2490, 1900),
    );
    expect(usCart.extensions.germanized).toMatchObject({
      tax_treatment: 'export',
      tax_country: 'US',
    });
  });

  it('selects a rate and refuses one the cart is not offered', async () => {
    const client = await shopperWith([teapot, 1]);
    const rates = (await client.cart()).shipping_rates[0].shipping_rates;
    const pickup = rates.find((r: any) => r.method_id === 'local_pickup');
    const res = await client.post('/cart/select-shipping-rate', {
      package_id: 0,
      rate_id: pickup.rate_id,
    });
    expect(res.status).toBe(200);
    const cart = await res.json();
    expect(selected(cart).rate_id).toBe(pickup.rate_id);
    expect(cart.totals.total_price).toBe('2990');

    const free = await client.post('/cart/select-shipping-rate', {
      package_id: '0',
      rate_id: 'free_shipping:999999',
    });
    expect(free.status).toBe(400);
    expect((await free.json()).code).toBe('woocommerce_rest_cart_invalid_rate');
    expect(selected(await client.cart()).rate_id).toBe(pickup.rate_id);
  });

  it('offers no free shipping for bulky goods and no delivery abroad for them', async () => {
    const client = await shopperWith([lamp, 1]);
    const cart = await client.cart();
    expect(cart.shipping_rates[0].shipping_rates.map((r: any) => [r.method_id, r.price])).toEqual([
      ['flat_rate', String(1990 - 318)],
      ['local_pickup', '0'],
    ]);
    const res = await client.post('/cart/update-customer', {
      shipping_address: { country: 'FR', postcode: '75001', city: 'Paris' },
    });
    const abroad = await res.json();
    expect(abroad.shipping_rates[0].shipping_rates).toEqual([]);
    expect(abroad.totals.total_shipping).toBeNull();
  });
});

describe('Store API shipping refuses bad input and changes nothing', () => {
  let client: StoreClient;
  let before: unknown;

  beforeAll(async () => {
    client = await shopperWith([teapot, 1]);
    before = await client.cart();
  });

  const refused = async (path: string, body: unknown, code: string | RegExp) => {
    const res = await client.post(path, body);
    expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    const json = await res.json();
    expect(json.code).toMatch(code);
    expect(json.message).toBeTruthy();
    expect(json.data.status).toBe(400);
    expect(await client.cart()).toEqual(before);
    return json;
  };

  it('names the field of an address the country refuses', async () => {
    const country = await refused(
      '/cart/update-customer',
      { shipping_address: { country: 'XX', postcode: '10115' } },
      'woocommerce_rest_cart_invalid_country',
    );
    expect(country.data.params).toMatchObject({ param: 'shipping_address', field: 'country' });
    const postcode = await refused(
      '/cart/update-customer',
      { shipping_address: { country: 'DE', postcode: '1234' } },
      'woocommerce_rest_cart_invalid_postcode',
    );
    expect(postcode.data.params).toMatchObject({ field: 'postcode', label: 'Postleitzahl' });
    const state = await refused(
      '/cart/update-customer',
      { billing_address: { country: 'US', state: 'XX' } },
      'woocommerce_rest_cart_invalid_state',
    );
    expect(state.data.params).toMatchObject({ param: 'billing_address', field: 'state' });
  });

  it.each([
    ['a 10 kB postcode', { shipping_address: { country: 'DE', postcode: TEN_KB } }],
    ['a postcode as number', { shipping_address: { country: 'DE', postcode: 10115 } }],
    ['an address as array', { shipping_address: ['DE', '10115'] }],
    ['an address as string', { shipping_address: 'DE 10115' }],
    ['a country as array', { shipping_address: { country: ['DE'] } }],
    ['a bad e-mail', { billing_address: { email: 'not-an-email' } }],
    ['no address at all', {}],
  ])('update-customer with %s', async (_label, body) => {
    await refused('/cart/update-customer', body, /^(rest_invalid_param|woocommerce_rest_)/);
  });

  it('update-customer with a NUL byte', async () => {
    await refused(
      '/cart/update-customer',
      { shipping_address: { country: 'DE', city: 'Leip\u0000zig' } },
      /^rest_/,
    );
  });

  it.each(HOSTILE_VALUES.map((h) => [h.label, h.value] as const))(
    'select-shipping-rate with %s as rate id',
    async (_label, value) => {
      const res = await client.post('/cart/select-shipping-rate', {
        package_id: 0,
        rate_id: value,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await client.cart()).toEqual(before);
    },
  );

  it.each([
    ['an unknown package', { package_id: 7, rate_id: 'flat_rate:1' }],
    ['a package id as array', { package_id: [0], rate_id: 'flat_rate:1' }],
    ['a negative package id as string', { package_id: '-1', rate_id: 'flat_rate:1' }],
  ])('select-shipping-rate with %s', async (_label, body) => {
    await refused(
      '/cart/select-shipping-rate',
      body,
      /^(rest_invalid_param|woocommerce_rest_cart_invalid_package)$/,
    );
  });

  it('refuses another session and a missing token', async () => {
    const other = await StoreClient.start(shop.url);
    const stolenNonce = await fetch(`${shop.url}/wc/store/v1/cart/update-customer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: client.cookieHeader,
        nonce: other.nonce,
      },
      body: JSON.stringify({ shipping_address: { country: 'AT', postcode: '1010' } }),
    });
    expect(stolenNonce.status).toBe(403);
    const noToken = await client.raw(
      '/cart/select-shipping-rate',
      JSON.stringify({ package_id: 0, rate_id: 'flat_rate:1' }),
      { 'content-type': 'application/json' },
      { nonce: false },
    );
    expect(noToken.status).toBe(403);
    // The other session's own cart is empty and stays without a destination.
    expect((await other.cart()).has_calculated_shipping).toBe(false);
    expect(await client.cart()).toEqual(before);
  });

  it('answers GET on a change call with 405', async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/cart/select-shipping-rate`);
    expect(res.status).toBe(405);
  });
});
