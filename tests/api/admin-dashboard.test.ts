import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { LOW_STOCK_DEFAULT } from '#app/domain/catalog/stock-admin.server.ts';
import { contactForms, formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { salesSummary } from '#app/domain/orders/admin-orders.server.ts';
import { type OrderStatus, orders } from '#app/domain/orders/orders.schema.ts';
import { CONTACT_FORM } from '#db/seed/demo-forms.ts';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { makeListOrder } from '../support/admin-order-list.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  productId = (await createProduct(shop.database.db, { name: { de: 'Becher', en: 'Cup' } })).product
    .id;
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, lang = 'en') =>
  fetch(shop.url + path, {
    headers: { cookie: `lang=${lang}; ${manager.cookie}` },
    redirect: 'manual',
  });
const html = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const decode = (s: string) => s.replace(/&amp;/g, '&');

/** The dashboard's to-dos: label, count and link, read from its HTML. */
async function todos(): Promise<Map<string, { count: number; href: string }>> {
  const page = await html('/admin');
  const list = /<ul class="admin-todo">([\s\S]*?)<\/ul>/.exec(page)![1]!;
  const items = [
    ...list.matchAll(
      /<a href="([^"]+)"[^>]*><span class="admin-todo-count">([\d.,]+)<\/span>\s*(?:<!-- -->)?\s*([^<]+)<\/a>/g,
    ),
  ];
  return new Map(
    items.map(([, href, count, label]) => [
      label!.trim(),
      { count: Number(count!.replace(/[.,]/g, '')), href: decode(href!) },
    ]),
  );
}

const idsIn = (page: string, pattern: RegExp) =>
  new Set([...page.matchAll(pattern)].map((m) => Number(m[1])));

describe('dashboard figures', () => {
  it('counts sales by Berlin calendar day, 30 days back, with net, average and days without orders', async () => {
    const db = shop.database.db;
    // A moment of its own, far from the other tests' orders: noon in Berlin on 30 March 2031.
    const now = new Date('2031-03-30T10:00:00Z');
    const place = async (status: OrderStatus, at: string, total: number, tax: number) => {
      const order = await makeListOrder(db, productId, { status, createdAt: new Date(at) });
      await db.update(orders).set({ total, totalTax: tax }).where(eq(orders.id, order.id));
    };
    await place('processing', '2031-03-29T23:00:00Z', 11_900, 1_900); // 00:00 today in Berlin
    await place('completed', '2031-03-30T09:59:00Z', 5_350, 350);
    await place('on-hold', '2031-03-29T22:59:59Z', 2_000, 319); // 23:59:59 yesterday
    await place('processing', '2031-02-28T23:00:00Z', 1_000, 160); // 00:00 on 1 March, day 1
    await place('processing', '2031-02-28T22:59:59Z', 99_999, 0); // 31 days back: outside
    for (const status of ['pending', 'failed', 'cancelled', 'refunded'] as const)
      await place(status, '2031-03-30T08:00:00Z', 77_700, 0); // not sales
    const { today, month, days } = await salesSummary(db, now);
    expect(today).toEqual({ orders: 2, gross: 17_250, net: 15_000, average: 8_625 });
    expect(month).toEqual({ orders: 4, gross: 20_250, net: 17_521, average: 5_063 });
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      day: '2031-03-01',
      orders: 1,
      gross: 1_000,
      net: 840,
      average: 1_000,
    });
    expect(days[28]).toMatchObject({ day: '2031-03-29', orders: 1, gross: 2_000, net: 1_681 });
    expect(days[29]).toMatchObject({ day: '2031-03-30', orders: 2, gross: 17_250 });
    expect(days.filter((d) => d.orders === 0)).toHaveLength(27);
    expect(days.filter((d) => d.orders === 0).every((d) => d.gross === 0 && d.net === 0)).toBe(
      true,
    );
  });

  it('shows the chart box, the table fallback and every to-do, de and en', async () => {
    const page = await html('/admin');
    expect(page).toContain('class="admin-chart-plot"');
    expect(page).toMatch(/admin-chart-plot[\s\S]*<table class="admin-table"><caption/);
    expect(page).not.toMatch(/uPlot[\w.-]*\.js/); // loaded on demand, not preloaded
    const de = await (await get('/admin', 'de')).text();
    expect(de).toContain('Produkte mit geringem Bestand');
    expect(de).toContain('Umsatzverlauf');
    expect([...(await todos()).keys()]).toEqual([
      'Orders to ship',
      'Bank transfers awaiting payment',
      'Invoices awaiting payment',
      'Failed payments',
      'Reviews to moderate',
      'New contact messages (7 days)',
      'Products low on stock',
    ]);
  });
});

