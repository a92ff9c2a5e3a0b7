import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import {
  type OrderRow,
  type OrderStatus,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

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

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

const numbersOf = (html: string) =>
  [...html.matchAll(/href="\/admin\/orders\/\d+"[^>]*>#(\d+)</g)].map((m) => Number(m[1]));

/** An order with the given facts, through the factory and then adjusted like a checkout's. */
async function makeOrder(
  input: {
    status?: OrderStatus;
    email?: string;
    company?: string;
    country?: string;
    payment?: [string, string];
    shipping?: [string, string];
    sku?: string;
    createdAt?: Date;
    customerId?: number;
  } = {},
): Promise<OrderRow> {
  const db = shop.database.db;
  const order = await createOrder(db, {
    productIds: [productId],
    status: input.status ?? 'processing',
    email: input.email ?? `list-${randomBytes(4).toString('hex')}@example.org`,
    customerId: input.customerId ?? null,
  });
  const shipping = input.shipping ?? ['flat_rate', 'Pauschal'];
  const [updated] = await db
    .update(orders)
    .set({
      billingAddress: {
        ...order.billingAddress,
        company: input.company ?? '',
        country: input.country ?? 'DE',
      },
      paymentMethod: input.payment?.[0] ?? 'bacs',
      paymentMethodTitle: input.payment?.[1] ?? 'Vorkasse',
      shippingLines: [
        {
          packageId: 0,
          rateId: `${shipping[0]}:1`,
          methodId: shipping[0],
          name: shipping[1],
          total: 595,
          tax: 95,
          taxes: [{ rate: 19, amount: 95 }],
        },
      ],
      shippingTotal: 595,
      shippingTax: 95,
      total: order.total + 595,
      totalTax: order.totalTax + 95,
      createdAt: input.createdAt ?? order.createdAt,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (input.sku)
    await db.update(orderItems).set({ sku: input.sku }).where(eq(orderItems.orderId, order.id));
  return updated!;
}

async function securityOf(cookie = manager.cookie) {
  const html = await (await get('/admin/orders', cookie)).text();
  return /name="security" value="([^"]+)"/.exec(html)![1]!;
}

function postBulk(body: URLSearchParams, cookie = manager.cookie, path = '/admin/orders') {
  return fetch(shop.url + path, {
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
    // The select offers the methods orders use; the summary names the chosen filters.
    expect(html).toMatch(
      /<option (value="cod" selected|selected value="cod")[^>]*>Nachnahme<\/option>/,
    );
    expect(html).toContain('Payment: Nachnahme');
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

/** The CSV's records (no quoted separators in these tests' data). */
const parse = (text: string, sep: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(sep));

describe('CSV export', () => {
  it('has one row per line plus shipping, whose VAT split adds up to the order total', async () => {
    const tag = `csv-${randomBytes(3).toString('hex')}`;
    const order = await makeOrder({
      email: `${tag}@example.org`,
      company: 'Lichtwerk AG',
      sku: 'CANDLE-1',
    });
    const res = await get(`/admin/orders/export.csv?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // UTF-8 with a byte order mark, for German Excel.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header, ...rows] = parse(text, ';');
    expect(header).toEqual([
      'Type',
      'Order number',
      'Date',
      'Status',
      'Customer',
      'E-mail',
      'Company',
      'Billing country',
      'Payment method',
      'Item',
      'SKU',
      'Quantity',
      'Unit price gross',
      'Net',
      'VAT rate %',
      'VAT',
      'Gross',
      'Order total',
    ]);
    expect(rows.map((r) => r[0])).toEqual(['line', 'shipping']);
    const [line, shipping] = rows as [string[], string[]];
    expect(line.slice(1, 2)).toEqual([String(order.number)]);
    expect(line.slice(4, 12)).toEqual([
      'Erika Mustermann',
      `${tag}@example.org`,
      'Lichtwerk AG',
      'DE',
      'Vorkasse',
      'Artikel ' + productId,
      'CANDLE-1',
      '1',
    ]);
    expect(line.slice(12)).toEqual(['11,90', '10,00', '19', '1,90', '11,90', '17,85']);
    expect(shipping.slice(9)).toEqual([
      'Pauschal',
      '',
      '',
      '',
      '5,00',
      '19',
      '0,95',
      '5,95',
      '17,85',
    ]);
    const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
    const gross = rows.reduce((s, r) => s + cents(r[16]!), 0);
    const net = rows.reduce((s, r) => s + cents(r[13]!), 0);
    const vat = rows.reduce((s, r) => s + cents(r[15]!), 0);
    expect(gross).toBe(order.total);
    expect(net + vat).toBe(order.total);
    expect(vat).toBe(order.totalTax);
  });

  it('writes commas and decimal points with sep=comma, in German with lang=de', async () => {
    const tag = `csvc-${randomBytes(3).toString('hex')}`;
    await makeOrder({ email: `${tag}@example.org`, company: 'Wachs, Docht & Co' });
    const res = await get(`/admin/orders/export.csv?q=${tag}&sep=comma`, manager.cookie, 'de');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes[0]).toBe(0x54);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Typ,Bestellnummer,Datum,/);
    expect(lines[1]).toContain(',"Wachs, Docht & Co",');
    expect(lines[1]).toMatch(/,11\.90,10\.00,19,1\.90,11\.90,17\.85$/);
  });

  it('defuses cells a spreadsheet would run as a formula', async () => {
    const tag = `csvf-${randomBytes(3).toString('hex')}`;
    await makeOrder({
      email: `${tag}@example.org`,
      company: '=HYPERLINK("http://evil.example")',
      sku: '@SUM(A1)',
    });
    const text = await (await get(`/admin/orders/export.csv?q=${tag}`)).text();
    expect(text).toContain(`;"'=HYPERLINK(""http://evil.example"")";`);
    expect(text).toContain(";'@SUM(A1);");
    expect(text).not.toMatch(/;=HYPERLINK/);
  });

  it('exports chosen ids, skipping malformed ones; no valid id is 400; hostile input never 5xx', async () => {
    const a = await makeOrder();
    const b = await makeOrder();
    const text = await (
      await get(`/admin/orders/export.csv?ids=${a.id},abc,-3,${b.id},${a.id}`)
    ).text();
    const numbers = parse(text, ';')
      .slice(1)
      .map((r) => Number(r[1]));
    expect([...new Set(numbers)].sort()).toEqual([a.number, b.number].sort());
    for (const ids of ['abc', '-3', '0', '', '1.5', TEN_KB]) {
      const status = (await get(`/admin/orders/export.csv?ids=${ids}`)).status;
      expect([400, 414], ids.slice(0, 10)).toContain(status);
    }
    for (const query of [
      'sep=tab',
      'sep[]=comma',
      `q=${TEN_KB}`,
      'from=2026-13-45',
      'q=%00',
      'ids=1&ids=x',
      'customer=abc',
    ]) {
      const res = await get(`/admin/orders/export.csv?${query}`);
      expect([200, 400, 414], query).toContain(res.status);
      await res.arrayBuffer();
    }
  });

  it('streams every order of a large filter, batch after batch, newest first', async () => {
    const tag = `csvb-${randomBytes(3).toString('hex')}`;
    const made: number[] = [];
    // More than one batch (200 orders) of the export.
    const db = shop.database.db;
    const first = await makeOrder({ email: `${tag}@example.org`, sku: tag });
    await db.execute(sql`insert into orders (order_key, status, billing_address, shipping_address, payment_method, payment_method_title, currency, items_total, items_tax, total, total_tax, consent)
      select 'wc_order_' || ${tag} || g, 'processing', o.billing_address, o.shipping_address, 'bacs', 'Vorkasse', 'EUR', 0, 0, 0, 0, o.consent
        from orders o, generate_series(1, 230) g where o.id = ${first.id}`);
    const rows = await db
      .select({ number: orders.number })
      .from(orders)
      .where(sql`billing_address->>'email' = ${`${tag}@example.org`}`);
    made.push(...rows.map((r) => r.number));
    const res = await get(`/admin/orders/export.csv?q=${tag}%40example`);
    const text = await res.text();
    const numbers = [
      ...new Set(
        parse(text, ';')
          .slice(1)
          .map((r) => Number(r[1])),
      ),
    ];
    expect(numbers).toHaveLength(231);
    expect(numbers).toEqual([...made].sort((x, y) => y - x));
  });
});
