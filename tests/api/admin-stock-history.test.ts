import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { updateProduct } from '#app/domain/catalog/product-writes.server.ts';
import { stockHistory } from '#app/domain/catalog/stock-history.schema.ts';
import { takeStock } from '#app/domain/orders/orders.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { outboxMails } from '../support/forms-mail.ts';
import { outboxSettled } from '../support/outbox.ts';
import { StoreClient } from '../support/store-client.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  customer = await signedInCustomer(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const sku = () => `s${randomBytes(4).toString('hex')}`;

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

async function securityOf(id: number) {
  const page = await (await get(`/admin/products/${id}/stock`)).text();
  return /name="security" value="([^"]+)"/.exec(page)![1]!;
}

function post(id: number | string, body: URLSearchParams, cookie = manager.cookie) {
  return fetch(`${shop.url}/admin/products/${id}/stock`, {
    method: 'POST',
    headers: {
      cookie: `lang=en; ${cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
    redirect: 'manual',
  });
}

async function stocked(quantity: number) {
  return (await createProduct(db(), { sku: sku(), manageStock: true, stockQuantity: quantity }))
    .product.id;
}

const history = (id: number) =>
  db()
    .select()
    .from(stockHistory)
    .where(eq(stockHistory.productId, id))
    .orderBy(desc(stockHistory.id));
const quantity = async (id: number) =>
  Number((await db().select().from(products).where(eq(products.id, id)))[0]!.stockQuantity);

describe('stock history', () => {
  it('records an order placement and refuses to oversell without a row', async () => {
    const id = await stocked(5);
    await db().transaction((tx) =>
      takeStock(tx, { stockProductId: id, quantity: 2, backorders: false, name: 'x', orderId: 77 }),
    );
    const [row] = await history(id);
    expect(row).toMatchObject({
      change: -2,
      quantityAfter: 3,
      reason: 'order_placed',
      orderId: 77,
    });
    await expect(
      db().transaction((tx) =>
        takeStock(tx, { stockProductId: id, quantity: 9, backorders: false, name: 'x' }),
      ),
    ).rejects.toThrow();
    expect(await history(id)).toHaveLength(1);
    expect(await quantity(id)).toBe(3);
  });

  it('records a REST update with the API key as actor', async () => {
    const id = await stocked(4);
    const done = await updateProduct(
      db(),
      id,
      { stockQuantity: 10 },
      {
        channel: 'api',
        id: 9,
        label: 'key ck_test',
      },
    );
    expect(done.ok).toBe(true);
    const [row] = await history(id);
    expect(row).toMatchObject({ change: 6, quantityAfter: 10, reason: 'rest_api', actorId: 9 });
  });

  it('a quick edit sets or adds with a note, shows it on the page, and refuses a stale figure', async () => {
    const id = await stocked(8);
    const security = await securityOf(id);
    const set = await post(
      id,
      new URLSearchParams({ security, seen: '8', quantity: '12', mode: 'set', note: 'Inventur' }),
    );
    expect(set.status).toBe(302);
    expect(await quantity(id)).toBe(12);
    const [row] = await history(id);
    expect(row).toMatchObject({ change: 4, quantityAfter: 12, reason: 'manual', note: 'Inventur' });
    expect(row!.actorLabel).toBe(manager.customer.email);
    const add = await post(
      id,
      new URLSearchParams({ security, seen: '12', quantity: '-5', mode: 'add' }),
    );
    expect(add.status).toBe(302);
    expect(await quantity(id)).toBe(7);
    // An order took some in between: the form's figure is stale.
    await db().transaction((tx) =>
      takeStock(tx, { stockProductId: id, quantity: 1, backorders: false, name: 'x', orderId: 5 }),
    );
    const stale = await post(id, new URLSearchParams({ security, seen: '7', quantity: '20' }));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('now 6');
    expect(await quantity(id)).toBe(6);
    const page = await (await get(`/admin/products/${id}/stock`)).text();
    expect(page).toContain('Manual in the back office');
    expect(page).toContain('Inventur');
    expect(page).toContain('href="/admin/orders/5"');
    const de = await (await get(`/admin/products/${id}/stock`, manager.cookie, 'de')).text();
    expect(de).toContain('Bestellung aufgegeben');
  });

  it('the product list quick edit goes back to the list', async () => {
    const id = await stocked(3);
    const security = await securityOf(id);
    const res = await post(
      id,
      new URLSearchParams({
        security,
        seen: '3',
        quantity: '9',
        back: '/admin/products?stock=low',
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/products?stock=low');
    expect(await quantity(id)).toBe(9);
    const away = await post(
      id,
      new URLSearchParams({ security, seen: '9', quantity: '1', back: 'https://evil.example/' }),
    );
    expect(away.headers.get('location')).toBe(`/admin/products/${id}/stock?saved=1`);
  });

  it('refuses hostile input with a 4xx and changes nothing', async () => {
    const id = await stocked(4);
    const security = await securityOf(id);
    const cases: [string, URLSearchParams][] = [
      ['text quantity', new URLSearchParams({ security, seen: '4', quantity: 'zwölf' })],
      ['huge quantity', new URLSearchParams({ security, seen: '4', quantity: '99999999999' })],
      ['10 kB note', new URLSearchParams({ security, seen: '4', quantity: '5', note: TEN_KB })],
      ['NUL note', new URLSearchParams({ security, seen: '4', quantity: '5', note: 'a\u0000b' })],
      ['no seen', new URLSearchParams({ security, quantity: '5' })],
      ['bad mode', new URLSearchParams({ security, seen: '4', quantity: '5', mode: 'x' })],
      ['unknown row', new URLSearchParams({ security, seen: '4', quantity: '5', row: '99999999' })],
      ['no security', new URLSearchParams({ seen: '4', quantity: '5' })],
    ];
    const arrays = new URLSearchParams({ security, seen: '4' });
    arrays.append('quantity', '5');
    arrays.append('quantity', '6');
    cases.push(['quantity twice', arrays]);
    for (const [label, body] of cases) {
      const res = await post(id, body);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
    }
    expect(await quantity(id)).toBe(4);
    expect(await history(id)).toHaveLength(0);
    expect((await post('abc', new URLSearchParams({ security }))).status).toBe(404);
    expect((await get('/admin/products/99999999/stock')).status).toBe(404);
  });

  it('is the back office only', async () => {
    const id = await stocked(4);
    expect((await get(`/admin/products/${id}/stock`, customer.cookie)).status).toBe(404);
    expect((await get(`/admin/products/${id}/stock`, '')).status).toBe(404);
    const res = await post(id, new URLSearchParams({ seen: '4', quantity: '1' }), customer.cookie);
    expect(res.status).toBe(404);
    expect(await quantity(id)).toBe(4);
  });
});

describe('the shop manager’s stock notices', () => {
  async function buy(id: number, quantity: number) {
    const client = await StoreClient.start(shop.url);
    const added = await client.post('/cart/add-item', { id, quantity });
    expect(added.status, await added.clone().text()).toBe(201);
    const res = await client.post('/checkout', {
      billing_address: GERMAN_BILLING,
      payment_method: 'invoice',
      // Digital lines (no shipping zone needed) ask for the digital-content consent too.
      additional_fields: { terms: true, 'terms-digital': true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  const noticesAbout = (productSku: string) =>
    outboxMails(shop.dataDir)
      .filter((m) => m.text.includes(productSku))
      .map((m) => m.header('subject') ?? '');

  it('mails once when an order reaches the low-stock threshold and once when it sells out', async () => {
    const code = sku();
    const { product } = await createProduct(db(), {
      sku: code,
      name: { de: 'Kerze Notiz', en: 'Candle notice' },
      manageStock: true,
      regularPrice: 990,
      digital: true,
      stockQuantity: 5,
      lowStockAmount: 2,
    });
    await buy(product.id, 1);
    await outboxSettled(shop);
    expect(noticesAbout(code)).toEqual([]);
    await buy(product.id, 2);
    await outboxSettled(shop);
    expect(noticesAbout(code)).toEqual(['[Ladenzeile] Geringer Lagerbestand: Kerze Notiz']);
    await buy(product.id, 1);
    await outboxSettled(shop);
    expect(noticesAbout(code)).toHaveLength(1);
    await buy(product.id, 1);
    await outboxSettled(shop);
    const notices = noticesAbout(code);
    expect(notices).toHaveLength(2);
    expect(notices).toContain('[Ladenzeile] Ausverkauft: Kerze Notiz');
    const mail = outboxMails(shop.dataDir).find((m) =>
      m.header('subject')?.includes('Ausverkauft: Kerze'),
    );
    expect(mail?.text).toContain(`/admin/products/${product.id}/stock`);
    expect(mail?.header('to')).toContain('@');
  });

  it('sends nothing when the shop switched the notices off', async () => {
    const code = sku();
    const { product } = await createProduct(db(), {
      sku: code,
      manageStock: true,
      regularPrice: 990,
      digital: true,
      stockQuantity: 1,
      lowStockAmount: 0,
    });
    await putSetting(db(), 'stock.notify_out', false);
    try {
      await buy(product.id, 1);
      await outboxSettled(shop);
      expect(noticesAbout(code)).toEqual([]);
    } finally {
      await putSetting(db(), 'stock.notify_out', true);
    }
  });
});
