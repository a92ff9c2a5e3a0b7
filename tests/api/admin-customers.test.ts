import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { lastMailTo } from '../support/account-client.ts';
import { makeListOrder } from '../support/admin-order-list.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let admin: SignedIn;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  admin = await signedInCustomer(db, { role: 'administrator' });
  productId = (await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } })).product.id;
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

function post(path: string, body: Record<string, string>, cookie = manager.cookie, lang = 'en') {
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=${lang}; ${cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body),
    redirect: 'manual',
  });
}

async function securityOf(path: string, cookie = manager.cookie) {
  const html = await (await get(path, cookie)).text();
  return /name="security" value="([^"]+)"/.exec(html)![1]!;
}

/** A customer account written straight to the database. */
async function makeCustomer(input: {
  first?: string;
  last?: string;
  email?: string;
  country?: string;
  company?: string;
  createdAt?: Date;
  role?: 'customer' | 'shop_manager' | 'administrator';
}) {
  const tag = randomBytes(3).toString('hex');
  const [row] = await shop.database.db
    .insert(customers)
    .values({
      email: input.email ?? `c-${tag}@example.org`,
      firstName: input.first ?? 'Erika',
      lastName: input.last ?? `Muster${tag}`,
      role: input.role ?? 'customer',
      billingAddress: {
        country: input.country ?? 'DE',
        company: input.company ?? '',
        first_name: input.first ?? 'Erika',
        last_name: input.last ?? 'Muster',
        address_1: 'Hauptstraße 1',
        postcode: '10115',
        city: 'Berlin',
      },
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** The pager link with this `rel`, as a path. */
const pagerHref = (html: string, rel: string) =>
  /href="([^"]+)"/
    .exec(new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(html)![0])![1]!
    .replace(/&amp;/g, '&');

/** Customer ids in the order the list shows them. */
const idsOf = (html: string) =>
  [...html.matchAll(/href="\/admin\/customers\/(\d+)"/g)].map((m) => Number(m[1]));

describe('customer list', () => {
  it('searches name, e-mail and company; filters orders, registration days and country', async () => {
    const tag = `q${randomBytes(3).toString('hex')}`;
    const a = await makeCustomer({
      last: `${tag}Alpha`,
      country: 'AT',
      createdAt: new Date('2024-03-10T12:00:00Z'),
    });
    const b = await makeCustomer({
      email: `${tag}-b@example.org`,
      createdAt: new Date('2024-03-11T23:30:00Z'), // 12 March in Berlin
    });
    const c = await makeCustomer({ company: `${tag} GmbH` });
    await makeListOrder(shop.database.db, productId, { customerId: b.id, email: b.email });
    const list = async (params: string) =>
      idsOf(await (await get(`/admin/customers?q=${tag}&${params}`)).text()).sort();
    expect(await list('')).toEqual([a.id, b.id, c.id].sort());
    expect(await list('orders=yes')).toEqual([b.id]);
    expect(await list('orders=no')).toEqual([a.id, c.id].sort());
    expect(await list('country=at')).toEqual([a.id]);
    expect(await list('from=2024-03-12&to=2024-03-12')).toEqual([b.id]);
    expect(await list('from=2024-03-10&to=2024-03-10')).toEqual([a.id]);
    // A guest order (no account) does not make a customer of its buyer.
    await makeListOrder(shop.database.db, productId, { email: `${tag}-guest@example.org` });
    expect(await list('')).toEqual([a.id, b.id, c.id].sort());
    // Staff accounts are not customers.
    await makeCustomer({ last: `${tag}Staff`, role: 'shop_manager' });
    expect(await list('')).toEqual([a.id, b.id, c.id].sort());
  });

  it('shows orders count and spent, sorts by name and pages by keyset without gaps', async () => {
    const tag = `s${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 30; i++)
      made.push(await makeCustomer({ last: `${tag}${String(i).padStart(2, '0')}` }));
    await makeListOrder(shop.database.db, productId, {
      customerId: made[0]!.id,
      email: made[0]!.email,
    });
    const first = await (await get(`/admin/customers?q=${tag}&sort=name&dir=asc`)).text();
    const page1 = idsOf(first);
    expect(page1).toEqual(made.slice(0, 25).map((c) => c.id));
    const next = pagerHref(first, 'next');
    const second = await (await get(next)).text();
    expect(idsOf(second)).toEqual(made.slice(25).map((c) => c.id));
    const prev = pagerHref(second, 'prev');
    expect(idsOf(await (await get(prev)).text())).toEqual(page1);
    const desc = idsOf(await (await get(`/admin/customers?q=${tag}&sort=name&dir=desc`)).text());
    expect(desc[0]).toBe(made[29]!.id);
    // The first row's figures: one order.
    const row = first.slice(first.indexOf(`/admin/customers/${made[0]!.id}"`)).split('</tr>')[0]!;
    expect(row).toMatch(/<td class="num">1<\/td>/);
  });

  it('takes hostile parameters without failing', async () => {
    for (const q of [
      'q=%00%01',
      `q=${'x'.repeat(1000)}`,
      'sort=drop&dir=sideways',
      'after=-1',
      'after=99999999999',
      'from=2024-02-30&to=x',
      'country=ZZZ',
      'orders=maybe',
      'q=a&q=b',
      'q=%25_%5C',
    ]) {
      const res = await get(`/admin/customers?${q}`);
      // The shop refuses NUL bytes in any address before a page sees them.
      expect(res.status, q).toBe(q.includes('%00') ? 400 : 200);
    }
  });
});

describe('customer page', () => {
  it('shows the sections and is 404 for customers, guests and unknown ids', async () => {
    const c = await makeCustomer({ first: 'Zora' });
    const order = await makeListOrder(shop.database.db, productId, {
      customerId: c.id,
      email: c.email,
    });
    const html = await (await get(`/admin/customers/${c.id}`)).text();
    for (const id of [
      'customer-orders',
      'customer-subscriptions',
      'customer-payment-methods',
      'customer-reviews',
      'customer-log',
    ])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    const de = await (await get(`/admin/customers/${c.id}`, manager.cookie, 'de')).text();
    expect(de).toContain('Bestellungen');
    const shopper = await signedInCustomer(shop.database.db);
    expect((await get(`/admin/customers/${c.id}`, shopper.cookie)).status).toBe(404);
    expect((await get(`/admin/customers/${c.id}`, '')).status).toBe(404);
    expect((await get('/admin/customers', shopper.cookie)).status).toBe(404);
    for (const bad of ['0', 'abc', '99999999', '1e3', '-1'])
      expect((await get(`/admin/customers/${bad}`)).status, bad).toBe(404);
  });

  it('lets administrators, not shop managers, open staff accounts; nobody erases them here', async () => {
    const staff = await makeCustomer({ role: 'shop_manager' });
    expect((await get(`/admin/customers/${staff.id}`)).status).toBe(404);
    expect((await get(`/admin/customers/${staff.id}`, admin.cookie)).status).toBe(200);
    const path = `/admin/customers/${staff.id}/erase`;
    const security = await securityOf(`/admin/customers/${staff.id}`, admin.cookie);
    const res = await post(path, { security, confirm: 'yes' }, admin.cookie);
    expect(res.status).toBe(403);
    expect(
      (await shop.database.db.select().from(customers).where(eq(customers.id, staff.id))).length,
    ).toBe(1);
  });
});

describe('customer changes', () => {
  it('edits the details with an audit entry and refuses a taken e-mail', async () => {
    const c = await makeCustomer({});
    const other = await makeCustomer({});
    const path = `/admin/customers/${c.id}`;
    const security = await securityOf(path);
    const fresh = `neu-${randomBytes(3).toString('hex')}@example.org`;
    const ok = await post(path, {
      intent: 'details',
      security,
      first_name: 'Nora',
      last_name: 'Neu',
      display_name: 'Nora N.',
      email: fresh.toUpperCase(),
    });
    expect(ok.status).toBe(302);
    const [row] = await shop.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ firstName: 'Nora', lastName: 'Neu', email: fresh });
    const entries = await shop.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'customer' and ${auditLog.entityId} = ${String(c.id)}`);
    expect(entries.map((e) => e.action)).toContain('updated');
    const taken = await post(path, {
      intent: 'details',
      security,
      first_name: 'Nora',
      last_name: 'Neu',
      display_name: 'Nora N.',
      email: other.email,
    });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(await taken.text())).toContain('Another account already uses');
    const takenDe = await post(
      path,
      {
        intent: 'details',
        security,
        first_name: 'N',
        last_name: 'N',
        display_name: 'N',
        email: other.email,
      },
      manager.cookie,
      'de',
    );
    expect(await takenDe.text()).toContain('Ein anderes Konto');
  });

  it('saves an address under the country rules and refuses a bad postcode', async () => {
    const c = await makeCustomer({});
    const path = `/admin/customers/${c.id}`;
    const security = await securityOf(path);
    const address = {
      kind: 'shipping',
      security,
      shipping_first_name: 'Ida',
      shipping_last_name: 'Ost',
      shipping_country: 'AT',
      shipping_address_1: 'Ring 2',
      shipping_postcode: '1010',
      shipping_city: 'Wien',
    };
    expect((await post(path, address)).status).toBe(302);
    const [row] = await shop.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.shippingAddress).toMatchObject({ country: 'AT', postcode: '1010', city: 'Wien' });
    const bad = await post(path, { ...address, shipping_postcode: 'ABCDEFG' });
    expect(bad.status).toBe(400);
    const [same] = await shop.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(same!.shippingAddress).toMatchObject({ postcode: '1010' });
  });

  it('answers hostile and forged posts with 4xx and changes nothing', async () => {
    const c = await makeCustomer({});
    const path = `/admin/customers/${c.id}`;
    const security = await securityOf(path);
    const base = {
      intent: 'details',
      security,
      first_name: 'A',
      last_name: 'B',
      display_name: 'C',
      email: c.email,
    };
    const cases: [Record<string, string>, number][] = [
      [{ ...base, security: 'forged' }, 403],
      [{ ...base, first_name: TEN_KB }, 400],
      [{ ...base, first_name: 'a\u0000b' }, 400],
      [{ ...base, email: 'not-an-email' }, 400],
      [{ ...base, intent: 'drop' }, 400],
      [{ kind: 'billing', security, billing_city: TEN_KB, billing_country: 'DE' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    const repeated = new URLSearchParams(base);
    repeated.append('email', 'x@example.org');
    const res = await fetch(shop.url + path, {
      method: 'POST',
      headers: {
        cookie: `lang=en; ${manager.cookie}`,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: repeated,
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    const [row] = await shop.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.firstName).toBe(c.firstName);
  });

  it('mails a password reset link through the lost-password flow', async () => {
    const c = await makeCustomer({});
    const path = `/admin/customers/${c.id}`;
    const res = await post(path, { intent: 'reset', security: await securityOf(path) });
    expect(res.status).toBe(302);
    await vi.waitFor(() =>
      expect(lastMailTo(shop.dataDir, c.email)?.text).toContain('/my-account/lost-password'),
    );
  });

  it('exports the same JSON the customer downloads', async () => {
    const c = await makeCustomer({});
    await makeListOrder(shop.database.db, productId, { customerId: c.id, email: c.email });
    const security = await securityOf(`/admin/customers/${c.id}`);
    const res = await post(`/admin/customers/${c.id}/export`, { security });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const body = (await res.json()) as Record<string, unknown>;
    const own = JSON.parse(JSON.stringify(await exportCustomer(shop.database.db, c.id))) as Record<
      string,
      unknown
    >;
    delete body.exportedAt;
    delete own.exportedAt;
    expect(body).toEqual(own);
  });

  it('erases after confirmation and keeps the orders anonymised', async () => {
    const c = await makeCustomer({});
    const order = await makeListOrder(shop.database.db, productId, {
      customerId: c.id,
      email: c.email,
    });
    const path = `/admin/customers/${c.id}/erase`;
    const security = await securityOf(path);
    const unconfirmed = await post(path, { security });
    expect(unconfirmed.status).toBe(400);
    expect(
      (await shop.database.db.select().from(customers).where(eq(customers.id, c.id))).length,
    ).toBe(1);
    const done = await post(path, { security, confirm: 'yes' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/customers?done=erased');
    expect(
      (await shop.database.db.select().from(customers).where(eq(customers.id, c.id))).length,
    ).toBe(0);
    const [kept] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.customerId).toBeNull();
    expect(kept!.billingAddress.email).toBeUndefined();
    expect((await get(`/admin/customers/${c.id}`)).status).toBe(404);
  });
});
