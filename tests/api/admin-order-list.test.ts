import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { type OrderStatus, orders } from '#app/domain/orders/orders.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type ListOrderInput, makeListOrder } from '../support/admin-order-list.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { staffRequests } from '../support/staff-requests.ts';

let shop: TestShop;
let customer: SignedIn;
let manager: SignedIn;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  customer = await signedInCustomer(db);
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  productId = (await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } })).product.id;
});
afterAll(async () => {
  await shop?.close();
});

const staff = staffRequests(() => ({ shop, manager }));
const { get } = staff;

const numbersOf = (html: string) =>
  [...html.matchAll(/href="\/admin\/orders\/\d+"[^>]*>#(\d+)</g)].map((m) => Number(m[1]));

const makeOrder = (input: ListOrderInput = {}) => makeListOrder(shop.database.db, productId, input);

const securityOf = (cookie?: string) => staff.securityOf('/admin/orders', cookie);
const postBulk = (body: URLSearchParams, cookie?: string, path = '/admin/orders') =>
  staff.post(path, body, cookie);

describe('order list filters and search', () => {
  it('filters by date range (Berlin days), payment, shipping, country and customer', async () => {
    const tag = `flt-${randomBytes(3).toString('hex')}`;
    // 23:30 UTC on 31 Jan is 1 Feb in Berlin.
    const feb = await makeOrder({
      email: `${tag}-a@example.org`,
      createdAt: new Date('2025-01-31T23:30:00Z'),
    });
    const jan = await makeOrder({
      email: `${tag}-b@example.org`,
      createdAt: new Date('2025-01-31T22:30:00Z'),
    });
    const cod = await makeOrder({
      email: `${tag}-c@example.org`,
      payment: ['cod', 'Nachnahme'],
      shipping: ['local_pickup', 'Abholung'],
      country: 'AT',
    });
    const buyer = await signedInCustomer(shop.database.db);
    const own = await makeOrder({ email: `${tag}-d@example.org`, customerId: buyer.customer.id });
    const list = async (params: string) =>
      numbersOf(await (await get(`/admin/orders?q=${tag}&${params}`)).text()).sort();
    expect(await list('from=2025-02-01&to=2025-02-01')).toEqual([feb.number]);
    expect(await list('from=2025-01-31&to=2025-01-31')).toEqual([jan.number]);
    expect(await list('payment=cod')).toEqual([cod.number]);
    expect(await list('shipping=local_pickup')).toEqual([cod.number]);
    expect(await list('country=at')).toEqual([cod.number]);
    expect(await list(`customer=${buyer.customer.id}`)).toEqual([own.number]);
    expect(await list('')).toEqual([feb, jan, cod, own].map((o) => o.number).sort());

    const html = await (await get(`/admin/orders?q=${tag}&payment=cod&from=2025-01-01`)).text();
    // The select offers the methods orders use, named in the staff member's language; the
    // summary names the chosen filters.
    expect(html).toMatch(
      /<option (value="cod" selected|selected value="cod")[^>]*>Cash on delivery<\/option>/,
    );
    expect(html).toContain('Payment: Cash on delivery');
    expect(html).toContain('Reset filters');
    expect(html).toMatch(/href="\/admin\/orders\/export\.csv\?q=flt-[^"]*payment=cod/);
    // The customer's name in the list links to their orders.
    const all = await (await get(`/admin/orders?q=${tag}`)).text();
    expect(all).toContain(`href="/admin/orders?customer=${buyer.customer.id}"`);
  });

  it('finds orders by company and by a part of a line SKU, in any case', async () => {
    const tag = randomBytes(3).toString('hex');
    const company = await makeOrder({ company: `Kerzenwerk ${tag} GmbH` });
    const sku = await makeOrder({ sku: `WAX-${tag}-XL` });
    expect(numbersOf(await (await get(`/admin/orders?q=KERZENWERK%20${tag}`)).text())).toEqual([
      company.number,
    ]);
    expect(numbersOf(await (await get(`/admin/orders?q=wax-${tag}`)).text())).toEqual([sku.number]);
    expect(numbersOf(await (await get(`/admin/orders?q=${tag}`)).text()).sort()).toEqual(
      [company.number, sku.number].sort(),
    );
  });

  it('counts orders per status exactly, also after changes', async () => {
    const tabCount = (html: string, status: string) =>
      Number(
        new RegExp(
          `href="/admin/orders\\?status=${status}"[^>]*>[^<]*<span class="admin-count">([\\d.,]+)<`,
        )
          .exec(html)![1]!
          .replace(/[.,]/g, ''),
      );
    const db = shop.database.db;
    const real = async (status: OrderStatus) =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(orders)
            .where(eq(orders.status, status))
        )[0]!.n,
      );
    await makeOrder({ status: 'on-hold' });
    const html = await (await get('/admin/orders')).text();
    for (const status of ['on-hold', 'processing', 'failed'] as const)
      expect(tabCount(html, status), status).toBe(await real(status));
  });

  it('answers hostile parameters with the list (defaults) or 4xx, never 5xx', async () => {
    const cases = [
      'from=2026-13-45',
      'from=2026-02-30&to=x',
      'to=%00',
      `from=${TEN_KB}`,
      `payment=${TEN_KB}`,
      'payment[]=cod&payment[]=bacs',
      'country=DEU',
      'country=%00',
      'customer=-3',
      'customer=abc',
      'customer=1e3',
      'shipping=%27%3B%20drop%20table%20orders',
      'q=%00',
      'from=2026-01-01&from=2026-02-01',
    ];
    for (const query of cases) {
      const res = await get(`/admin/orders?${query}`);
      expect([200, 400, 414], query).toContain(res.status);
      if (res.status === 200) expect(await res.text(), query).toContain('admin-tabs');
    }
  });
});

