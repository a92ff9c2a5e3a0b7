// REST API v3 coupons: WooCommerce's shapes and codes, through the official client and by hand
// for what it never sends.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { createCategory, createCoupon, createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { TEN_KB } from '../support/hostile.ts';
import {
  type TestKey,
  VIA_HTTPS,
  basicAuth,
  officialClient,
  staffKey,
} from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let writer: TestKey;
let reader: TestKey;
let client: ReturnType<typeof officialClient>;
let product: number;
let category: number;
const db = () => shop.database.db;
let serial = 0;
const unique = (prefix = 'API') =>
  `${prefix}${Date.now().toString(36)}${(++serial).toString(36)}`.toUpperCase();

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  writer = await staffKey(shop, 'read_write');
  reader = await staffKey(shop, 'read');
  client = officialClient(shop, writer);
  product = (await createProduct(db(), { regularPrice: 4000 })).product.id;
  category = (await createCategory(db(), { name: { de: 'Rest', en: 'Rest' } })).id;
});
afterAll(async () => {
  await shop?.close();
});

async function call(method: string, path: string, body?: unknown, key: TestKey = writer) {
  const response = await fetch(`${shop.url}/wp-json/wc/v3/${path}`, {
    method,
    headers: {
      ...VIA_HTTPS,
      authorization: basicAuth(key),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as any,
  };
}

describe('the official client', () => {
  it('creates, reads, updates and deletes a coupon in WooCommerce shape', async () => {
    const code = unique('WC');
    const created = await client.post('coupons', {
      code,
      discount_type: 'percent',
      amount: '10',
      individual_use: true,
      exclude_sale_items: true,
      minimum_amount: '100.00',
      product_ids: [product],
      product_categories: [category],
      usage_limit: 5,
      date_expires: '2031-12-31',
    });
    expect(created.status).toBe(201);
    const c = created.data;
    expect(c).toMatchObject({
      code,
      amount: '10.00',
      status: 'publish',
      discount_type: 'percent',
      description: '',
      usage_count: 0,
      individual_use: true,
      product_ids: [product],
      excluded_product_ids: [],
      usage_limit: 5,
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      free_shipping: false,
      product_categories: [category],
      excluded_product_categories: [],
      exclude_sale_items: true,
      minimum_amount: '100.00',
      maximum_amount: '0.00',
      email_restrictions: [],
      used_by: [],
      meta_data: [],
    });
    expect(c.date_created_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // The last day counts in full, German time: it stops at midnight after it.
    expect(c.date_expires).toBe('2032-01-01T00:00:00');
    expect(c._links.self[0].href).toMatch(new RegExp(`/wp-json/wc/v3/coupons/${c.id}$`));

    const read = await client.get(`coupons/${c.id}`);
    expect(read.data.code).toBe(code);
    const updated = await client.put(`coupons/${c.id}`, { amount: '15.5', description: 'Neu' });
    expect(updated.data).toMatchObject({
      amount: '15.50',
      description: 'Neu',
      minimum_amount: '100.00',
    });
    const row = (await db().select().from(coupons).where(eq(coupons.id, c.id)))[0]!;
    expect(row.amount).toBe(1550);

    const deleted = await client.delete(`coupons/${c.id}`, { force: true });
    expect(deleted.data.id).toBe(c.id);
    expect((await db().select().from(coupons).where(eq(coupons.id, c.id))).length).toBe(0);
    const logged = await db()
      .select({ action: auditLog.action, channel: auditLog.channel })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(c.id))))
      .orderBy(auditLog.id);
    expect(logged).toEqual([
      { action: 'created', channel: 'api' },
      { action: 'updated', channel: 'api' },
      { action: 'deleted', channel: 'api' },
    ]);
  });
});

describe('GET /wp-json/wc/v3/coupons', () => {
  it('searches, filters by code, orders and pages with WordPress headers', async () => {
    const prefix = unique('PAGE');
    for (const suffix of ['C', 'A', 'B']) await createCoupon(db(), { code: `${prefix}${suffix}` });
    const page1 = await call(
      'GET',
      `coupons?search=${prefix.toLowerCase()}&per_page=2&orderby=title&order=asc`,
    );
    expect(page1.status).toBe(200);
    expect(page1.body.map((c: { code: string }) => c.code)).toEqual([`${prefix}A`, `${prefix}B`]);
    expect(page1.headers.get('x-wp-total')).toBe('3');
    expect(page1.headers.get('x-wp-totalpages')).toBe('2');
    expect(page1.headers.get('link')).toContain('rel="next"');
    const page2 = await call(
      'GET',
      `coupons?search=${prefix}&per_page=2&page=2&orderby=title&order=asc`,
    );
    expect(page2.body.map((c: { code: string }) => c.code)).toEqual([`${prefix}C`]);
    const exact = await call('GET', `coupons?code=${prefix.toLowerCase()}b`);
    expect(exact.body.map((c: { code: string }) => c.code)).toEqual([`${prefix}B`]);
    expect((await call('GET', 'coupons?orderby=nope')).body.code).toBe('rest_invalid_param');
    expect((await call('GET', 'coupons?per_page=1000')).status).toBe(400);
    expect((await call('GET', 'coupons?search=%00')).status).toBe(400);
  });
});

