import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let customer: SignedIn;
let manager: SignedIn;
let administrator: SignedIn;
let order: OrderRow;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  customer = await signedInCustomer(db);
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  administrator = await signedInCustomer(db, { role: 'administrator' });
  const { product } = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  order = await createOrder(db, { productIds: [product.id], email: 'matrix@example.org' });
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie = '', lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

const ADMIN_PAGES = () => [
  '/admin',
  '/admin/orders',
  '/admin/orders?status=processing&q=matrix&sort=total&dir=asc',
  `/admin/orders/${order.id}`,
  '/admin/reviews',
  '/admin/reviews/settings',
  '/admin/legal-pages',
  '/admin/legal-pages/agb',
];

describe('back office access', () => {
  it('is the 404 page for guests and customers and a page for staff, at every URL', async () => {
    for (const path of ADMIN_PAGES()) {
      for (const [who, cookie] of [
        ['guest', ''],
        ['customer', customer.cookie],
      ] as const) {
        const res = await get(path, cookie);
        expect(res.status, `${who} ${path}`).toBe(404);
        const html = await res.text();
        // The shop's own 404 page, in the storefront's frame, telling nothing about the back office.
        expect(html, `${who} ${path}`).toContain('class="site-header');
        expect(html).not.toContain('admin-nav');
        expect(html).not.toMatch(/assets\/admin-[\w-]+\.css/);
      }
      for (const [who, staff] of [
        ['shop_manager', manager],
        ['administrator', administrator],
      ] as const) {
        const res = await get(path, staff.cookie);
        expect(res.status, `${who} ${path}`).toBe(200);
        const html = await res.text();
        expect(html).toContain('admin-nav');
        expect(html).toMatch(/assets\/admin-[\w-]+\.css/);
      }
    }
  });

  it('answers 404 for an unknown or malformed order id, to staff as well', async () => {
    for (const id of ['999999999', 'abc', '0', '-1', '1e3', '12abc']) {
      expect((await get(`/admin/orders/${id}`, manager.cookie)).status, id).toBe(404);
    }
    expect((await get('/admin/products-not-yet', manager.cookie)).status).toBe(404);
  });

  it('sends the former staff addresses on with 301, the query kept', async () => {
    const moved: [string, string][] = [
      ['/my-account/reviews?product=7&page=2', '/admin/reviews?product=7&page=2'],
      ['/my-account/review-settings', '/admin/reviews/settings'],
      ['/my-account/legal-pages', '/admin/legal-pages'],
      ['/my-account/legal-pages/agb?published=3', '/admin/legal-pages/agb?published=3'],
    ];
    for (const [from, to] of moved) {
      for (const cookie of ['', manager.cookie]) {
        const res = await get(from, cookie);
        expect(res.status, from).toBe(301);
        expect(res.headers.get('location'), from).toBe(to);
      }
    }
  });

  it('storefront pages never link the back office stylesheet', async () => {
    for (const path of ['/', '/shop', '/cart', '/my-account']) {
      const html = await (await get(path, manager.cookie)).text();
      expect(html, path).not.toMatch(/assets\/admin-[\w-]+\.css/);
    }
  });
});

