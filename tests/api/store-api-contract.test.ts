import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import {
  createAttribute,
  createCategory,
  createCoupon,
  createDepositType,
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
 * finds each property, at every depth, with the type it expects. Each nested array must be
 * seen with an element somewhere, or its items' shape would go unchecked.
 */

let shop: TestShop;
let candle: number;
const ids = { sale: 0, shirt: 0, crate: 0 };
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
  const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
  ids.crate = (
    await createProduct(db, {
      name: { de: 'Kasten', en: 'Crate' },
      regularPrice: 1899,
      depositTypeId: bottle.id,
      depositQuantity: 20,
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

type Kind = 'product' | 'cart' | 'cartItem' | 'checkout';
const shapes: Record<Kind, woo.Shape> = {
  product: woo.product,
  cart: woo.cart,
  cartItem: woo.cartItem,
  checkout: woo.checkout,
};
/** The arrays each shape was seen with an element in, over all answers checked. */
const filled: Record<Kind, Set<string>> = {
  product: new Set(),
  cart: new Set(),
  cartItem: new Set(),
  checkout: new Set(),
};

function conforms(answer: unknown, kind: Kind) {
  expect(woo.check(answer, shapes[kind])).toEqual([]);
  woo.filledArrays(answer, shapes[kind], '$', filled[kind]);
}

function conformsEach(answers: unknown[], kind: Kind) {
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) conforms(answer, kind);
}

async function filledCart() {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: ids.sale, quantity: 2 })).status).toBe(201);
  expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
  const shirt = await get(`/products/${ids.shirt}`);
  const variation = shirt.variations[1].id;
  expect((await client.post('/cart/add-item', { id: variation, quantity: 1 })).status).toBe(201);
  expect((await client.post('/cart/add-item', { id: ids.crate, quantity: 1 })).status).toBe(201);
  const coupon = await createCoupon(shop.database.db);
  expect((await client.post('/cart/apply-coupon', { code: coupon.code })).status).toBe(200);
  await client.post('/cart/update-customer', { shipping_address: { country: 'DE' } });
  return client;
}