describe('dashboard to-dos', () => {
  it('count the orders their links list', async () => {
    const db = shop.database.db;
    const made: [OrderStatus, [string, string]][] = [
      ['on-hold', ['bacs', 'Vorkasse']],
      ['on-hold', ['bacs', 'Vorkasse']],
      ['on-hold', ['invoice', 'Rechnung']],
      ['on-hold', ['cod', 'Nachnahme']],
      ['processing', ['bacs', 'Vorkasse']],
      ['failed', ['stripe', 'Karte']],
    ];
    for (const [status, payment] of made) await makeListOrder(db, productId, { status, payment });
    const expected = async (status: OrderStatus, method?: string) =>
      new Set(
        (
          await db
            .select({ id: orders.id, method: orders.paymentMethod })
            .from(orders)
            .where(eq(orders.status, status))
        )
          .filter((o) => !method || o.method === method)
          .map((o) => o.id),
      );
    const list = await todos();
    for (const [label, status, method] of [
      ['Orders to ship', 'processing', undefined],
      ['Bank transfers awaiting payment', 'on-hold', 'bacs'],
      ['Invoices awaiting payment', 'on-hold', 'invoice'],
      ['Failed payments', 'failed', undefined],
    ] as const) {
      const todo = list.get(label)!;
      const want = await expected(status, method);
      expect(want.size, label).toBeGreaterThan(0);
      expect(want.size).toBeLessThanOrEqual(25); // one page of the list
      expect(todo.count, label).toBe(want.size);
      const listed = idsIn(await html(todo.href), /href="\/admin\/orders\/(\d+)"/g);
      expect(listed, label).toEqual(want);
    }
  });

  it('count new contact messages and link to exactly them', async () => {
    const db = shop.database.db;
    const [form] = await db
      .insert(contactForms)
      .values({
        slug: `dash-${randomBytes(4).toString('hex')}`,
        title: { de: 'Kontakt', en: 'Contact' },
        definition: CONTACT_FORM,
      })
      .returning();
    const day = 86_400_000;
    const submit = (status: string, ageMs: number, message = 'Zeile eins\nZeile zwei') =>
      db
        .insert(formSubmissions)
        .values({
          formId: form!.id,
          status: status as 'mail_sent',
          fields: {
            'your-name': ['Erika Muster'],
            'your-email': ['erika@example.org'],
            'your-subject': ['order'],
            'your-message': [message],
          },
          locale: 'de',
          postedDataHash: 'h',
          clientHash: 'c',
          createdAt: new Date(Date.now() - ageMs),
        })
        .returning({ id: formSubmissions.id })
        .then((rows) => rows[0]!.id);
    const fresh = [
      await submit('mail_sent', day),
      await submit('mail_failed', 2 * day),
      await submit('pending', 60_000),
    ];
    const spam = await submit('spam', day);
    const invalid = await submit('validation_failed', day);
    const old = await submit('mail_sent', 8 * day);
    const hostile = await submit('mail_sent', 0, '<script>alert(1)</script>');
    fresh.push(hostile);

    const todo = (await todos()).get('New contact messages (7 days)')!;
    expect(todo.href).toBe('/admin/forms?days=7');
    const all = await db
      .select({
        id: formSubmissions.id,
        status: formSubmissions.status,
        at: formSubmissions.createdAt,
      })
      .from(formSubmissions);
    const want = new Set(
      all
        .filter((s) => ['mail_sent', 'mail_failed', 'pending'].includes(s.status))
        .filter((s) => s.at.getTime() >= Date.now() - 7 * day)
        .map((s) => s.id),
    );
    for (const id of fresh) expect(want.has(id)).toBe(true);
    expect(todo.count).toBe(want.size);
    const listed = idsIn(await html(todo.href), /href="\/admin\/forms\/(\d+)"/g);
    expect(listed).toEqual(want);
    for (const id of [spam, invalid, old]) expect(listed.has(id)).toBe(false);

    const spamList = idsIn(await html('/admin/forms?status=spam'), /href="\/admin\/forms\/(\d+)"/g);
    expect(spamList.has(spam)).toBe(true);
    expect(spamList.has(fresh[0]!)).toBe(false);
    expect(
      idsIn(await html('/admin/forms?status=all'), /href="\/admin\/forms\/(\d+)"/g).has(invalid),
    ).toBe(true);

    const detail = await html(`/admin/forms/${hostile}`);
    expect(/&lt;script(&gt;|>)alert\(1\)&lt;\/script/.test(detail)).toBe(true);
    expect(detail.includes('<script>alert(1)')).toBe(false);
    expect(detail.includes('erika@example.org')).toBe(true);
    expect(detail.includes('Order and delivery')).toBe(true); // the choice's label
    const listPage = await html('/admin/forms');
    expect(listPage.includes('Order and delivery')).toBe(true);
    expect((await html(`/admin/forms/${fresh[0]}`)).includes('Zeile eins\nZeile zwei')).toBe(true);
  });

  it('count products low on stock and link to exactly them', async () => {
    const db = shop.database.db;
    const make = async (input: Parameters<typeof createProduct>[1]) =>
      await createProduct(db, { name: { de: 'Lagerware', en: 'Stock item' }, ...input });
    const one = (p: Awaited<ReturnType<typeof make>>) => p.product.id;
    const lowDefault = one(await make({ manageStock: true, stockQuantity: LOW_STOCK_DEFAULT }));
    const lowOwn = one(await make({ manageStock: true, stockQuantity: 5, lowStockAmount: 5 }));
    const empty = one(await make({ manageStock: true, stockQuantity: 0 }));
    const plenty = one(await make({ manageStock: true, stockQuantity: 6, lowStockAmount: 5 }));
    const unmanaged = one(await make({ manageStock: false, stockQuantity: 0 }));
    const size = await createAttribute(db, {
      slug: `groesse-${randomBytes(3).toString('hex')}`,
      name: { de: 'Größe', en: 'Size' },
      terms: [{ slug: 'm', name: { de: 'M', en: 'M' } }],
    });
    const variable = await make({
      lowStockAmount: 4,
      attributes: [
        { attributeId: size.attribute.id, termIds: [size.termIds.m!], usedForVariations: true },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 'm' }, manageStock: true, stockQuantity: 4 },
      ],
    });
    const variation = variable.variations[0]!.id;

    const todo = (await todos()).get('Products low on stock')!;
    expect(todo.href).toBe('/admin/products?stock=low');
    // The rule, computed here from every product: managed, at or below its (inherited) threshold.
    const rows = await db.select().from(products);
    const byId = new Map(rows.map((p) => [p.id, p]));
    const threshold = (p: (typeof rows)[number]) =>
      p.lowStockAmount ??
      (p.parentId ? byId.get(p.parentId)?.lowStockAmount : null) ??
      LOW_STOCK_DEFAULT;
    const want = new Set(
      rows.filter((p) => p.manageStock && (p.stockQuantity ?? 0) <= threshold(p)).map((p) => p.id),
    );
    expect(want.size).toBeLessThanOrEqual(50);
    for (const id of [lowDefault, lowOwn, empty, variation]) expect(want.has(id)).toBe(true);
    expect(todo.count).toBe(want.size);
    const page = await html(todo.href);
    expect(idsIn(page, /data-product="(\d+)"/g)).toEqual(want);
    expect(page).toContain('Stock item – m');
    const out = idsIn(await html('/admin/products?stock=out'), /data-product="(\d+)"/g);
    expect(out.has(empty)).toBe(true);
    expect(out.has(lowDefault)).toBe(false);
    const all = idsIn(await html('/admin/products?stock=all'), /data-product="(\d+)"/g);
    expect(all.has(plenty)).toBe(true);
    expect(all.has(unmanaged)).toBe(false);
    const managed = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [plenty, unmanaged]));
    expect(managed).toHaveLength(2);
  });
});

