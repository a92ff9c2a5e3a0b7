import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type ListOrderInput, makeListOrder } from '../support/admin-order-list.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  productId = (await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } })).product.id;
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

const makeOrder = (input: ListOrderInput = {}) => makeListOrder(shop.database.db, productId, input);

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
      // The method's title in the staff member's language, whatever the order stored.
      'Direct bank transfer',
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