describe('refusals in WooCommerce codes', () => {
  it('answers a taken code (any case), an unknown id and a delete without force', async () => {
    const taken = await createCoupon(db(), { code: unique('DUP') });
    const dup = await call('POST', 'coupons', { code: taken.code.toLowerCase(), amount: '5' });
    expect(dup).toMatchObject({
      status: 400,
      body: { code: 'woocommerce_rest_coupon_code_already_exists', data: { status: 400 } },
    });
    const other = await createCoupon(db(), { code: unique('OTHER') });
    const renamed = await call('PUT', `coupons/${other.id}`, { code: taken.code });
    expect(renamed.body.code).toBe('woocommerce_rest_coupon_code_already_exists');
    const missing = await call('GET', 'coupons/2147483647');
    expect(missing).toMatchObject({
      status: 404,
      body: { code: 'woocommerce_rest_shop_coupon_invalid_id', message: 'Ungültige ID.' },
    });
    expect((await call('PUT', 'coupons/2147483647', { amount: '1' })).status).toBe(404);
    const soft = await call('DELETE', `coupons/${other.id}`);
    expect(soft.body.code).toBe('woocommerce_rest_trash_not_supported');
    expect((await db().select().from(coupons).where(eq(coupons.id, other.id))).length).toBe(1);
    expect((await call('POST', 'coupons', { amount: '5' })).body.code).toBe(
      'rest_missing_callback_param',
    );
  });

  it('refuses hostile values with a clear 400 and writes nothing', async () => {
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(coupons)
    )[0]!.n;
    const bodies: [string, unknown][] = [
      ['NUL in the code', { code: 'A\u0000B' }],
      ['10 kB code', { code: TEN_KB }],
      ['negative amount', { code: unique(), amount: '-5' }],
      ['letters as amount', { code: unique(), amount: 'abc' }],
      ['three decimals', { code: unique(), amount: '1.234' }],
      ['percent over 100', { code: unique(), discount_type: 'percent', amount: '101' }],
      ['an array as the code', { code: ['A', 'B'] }],
      ['an object as the amount', { code: unique(), amount: { value: 5 } }],
      ['unknown product', { code: unique(), product_ids: [2147483647] }],
      ['unknown category', { code: unique(), excluded_product_categories: [2147483646] }],
      ['words as product ids', { code: unique(), product_ids: ['Kerze'] }],
      ['30 February', { code: unique(), date_expires: '2027-02-30' }],
      ['an hour that does not exist', { code: unique(), date_expires: '2027-01-01T25:00:00' }],
      ['a limit as words', { code: unique(), usage_limit: 'viele' }],
      ['negative limit', { code: unique(), usage_limit_per_user: -1 }],
      ['unknown type', { code: unique(), discount_type: 'gift' }],
      ['negative items', { code: unique(), limit_usage_to_x_items: -2 }],
      ['items as words', { code: unique(), limit_usage_to_x_items: 'drei' }],
      ['no e-mail', { code: unique(), email_restrictions: ['kein-at-zeichen'] }],
      ['an e-mail with a NUL byte', { code: unique(), email_restrictions: ['a\u0000@b.de'] }],
      ['an object as e-mails', { code: unique(), email_restrictions: { a: 'x@y.de' } }],
      [
        'too many e-mails',
        {
          code: unique(),
          email_restrictions: Array.from({ length: 201 }, (_, i) => `k${i}@example.org`),
        },
      ],
      ['minimum over maximum', { code: unique(), minimum_amount: '50', maximum_amount: '10' }],
      ['a body that is no JSON', '{"code": '],
    ];
    for (const [label, body] of bodies) {
      const res = await call('POST', 'coupons', body);
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toMatch(/^rest_/);
      expect(res.body.message, label).toBeTruthy();
    }
    const after = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(coupons)
    )[0]!.n;
    expect(after).toBe(before);
    // Numbers as strings are what the client often sends: taken.
    const strings = await call('POST', 'coupons', {
      code: unique('STR'),
      amount: 12,
      usage_limit: '3',
      free_shipping: 'true',
      product_ids: [String(product)],
    });
    expect(strings.status).toBe(201);
    expect(strings.body).toMatchObject({
      amount: '12.00',
      usage_limit: 3,
      free_shipping: true,
      product_ids: [product],
    });
  });

  it('lets a read key read and not write', async () => {
    expect((await call('GET', 'coupons', undefined, reader)).status).toBe(200);
    const res = await call('POST', 'coupons', { code: unique() }, reader);
    expect(res.status).toBe(403);
  });
});