describe('the new list pages', () => {
  it('answer hostile query strings with 400, 414 or the default list, never a 5xx', async () => {
    const paths = [
      '/admin/forms?status=%00',
      '/admin/forms?status=spam&status=sent',
      '/admin/forms?status[]=spam',
      `/admin/forms?days=${TEN_KB}`,
      '/admin/forms?days=-1&after=0x1F',
      '/admin/forms?after=99999999999999999999',
      '/admin/forms/%00',
      '/admin/forms/1e3',
      '/admin/forms/99999999',
      '/admin/products?stock=%00',
      '/admin/products?stock=low&stock=out',
      '/admin/products?stock[]=out&page[]=2',
      `/admin/products?page=${TEN_KB}`,
      '/admin/products?page=-1',
      '/admin/products?page=99999',
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      expect([200, 400, 404, 414], path).toContain(res.status);
      await res.body?.cancel();
    }
  });

  it('are the 404 page for customers and guests', async () => {
    const customer = await signedInCustomer(shop.database.db);
    for (const path of ['/admin/forms', '/admin/forms/1', '/admin/products?stock=low']) {
      for (const cookie of ['', customer.cookie]) {
        const res = await fetch(shop.url + path, { headers: { cookie } });
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('admin-nav');
      }
    }
  });
});