describe('order list input', () => {
  it('answers hostile query parameters with the list (defaults) or 400, never 5xx', async () => {
    const cases = [
      'q=%00',
      'q=a%00b',
      'status=%00',
      `q=${TEN_KB}`,
      `status=${TEN_KB}`,
      'q=a&q=b&q=c',
      'status[]=processing&status[]=failed',
      'status=processing&status=failed',
      'sort=id;drop%20table%20orders&dir=sideways',
      'after=abc',
      'after=99999999999999999999',
      'before=-5',
      'after=1&before=2',
      'q=%25_%5C%25',
      "q=1'%20OR%20'1'='1",
      'q=%F0%9F%95%AF%EF%B8%8F',
    ];
    for (const query of cases) {
      const res = await get(`/admin/orders?${query}`, manager.cookie);
      expect([200, 400, 414], query).toContain(res.status);
      if (res.status === 200) expect(await res.text(), query).toContain('admin-tabs');
    }
  });

  it('pages by cursor through a search without gaps or repeats, both ways', async () => {
    const db = shop.database.db;
    const tag = `keyset-${randomBytes(4).toString('hex')}`;
    const { product } = await createProduct(db, { name: { de: 'Seife', en: 'Soap' } });
    const made: number[] = [];
    for (let i = 0; i < 27; i++) {
      made.push(
        (await createOrder(db, { productIds: [product.id], email: `${tag}-${i}@example.org` }))
          .number,
      );
    }
    const numbersOf = (html: string) =>
      [...html.matchAll(/href="\/admin\/orders\/\d+"[^>]*>#(\d+)</g)].map((m) => Number(m[1]));
    const hrefOf = (html: string, rel: 'next' | 'prev') =>
      new RegExp(`<a [^>]*rel="${rel}"[^>]*>`)
        .exec(html)?.[0]
        .match(/href="([^"]+)"/)?.[1]
        ?.replaceAll('&amp;', '&');

    const firstRes = await get(`/admin/orders?q=${tag}&sort=number&dir=asc`, manager.cookie);
    expect(firstRes.status).toBe(200);
    const first = await firstRes.text();
    expect(numbersOf(first)).toEqual(made.slice(0, 25));
    expect(hrefOf(first, 'prev')).toBeUndefined();
    const next = hrefOf(first, 'next')!;
    expect(next).toMatch(/after=\d+/);
    expect(next).not.toMatch(/offset|page=/);
    const second = await (await get(next, manager.cookie)).text();
    expect(numbersOf(second)).toEqual(made.slice(25));
    expect(hrefOf(second, 'next')).toBeUndefined();
    const back = await (await get(hrefOf(second, 'prev')!, manager.cookie)).text();
    expect(numbersOf(back)).toEqual(made.slice(0, 25));

    // Newest first by date, the default.
    const newest = await (await get(`/admin/orders?q=${tag}`, manager.cookie)).text();
    expect(numbersOf(newest)).toEqual([...made].reverse().slice(0, 25));
  });

  it('filters by status tab and finds an order by number, name and e-mail', async () => {
    const db = shop.database.db;
    const tag = `find-${randomBytes(4).toString('hex')}`;
    const { product } = await createProduct(db, { name: { de: 'Tee', en: 'Tea' } });
    const failed = await createOrder(db, {
      productIds: [product.id],
      status: 'failed',
      email: `${tag}@example.org`,
    });
    const failedList = await (await get('/admin/orders?status=failed', manager.cookie)).text();
    expect(failedList).toContain(`#${failed.number}<`);
    expect(failedList).not.toContain(`#${order.number}<`);
    expect(failedList).toMatch(/aria-current="page" href="\/admin\/orders\?status=failed"/);
    for (const term of [String(failed.number), tag.toUpperCase(), 'erika mustermann']) {
      const html = await (
        await get(`/admin/orders?q=${encodeURIComponent(term)}`, manager.cookie)
      ).text();
      expect(html, term).toContain(`#${failed.number}<`);
    }
    const none = await (await get('/admin/orders?q=no-such-order-anywhere', manager.cookie)).text();
    expect(none).toContain('No orders match');
  });

  it('shows an order with its lines, totals per VAT rate, addresses and payment', async () => {
    const html = await (await get(`/admin/orders/${order.id}`, manager.cookie)).text();
    expect(html).toContain(`Order ${order.number}`);
    expect(html).toContain('Artikel 1');
    expect(html).toContain('Hauptstraße 1');
    expect(html).toContain('matrix@example.org');
    // The method in the staff member's language, whatever the order stored.
    expect(html).toContain('Direct bank transfer');
    const de = await (await get(`/admin/orders/${order.id}`, manager.cookie, 'de')).text();
    expect(de).toContain(`Bestellung ${order.number}`);
    expect(de).toContain('Vorkasse (Überweisung)');
  });
});
