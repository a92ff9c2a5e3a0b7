import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { parseCsv } from '../support/csv.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { HOSTILE_VALUES, formPairs } from '../support/hostile.ts';
import { refundLine, refundShipping, reportOrder } from '../support/report-orders.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let customer: SignedIn;

// March 2033 holds the main figures; June 2034 the day boundaries. Far from other data.
const MARCH = 'from=2033-03-01&to=2033-03-31';

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  customer = await signedInCustomer(db);
  const drinks = await createCategory(db, { name: { de: 'Getränke', en: 'Drinks' } });
  const books = await createCategory(db, { name: { de: 'Bücher', en: 'Books' } });
  const coffee = (
    await createProduct(db, { name: { de: 'Kaffee', en: 'Coffee' }, categoryIds: [drinks.id] })
  ).product;
  const book = (
    await createProduct(db, { name: { de: 'Buch', en: 'Book' }, categoryIds: [books.id] })
  ).product;
  // The line's name as it was sold: one a spreadsheet would run as a formula.
  const A = { productId: coffee.id, name: '=Kaffee' };
  const B = { productId: book.id, name: 'Buch' };
  const alice = customer.customer;

  // Germany, a customer who bought before the range: returning.
  const first = await reportOrder(db, {
    at: '2033-03-05T10:00:00Z',
    email: alice.email,
    customerId: alice.id,
    lines: [
      { ...A, quantity: 2, total: 2380, tax: 380, rate: 19 },
      { ...B, quantity: 2, total: 2140, tax: 140, rate: 7 },
    ],
    shipping: { total: 595, tax: 95, rate: 19 },
    coupons: [{ code: 'fruehling', discount: 500 }],
  });
  await reportOrder(db, {
    at: '2033-02-10T10:00:00Z',
    status: 'completed',
    email: alice.email,
    customerId: alice.id,
    lines: [{ ...A, quantity: 1, total: 1190, tax: 190, rate: 19 }],
  });
  // Austria, OSS at 20 %, a new guest whose earlier order was never paid.
  const second = await reportOrder(db, {
    at: '2033-03-10T10:00:00Z',
    status: 'completed',
    email: 'bob@example.org',
    country: 'AT',
    treatment: 'destination',
    lines: [{ ...A, quantity: 4, total: 1200, tax: 200, rate: 20 }],
    shipping: { total: 600, tax: 100, rate: 20 },
    coupons: [{ code: 'fruehling', discount: 300 }],
  });
  await reportOrder(db, {
    at: '2033-01-10T10:00:00Z',
    status: 'cancelled',
    email: 'bob@example.org',
    lines: [{ ...A, quantity: 1, total: 1190, tax: 190, rate: 19 }],
  });
  // A tax-free export to the US by a guest known by e-mail from an earlier order.
  await reportOrder(db, {
    at: '2033-03-12T10:00:00Z',
    status: 'on-hold',
    email: 'carol@example.org',
    country: 'US',
    treatment: 'export',
    lines: [{ ...B, quantity: 3, total: 3000, tax: 0, rate: 0 }],
    shipping: { total: 1500, tax: 0, rate: null },
  });
  await reportOrder(db, {
    at: '2032-12-01T10:00:00Z',
    status: 'completed',
    email: 'Carol@Example.org',
    lines: [{ ...B, quantity: 1, total: 1070, tax: 70, rate: 7 }],
  });
  // Not sales: an unpaid and a failed order in the range.
  for (const status of ['pending', 'failed'] as const)
    await reportOrder(db, {
      at: '2033-03-15T10:00:00Z',
      status,
      email: 'erin@example.org',
      lines: [{ ...A, quantity: 9, total: 99_990, tax: 0, rate: 19 }],
    });
  // One book of the German order refunded; a failed refund of the Austrian one is no refund.
  await refundLine(db, {
    orderId: first.order.id,
    itemId: first.items[1]!.id,
    quantity: 1,
    amount: 1070,
    tax: 70,
    at: '2033-03-20T10:00:00Z',
  });
  await refundLine(db, {
    orderId: second.order.id,
    itemId: second.items[0]!.id,
    quantity: 1,
    amount: 300,
    tax: 50,
    at: '2033-03-21T10:00:00Z',
    status: 'failed',
  });

  // Day boundaries in Berlin summer time (UTC+2) around 15 June 2034.
  for (const [at, total] of [
    ['2034-06-14T21:59:59Z', 4_000], // 23:59:59 on the 14th
    ['2034-06-14T22:00:00Z', 1_000], // 00:00 on the 15th
    ['2034-06-15T21:59:59Z', 2_000], // 23:59:59 on the 15th
    ['2034-06-15T22:00:00Z', 8_000], // 00:00 on the 16th
  ] as const)
    await reportOrder(db, {
      at,
      email: 'grenze@example.org',
      lines: [{ ...B, quantity: 1, total, tax: 0, rate: 0 }],
    });
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, who: SignedIn | null = manager, lang = 'en') =>
  fetch(shop.url + path, {
    headers: { cookie: `lang=${lang}; ${who?.cookie ?? ''}` },
    redirect: 'manual',
  });