describe('bulk actions', () => {
  it('marks the selected orders completed, skipping the one that cannot change, with the staff member in the log', async () => {
    const db = shop.database.db;
    const a = await makeOrder({ status: 'processing' });
    const b = await makeOrder({ status: 'on-hold' });
    const c = await makeOrder({ status: 'cancelled' });
    const security = await securityOf();
    const res = await postBulk(
      new URLSearchParams([
        ['security', security],
        ['bulk_action', 'completed'],
        ['ids', String(a.id)],
        ['ids', `${b.id},${c.id}`],
      ]),
      manager.cookie,
      '/admin/orders?status=processing',
    );
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/admin\/orders\?status=processing&/);
    const statusOf = async (id: number) =>
      (await db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await statusOf(a.id)).toBe('completed');
    expect(await statusOf(b.id)).toBe('completed');
    expect(await statusOf(c.id)).toBe('cancelled');
    const log = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(a.id)));
    expect(log.map((e) => [e.actorId, e.action, e.after])).toContainEqual([
      manager.customer.id,
      'status',
      { status: 'completed' },
    ]);
    const page = await (await get(location)).text();
    expect(page).toContain(
      `2 orders marked completed; #${c.number} could not be changed from Cancelled`,
    );
    const de = await (await get(location, manager.cookie, 'de')).text();
    expect(de).toContain('2 Bestellungen als „Abgeschlossen“ markiert');
  });

  it('refuses a forged nonce, an unknown action and an empty selection without changing anything', async () => {
    const db = shop.database.db;
    const order = await makeOrder({ status: 'processing' });
    const security = await securityOf();
    const cases: [string[][], string][] = [
      [
        [
          ['security', 'x'.repeat(32)],
          ['bulk_action', 'completed'],
          ['ids', String(order.id)],
        ],
        'bulk_error=expired',
      ],
      [
        [
          ['security', security],
          ['bulk_action', 'refunded'],
          ['ids', String(order.id)],
        ],
        'bulk_error=invalid_action',
      ],
      [
        [
          ['security', security],
          ['bulk_action', 'completed'],
          ['bulk_action', 'on-hold'],
          ['ids', String(order.id)],
        ],
        'bulk_error=invalid_action',
      ],
      [
        [
          ['security', security],
          ['bulk_action', 'completed'],
          ['ids', '0,-3,abc,1.5'],
        ],
        'bulk_error=none_selected',
      ],
      [
        [
          ['security', security],
          ['bulk_action', 'completed'],
          ['ids', 'a\u0000b'],
        ],
        'bulk_error=',
      ],
      [
        [
          ['security', security],
          ['bulk_action', TEN_KB],
          ['ids', TEN_KB],
        ],
        'bulk_error=invalid_action',
      ],
    ];
    for (const [fields, expected] of cases) {
      const res = await postBulk(new URLSearchParams(fields));
      expect(res.status, expected).toBeLessThan(500);
      expect(res.headers.get('location') ?? '', expected).toContain(expected);
    }
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(
      'processing',
    );
    // Another site's form is refused before the action runs.
    const evil = await fetch(shop.url + '/admin/orders', {
      method: 'POST',
      headers: {
        cookie: manager.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams([
        ['security', security],
        ['bulk_action', 'completed'],
        ['ids', String(order.id)],
      ]),
      redirect: 'manual',
    });
    expect(evil.status).toBe(403);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(
      'processing',
    );
  });

  it('sends packing slips and the CSV of the selection to their addresses', async () => {
    const security = await securityOf();
    const slips = await postBulk(
      new URLSearchParams([
        ['security', security],
        ['bulk_action', 'packing-slips'],
        ['ids', '3'],
        ['ids', '1,2'],
      ]),
    );
    expect(slips.status).toBe(303);
    expect(slips.headers.get('location')).toBe('/admin/orders/packing-slips?ids=3,1,2');
    const csv = await postBulk(
      new URLSearchParams([
        ['security', security],
        ['bulk_action', 'csv'],
        ['ids', '5'],
      ]),
    );
    expect(csv.headers.get('location')).toBe('/admin/orders/export.csv?ids=5');
  });

  it('is the 404 page for guests and customers, list, bulk POST and export alike', async () => {
    const order = await makeOrder({ status: 'processing' });
    for (const cookie of ['', customer.cookie]) {
      expect((await get('/admin/orders?payment=bacs', cookie)).status).toBe(404);
      expect((await get('/admin/orders/export.csv', cookie)).status).toBe(404);
      expect((await get(`/admin/orders/export.csv?ids=${order.id}`, cookie)).status).toBe(404);
      const res = await postBulk(
        new URLSearchParams([
          ['bulk_action', 'completed'],
          ['ids', String(order.id)],
        ]),
        cookie,
      );
      expect(res.status).toBe(404);
    }
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('processing');
  });
});