describe('Store API answers in WooCommerce’s schemas', () => {
  it('the products list and each product, simple and variable', async () => {
    const list = await get('/products?per_page=100');
    expect(list.length).toBeGreaterThanOrEqual(4);
    conformsEach(list, 'product');
    for (const id of [ids.sale, ids.shirt, ids.crate, candle])
      conforms(await get(`/products/${id}`), 'product');
    const shirt = await get(`/products/${ids.shirt}`);
    for (const { id } of shirt.variations) conforms(await get(`/products/${id}`), 'product');
  });

  it('a variation by its own id, as WooCommerce answers it', async () => {
    const shirt = await get(`/products/${ids.shirt}`);
    const medium = await get(`/products/${shirt.variations[1].id}`);
    expect(medium).toMatchObject({
      id: shirt.variations[1].id,
      parent: ids.shirt,
      type: 'variation',
      variation: 'Größe: M',
      name: 'Hemd',
      prices: { price: '2400', regular_price: '2400', price_range: null },
      attributes: [],
      variations: [],
      has_options: false,
      is_purchasable: true,
      add_to_cart: { minimum: 1, multiple_of: 1 },
    });
    expect(medium.price_html).toMatch(/24,00/);
    const english = await get(`/products/${shirt.variations[0].id}`, { cookie: 'lang=en' });
    expect(english).toMatchObject({ variation: 'Size: S', prices: { price: '2000' } });
    // A variation of a product that is not published answers like an unknown id.
    await shop.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, ids.shirt));
    try {
      const hidden = await fetch(`${shop.url}/wc/store/v1/products/${shirt.variations[1].id}`);
      expect(hidden.status).toBe(404);
      expect((await hidden.json()).code).toBe('woocommerce_rest_product_invalid_id');
    } finally {
      await shop.database.db
        .update(products)
        .set({ status: 'publish' })
        .where(eq(products.id, ids.shirt));
    }
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
    expect(cart.items).toHaveLength(4);
    expect(cart.coupons).toHaveLength(1);
    conforms(cart, 'cart');
    conformsEach(await get('/cart/items', { cookie: client.cookieHeader }), 'cartItem');
    const shirtLine = cart.items.find((i: { type: string }) => i.type === 'variation');
    expect(shirtLine.variation).toEqual([
      { raw_attribute: 'attribute_pa_groesse', attribute: 'Größe', value: 'M' },
    ]);
    // A client may send the raw name back to choose the same variation.
    const again = await client.post('/cart/add-item', {
      id: ids.shirt,
      quantity: 1,
      variation: [{ attribute: shirtLine.variation[0].raw_attribute, value: 'm' }],
    });
    expect(again.status).toBe(201);
    const shirtAgain = (await again.json()).items.find(
      (i: { key: string }) => i.key === shirtLine.key,
    );
    expect(shirtAgain.quantity).toBe(2);
    // The crate's deposit is the cart's fee; the schema's `id` and the answer's `key` agree.
    expect(cart.fees).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^deposit-/), name: expect.any(String) }),
    ]);
    expect(cart.fees[0].key).toBe(cart.fees[0].id);
    expect(cart.fees[0].totals.total).not.toBe('0');
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
    conforms(draft, 'checkout');
    conforms(draft.__experimentalCart, 'cart');
    expect(draft.__experimentalCart.items).toHaveLength(4);
    expect(draft.payment_result).toEqual({
      payment_status: '',
      payment_details: [],
      redirect_url: '',
    });
    const res = await client.post('/checkout', {
      billing_address: GERMAN_BILLING,
      payment_method: 'bacs',
      additional_fields: { terms: true },
    });
    expect(res.status).toBe(200);
    const placed = await res.json();
    conforms(placed, 'checkout');
    expect(placed.payment_result.payment_status).toBe('success');
    // Bank transfer: the account to pay to.
    expect(placed.payment_result.payment_details.length).toBeGreaterThan(0);
    expect(placed.__experimentalCart.items).toEqual([]);
  });

  it('a cart whose stock no longer covers a line, with its errors', async () => {
    const { product } = await createProduct(shop.database.db, {
      name: { de: 'Knapp', en: 'Scarce' },
      regularPrice: 500,
      manageStock: true,
      stockQuantity: 3,
    });
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: product.id, quantity: 3 })).status).toBe(201);
    await shop.database.db
      .update(products)
      .set({ stockQuantity: 1 })
      .where(eq(products.id, product.id));
    const cart = await client.cart();
    conforms(cart, 'cart');
    expect(cart.errors).toEqual([
      expect.objectContaining({ code: 'woocommerce_rest_product_partially_out_of_stock' }),
    ]);
  });

  it('saw every nested array with an element, but those the shop never fills', () => {
    // Always empty, and said so in docs/api.md: the catalog has no tags, brands, grouped
    // products or cross-sells, and no line carries data beyond its variation.
    const alwaysEmpty: Record<Kind, string[]> = {
      product: ['$.tags', '$.brands', '$.grouped_products'],
      cart: ['$.cross_sells', '$.items[].item_data'],
      cartItem: ['$.item_data'],
      // The cart inside is checked as a cart above.
      checkout: ['$.__experimentalCart'],
    };
    const under = (path: string, prefix: string) =>
      path === prefix || path.startsWith(`${prefix}[`) || path.startsWith(`${prefix}.`);
    for (const kind of Object.keys(shapes) as Kind[]) {
      const expected = woo
        .arrayPaths(shapes[kind])
        .filter((path) => !alwaysEmpty[kind].some((prefix) => under(path, prefix)));
      expect(expected.length, kind).toBeGreaterThan(0);
      expect(
        expected.filter((path) => !filled[kind].has(path)),
        kind,
      ).toEqual([]);
    }
  });
});

describe('the schema check itself', () => {
  it('ignores properties WooCommerce does not name, and finds a missing or mistyped one', async () => {
    const mug = await get(`/products/${ids.sale}`);
    const extras = {
      ...mug,
      shop_only: { anything: [1, 2] },
      prices: { ...mug.prices, shop_only: 'x' },
      images: mug.images.map((i: object) => ({ ...i, shop_only: true })),
    };
    expect(woo.check(extras, woo.product)).toEqual([]);
    const { price_html: _dropped, ...withoutPriceHtml } = mug;
    expect(woo.check(withoutPriceHtml, woo.product)).toEqual(['$.price_html: missing']);
    expect(woo.check({ ...mug, review_count: '0' }, woo.product)).toEqual([
      '$.review_count: expected integer, got "0"',
    ]);
    const { id: _id, ...imageWithoutId } = mug.images[0];
    expect(woo.check({ ...mug, images: [imageWithoutId] }, woo.product)).toEqual([
      '$.images[0].id: missing',
    ]);
    expect(woo.check({ ...mug, low_stock_remaining: null }, woo.product)).toEqual([]);
    expect(woo.check({ ...mug, on_sale: null }, woo.product)).toEqual([
      '$.on_sale: expected boolean, got null',
    ]);
  });

  it('lets an answer leave out a request-only property, but not give it another type', async () => {
    const draft = await get('/checkout');
    expect('create_account' in draft).toBe(false);
    expect(woo.check(draft, woo.checkout)).toEqual([]);
    expect(woo.check({ ...draft, create_account: 'yes' }, woo.checkout)).toEqual([
      '$.create_account: expected boolean, got "yes"',
    ]);
  });
});

describe('Store API error codes as WooCommerce documents them', () => {
  const expectError = async (res: Response, status: number, code: string) => {
    const body = await res.json();
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    expect(woo.check(body, woo.error)).toEqual([]);
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