async function csv(query: string): Promise<string[][]> {
  const res = await get(`/admin/reports/export.csv?sep=comma&${query}`);
  expect(res.status, query).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return parseCsv(await res.text());
}

describe('report figures', () => {
  it('revenue: gross, VAT, net, refunds by the refund day, counted statuses only', async () => {
    expect(await csv(`report=revenue&${MARCH}&group=month`)).toEqual([
      ['Period', 'Orders', 'Gross', 'VAT', 'Net', 'Refunds', 'Revenue less refunds'],
      ['2033-03-01', '3', '114.15', '9.15', '105.00', '10.70', '103.45'],
    ]);
    const days = await csv(`report=revenue&${MARCH}&group=day`);
    expect(days).toHaveLength(32);
    expect(days.find((r) => r[0] === '2033-03-05')).toEqual([
      '2033-03-05',
      '1',
      '51.15',
      '6.15',
      '45.00',
      '0.00',
      '51.15',
    ]);
    expect(days.find((r) => r[0] === '2033-03-20')).toEqual([
      '2033-03-20',
      '0',
      '0.00',
      '0.00',
      '0.00',
      '10.70',
      '-10.70',
    ]);
    expect(days.find((r) => r[0] === '2033-03-15')![1]).toBe('0');
  });

  it('taxes: by treatment, destination country and rate, refunds taken off, exports at 0 %', async () => {
    expect(await csv(`report=taxes&${MARCH}`)).toEqual([
      ['Treatment', 'Country', 'Rate', 'Net', 'VAT', 'Gross'],
      ['EU, destination country (OSS)', 'AT', '20', '15.00', '3.00', '18.00'],
      ['Germany', 'DE', '19', '25.00', '4.75', '29.75'],
      ['Germany', 'DE', '7', '10.00', '0.70', '10.70'],
      ['Tax-free export', 'US', '0', '45.00', '0.00', '45.00'],
    ]);
  });

  it("taxes: refunded shipping taken off at the rates of the order's shipping", async () => {
    const db = shop.database.db;
    const [coffee] = await db.select().from(products).limit(1);
    const { order } = await reportOrder(db, {
      at: '2036-05-10T10:00:00Z',
      email: 'versand@example.org',
      lines: [
        { productId: coffee!.id, name: 'Kaffee', quantity: 1, total: 1190, tax: 190, rate: 19 },
      ],
      shipping: { total: 595, tax: 95, rate: 19 },
    });
    const MAY = 'from=2036-05-01&to=2036-05-31';
    expect((await csv(`report=taxes&${MAY}`))[1]).toEqual([
      'Germany',
      'DE',
      '19',
      '15.00',
      '2.85',
      '17.85',
    ]);
    await refundShipping(db, { orderId: order.id, amount: 595, at: '2036-05-12T10:00:00Z' });
    expect(await csv(`report=taxes&${MAY}`)).toEqual([
      ['Treatment', 'Country', 'Rate', 'Net', 'VAT', 'Gross'],
      ['Germany', 'DE', '19', '10.00', '1.90', '11.90'],
    ]);
  });

  it('products, categories, coupons and new against returning customers', async () => {
    expect(await csv(`report=products&${MARCH}`)).toEqual([
      ['Product', 'Quantity', 'Revenue'],
      ['Buch', '5', '51.40'],
      // Defused as the order export does: a quote before the formula sign.
      ["'=Kaffee", '6', '35.80'],
    ]);
    expect(await csv(`report=categories&${MARCH}`)).toEqual([
      ['Category', 'Quantity', 'Revenue'],
      ['Books', '5', '51.40'],
      ['Drinks', '6', '35.80'],
    ]);
    expect(await csv(`report=coupons&${MARCH}`)).toEqual([
      ['Coupon', 'Uses', 'Discount'],
      ['fruehling', '2', '8.00'],
    ]);
    expect(await csv(`report=customers&${MARCH}`)).toEqual([
      ['Customers', 'Number', 'Orders', 'Revenue'],
      ['New customers', '1', '1', '18.00'],
      ['Returning customers', '2', '2', '96.15'],
    ]);
  });

  it('German export: semicolons, decimal commas, German labels', async () => {
    const res = await get(
      `/admin/reports/export.csv?report=revenue&${MARCH}&group=month`,
      manager,
      'de',
    );
    const text = await res.text();
    expect(parseCsv(text, ';')).toEqual([
      [
        'Zeitraum',
        'Bestellungen',
        'Brutto',
        'USt.',
        'Netto',
        'Erstattungen',
        'Umsatz abzgl. Erstattungen',
      ],
      ['2033-03-01', '3', '114,15', '9,15', '105,00', '10,70', '103,45'],
    ]);
  });

  it('the page shows the same figures as the CSV', async () => {
    const res = await get(`/admin/reports?${MARCH}&group=week`);
    expect(res.status).toBe(200);
    const page = (await res.text()).replace(/&nbsp;|\u00a0/g, ' ');
    for (const amount of [11_415, 1_070, 10_345, 475, 2_975, 800, 9_615])
      expect(page).toContain(formatMoney(amount, 'EUR', 'en'));
    expect(page).toContain('Tax-free export');
    expect(page).toContain('Week of');
    expect(page).toContain(
      '/admin/reports/export.csv?report=taxes&amp;from=2033-03-01&amp;to=2033-03-31&amp;group=week',
    );
  });

  it('counts a day by the Berlin calendar', async () => {
    expect(await csv('report=revenue&from=2034-06-15&to=2034-06-15')).toEqual([
      ['Period', 'Orders', 'Gross', 'VAT', 'Net', 'Refunds', 'Revenue less refunds'],
      ['2034-06-15', '2', '30.00', '0.00', '30.00', '0.00', '30.00'],
    ]);
    // Weeks start on Monday: the 12th.
    expect((await csv('report=revenue&from=2034-06-14&to=2034-06-16&group=week'))[1]).toEqual([
      '2034-06-12',
      '4',
      '150.00',
      '0.00',
      '150.00',
      '0.00',
      '150.00',
    ]);
  });
});