describe('POST /wp-json/wc/v3/coupons/batch', () => {
  it('creates, updates and deletes, each item answered on its own', async () => {
    const old = await createCoupon(db(), { code: unique('OLD') });
    const gone = await createCoupon(db(), { code: unique('GONE') });
    const res = await call('POST', 'coupons/batch', {
      create: [{ code: unique('NEW'), amount: '3' }, { code: old.code }],
      update: [
        { id: old.id, amount: '4' },
        { id: 2147483647, amount: '1' },
      ],
      delete: [gone.id, 2147483647],
    });
    expect(res.status).toBe(200);
    expect(res.body.create[0].amount).toBe('3.00');
    expect(res.body.create[1].error.code).toBe('woocommerce_rest_coupon_code_already_exists');
    expect(res.body.update[0].amount).toBe('4.00');
    expect(res.body.update[1].error.code).toBe('woocommerce_rest_shop_coupon_invalid_id');
    expect(res.body.delete[0].id).toBe(gone.id);
    expect(res.body.delete[1].error.code).toBe('woocommerce_rest_shop_coupon_invalid_id');
  });
});

describe('coupons limited to e-mails and to a number of items', () => {
  it('keeps both rules, discounts the dearest pieces and checks the billing e-mail at checkout', async () => {
    await seedDemoShipping(db());
    await seedDemoCheckout(db());
    const cheap = (await createProduct(db(), { regularPrice: 1000 })).product.id;
    const code = unique('FIRMA');
    const created = await call('POST', 'coupons', {
      code,
      discount_type: 'percent',
      amount: '10',
      email_restrictions: ['Einkauf@Firma.example', '*@team.example', 'einkauf@firma.example'],
      limit_usage_to_x_items: '2',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email_restrictions: ['einkauf@firma.example', '*@team.example'],
      limit_usage_to_x_items: 2,
    });
    const cart = await StoreClient.start(shop.url);
    await cart.post('/cart/add-item', { id: cheap, quantity: 3 });
    await cart.post('/cart/add-item', { id: product, quantity: 1 });
    expect((await cart.post('/cart/apply-coupon', { code })).status).toBe(200);
    const discount = async () => {
      const view = (await cart.cart()) as { totals: Record<string, string> };
      return Number(view.totals.total_discount) + Number(view.totals.total_discount_tax);
    };
    // Two pieces: the 40,00 € product and one 10,00 € piece, 10 % each.
    expect(await discount()).toBe(500);
    const refused = await cart.post('/checkout', {
      billing_address: { ...GERMAN_BILLING, email: 'kim@example.org' },
      payment_method: 'bacs',
      additional_fields: { terms: true },
    });
    expect(refused.status).toBe(400);
    const why = (await refused.json()) as { code: string; message: string };
    expect(why.code).toBe('woocommerce_rest_cart_coupon_error');
    expect(why.message).toContain(code);
    expect((await cart.cart()).items).toHaveLength(2);
    const placed = await cart.post('/checkout', {
      billing_address: { ...GERMAN_BILLING, email: 'chef@team.example' },
      payment_method: 'bacs',
      additional_fields: { terms: true },
    });
    expect(placed.status).toBe(200);
    const order = (
      await call('GET', `orders/${((await placed.json()) as { order_id: number }).order_id}`)
    ).body;
    expect(order.coupon_lines.map((c: { code: string }) => c.code.toLowerCase())).toEqual([
      code.toLowerCase(),
    ]);
    expect(Number(order.discount_total) + Number(order.discount_tax)).toBeCloseTo(5, 2);
    const after = await call('GET', `coupons/${created.body.id}`);
    expect(after.body.usage_count).toBe(1);
    // Clearing both rules through the API.
    const cleared = await call('PUT', `coupons/${created.body.id}`, {
      email_restrictions: [],
      limit_usage_to_x_items: null,
    });
    expect(cleared.body).toMatchObject({ email_restrictions: [], limit_usage_to_x_items: null });
  });
});

describe('a change through the API', () => {
  it('reaches the cart at once', async () => {
    const code = unique('CART');
    const created = await call('POST', 'coupons', {
      code,
      discount_type: 'fixed_cart',
      amount: '5',
    });
    const cartClient = await StoreClient.start(shop.url);
    await cartClient.post('/cart/add-item', { id: product, quantity: 1 });
    const applied = await cartClient.raw('/cart/apply-coupon', JSON.stringify({ code }), {
      'content-type': 'application/json',
    });
    expect(applied.status).toBe(200);
    const discount = async () => {
      const cart = (await cartClient.cart()) as {
        coupons: { code: string; totals: Record<string, string> }[];
      };
      const c = cart.coupons.find((x) => x.code === code);
      return c ? Number(c.totals.total_discount) + Number(c.totals.total_discount_tax) : null;
    };
    expect(await discount()).toBe(500);
    await call('PUT', `coupons/${created.body.id}`, { amount: '8' });
    expect(await discount()).toBe(800);
    await call('DELETE', `coupons/${created.body.id}?force=true`);
    expect(await discount()).toBeNull();
  });
});
