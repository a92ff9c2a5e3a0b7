import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttribute,
  createCategory,
  createCoupon,
  createImage,
  createProduct,
} from '#db/seed/factories.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';
import * as woo from '../support/woo-schemas.ts';

/**
 * Every Store API answer against WooCommerce's own schemas: a client written for WooCommerce
 * finds each property, at every depth, with the type it expects.
 */

let shop: TestShop;
let candle: number;
const ids = { sale: 0, shirt: 0 };
let categoryId = 0;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 3 }));
  const db = shop.database.db;
  const category = await createCategory(db, { name: { de: 'Vertrag', en: 'Contract' } });
  categoryId = category.id;
  const picture = await createImage(db, {
    rendered: {
      key: 'vertrag-bild',
      width: 800,
      height: 800,
      sizes: [{ name: 'thumb', width: 150, height: 150 }],
    },
    alt: { de: 'Bild', en: 'Picture' },
  });
  const size = await createAttribute(db, {
    slug: 'groesse',
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 's', name: { de: 'S', en: 'S' } },
      { slug: 'm', name: { de: 'M', en: 'M' } },
    ],
  });
  ids.sale = (
    await createProduct(db, {
      name: { de: 'Tasse', en: 'Mug' },
      regularPrice: 1000,
      salePrice: 800,
      manageStock: true,
      stockQuantity: 2,
      lowStockAmount: 5,
      weightKg: 0.25,
      categoryIds: [category.id],
      images: [picture.id],
    })
  ).product.id;
  ids.shirt = (
    await createProduct(db, {
      name: { de: 'Hemd', en: 'Shirt' },
      regularPrice: 2000,
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { groesse: 's' } },
        { attributes: { groesse: 'm' }, regularPrice: 2400 },
      ],
    })
  ).product.id;
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${shop.url}/wc/store/v1${path}`, { headers });
  expect(res.status).toBe(200);
  return res.json();
};

function conforms(answer: unknown, shape: woo.Shape) {
  expect(woo.check(answer, shape)).toEqual([]);
}

async function filledCart() {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: ids.sale, quantity: 2 })).status).toBe(201);
  expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
  const shirt = await get(`/products/${ids.shirt}`);
  const variation = shirt.variations[1].id;
  expect((await client.post('/cart/add-item', { id: variation, quantity: 1 })).status).toBe(201);
  const coupon = await createCoupon(shop.database.db);
  expect((await client.post('/cart/apply-coupon', { code: coupon.code })).status).toBe(200);
  await client.post('/cart/update-customer', { shipping_address: { country: 'DE' } });
  return client;
}

describe('Store API answers in WooCommerce’s schemas', () => {
  it('the products list and each product, simple and variable', async () => {
    const list = await get('/products?per_page=100');
    expect(list.length).toBeGreaterThanOrEqual(3);
    conforms(list, { array: woo.product });
    for (const id of [ids.sale, ids.shirt, candle])
      conforms(await get(`/products/${id}`), woo.product);
  });

  it('fills the product fields with the shop’s values', async () => {
    const mug = await get(`/products/${ids.sale}`);
    expect(mug.price_html).toMatch(/<del[^>]*>.*10,00.*<\/del>.*<ins[^>]*>.*8,00.*<\/ins>/s);
    expect(mug.categories).toEqual([
      expect.objectContaining({ id: categoryId, slug: 'vertrag', name: 'Vertrag' }),
    ]);
    expect(mug.images[0].id).toBeGreaterThan(0);
    expect(mug.low_stock_remaining).toBe(2);
    expect(mug.stock_availability.class).toBe('in-stock');
    expect(mug.add_to_cart).toMatchObject({ minimum: 1, maximum: 2, multiple_of: 1 });
    expect(mug.add_to_cart.url).toBe(mug.permalink);
    expect(mug.tags).toEqual([]);
    expect(mug.brands).toEqual([]);
    expect(mug.grouped_products).toEqual([]);
    const shirt = await get(`/products/${ids.shirt}`);
    expect(shirt.attributes).toEqual([
      expect.objectContaining({
        name: 'Größe',
        has_variations: true,
        terms: [expect.objectContaining({ slug: 's' }), expect.objectContaining({ slug: 'm' })],
      }),
    ]);
    expect(shirt.price_html).toMatch(/20,00.*–.*24,00/s);
    expect(shirt.add_to_cart.url).toBe(shirt.permalink);
  });

  it('the cart with lines, a coupon and shipping, and its items', async () => {
    const client = await filledCart();
    const cart = await client.cart();
    expect(cart.items).toHaveLength(3);
    expect(cart.coupons).toHaveLength(1);
    conforms(cart, woo.cart);
    conforms(await get('/cart/items', { cookie: client.cookieHeader }), { array: woo.cartItem });
    expect(cart.payment_methods).toContain('bacs');
    expect(cart.payment_requirements).toEqual(['products']);
    expect(cart.items_weight).toBe(500);
    const mug = cart.items.find((i: { id: number }) => i.id === ids.sale);
    expect(mug.prices.raw_prices).toEqual({
      precision: 6,
      price: '8000000',
      regular_price: '10000000',
      sale_price: '8000000',
    });
    expect(mug.quantity_limits.maximum).toBe(2);
    expect(mug.low_stock_remaining).toBe(2);
    const unlimited = cart.items.find((i: { type: string }) => i.type === 'variation');
    expect(unlimited.quantity_limits.maximum).toBe(9999);
  });

  it('the checkout, read and placed', async () => {
    const client = await filledCart();
    const draft = await get('/checkout', { cookie: client.cookieHeader });
    conforms(draft, woo.checkout);
    expect(draft.__experimentalCart.items).toHaveLength(3);
    const res = await client.post('/checkout', {
      billing_address: GERMAN_BILLING,
      payment_method: 'bacs',
      additional_fields: { terms: true },
    });
    expect(res.status).toBe(200);
    const placed = await res.json();
    conforms(placed, woo.checkout);
    expect(placed.__experimentalCart.items).toEqual([]);
  });
});

describe('Store API error codes as WooCommerce documents them', () => {
  const expectError = async (res: Response, status: number, code: string) => {
    const body = await res.json();
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    conforms(body, woo.error);
  };

  it('names the refused parameter or item', async () => {
    const client = await StoreClient.start(shop.url);
    await expectError(
      await client.post('/cart/add-item', { id: 999_999, quantity: 1 }),
      400,
      'woocommerce_rest_cart_invalid_product',
    );
    await expectError(
      await client.post('/cart/remove-coupon', { code: 'NO-SUCH-CODE' }),
      400,
      'woocommerce_rest_cart_coupon_error',
    );
    await expectError(
      await client.post('/cart/select-shipping-rate', { package_id: 0 }),
      400,
      'rest_missing_callback_param',
    );
    await client.post('/cart/add-item', { id: candle, quantity: 1 });
    await expectError(
      await client.post('/checkout', {
        payment_method: 'bacs',
        additional_fields: { terms: true },
      }),
      400,
      'rest_missing_callback_param',
    );
    await expectError(
      await client.post('/checkout', {
        billing_address: GERMAN_BILLING,
        payment_method: 'no-such-gateway',
        additional_fields: { terms: true },
      }),
      400,
      'rest_invalid_param',
    );
  });
});