describe('range input', () => {
  it('defaults to the last 30 days by day', async () => {
    const res = await get('/admin/reports');
    expect(res.status).toBe(200);
    const rows = await csv('report=revenue');
    expect(rows).toHaveLength(31);
  });

  it.each([
    ['from=2033-02-30&to=2033-03-01', 'The start date is not a valid date'],
    ['from=2033-03-01&to=nope', 'The end date is not a valid date'],
    ['from=2033-03-02&to=2033-03-01', 'The start date lies after the end date.'],
    ['from=2020-01-01&to=2023-06-01', 'The range is too long'],
    ['from=2033-03-01&to=2033-03-02&group=year', 'Group by day, week or month.'],
    ['from=2033-03-01&from=2033-03-02', 'The start date is not a valid date'],
  ])('refuses %s with a message', async (query, message) => {
    const page = await get(`/admin/reports?${query}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(message);
    const file = await get(`/admin/reports/export.csv?report=revenue&${query}`);
    expect(file.status).toBe(400);
    expect(await file.text()).toContain(message);
  });

  it('refuses an unknown report in the export', async () => {
    const res = await get(`/admin/reports/export.csv?report=secrets&${MARCH}`);
    expect(res.status).toBe(400);
  });

  it('answers hostile input with a 4xx, never a 5xx', async () => {
    for (const name of ['from', 'to', 'group', 'report']) {
      for (const hostile of HOSTILE_VALUES) {
        for (const path of ['/admin/reports', '/admin/reports/export.csv']) {
          const res = await get(`${path}?${formPairs(name, hostile.value)}`);
          expect(res.status, `${path} ${name} ${hostile.label}`).toBeLessThan(500);
          if (hostile.refused)
            expect(res.status, `${name} ${hostile.label}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
  });
});

describe('authorization', () => {
  it('is not there for customers and visitors', async () => {
    for (const who of [customer, null]) {
      expect((await get(`/admin/reports?${MARCH}`, who)).status).toBe(404);
      expect((await get(`/admin/reports/export.csv?report=taxes&${MARCH}`, who)).status).toBe(404);
    }
  });
});
