// The REST API v3 `customers` endpoints: the official client manages accounts; WooCommerce's
// filters, paging headers and error codes; staff accounts guarded; hostile input refused.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let writer: TestKey;
let reader: TestKey;
const db = () => shop.database.db;
const mail = () => `api-${randomBytes(4).toString('hex')}@example.com`;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  writer = await staffKey(shop, 'read_write');
  reader = await staffKey(shop, 'read');
});
afterAll(async () => {
  await shop?.close();
});

const call = (method: string, path: string, body?: unknown, key: TestKey | null = writer) =>
  restCall(shop, key, method, path, body);

async function refused(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const response = (error as { response: { status: number; data: { code: string } } }).response;
    return { status: response.status, code: response.data.code };
  }
  throw new Error('the request was not refused');
}

describe('customers through the REST API v3', () => {
  it('creates, reads, updates, lists and deletes a customer with the official client', async () => {
    const client = officialClient(shop, writer);
    const email = mail();
    const created = await client.post('customers', {
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      billing: { first_name: 'Ada', city: 'Berlin', country: 'de', email, phone: '030 123' },
      shipping: { city: 'Potsdam', country: 'DE' },
    });
    expect(created.status).toBe(201);
    const id = created.data.id as number;
    expect(created.data).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'customer',
      is_paying_customer: false,
      billing: { city: 'Berlin', country: 'DE', email, phone: '030 123', postcode: '' },
      shipping: { city: 'Potsdam', country: 'DE' },
      meta_data: [],
    });
    expect(created.data.date_created_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(created.data.avatar_url).toMatch(
      /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}/,
    );
    expect(Object.keys(created.data.shipping)).not.toContain('email');

    const read = await client.get(`customers/${id}`);
    expect(read.data.email).toBe(email);

    const updated = await client.put(`customers/${id}`, {
      last_name: 'King',
      billing: { postcode: '10115' },
    });
    expect(updated.data).toMatchObject({
      last_name: 'King',
      billing: { city: 'Berlin', postcode: '10115' },
    });
    const [row] = await db().select().from(customers).where(eq(customers.id, id));
    expect(row!.lastName).toBe('King');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['created', 'updated']));

    const listed = await client.get('customers', { email, role: 'all' });
    expect(listed.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(listed.headers['x-wp-total']).toBe('1');

    const notForced = await refused(client.delete(`customers/${id}`));
    expect(notForced.code).toBe('woocommerce_rest_trash_not_supported');
    const deleted = await client.delete(`customers/${id}`, { force: true });
    expect(deleted.data.id).toBe(id);
    const [after] = await db().select().from(customers).where(eq(customers.id, id));
    expect(after?.email ?? '').not.toBe(email);
    expect((await refused(client.get(`customers/${id}`))).status).toBe(404);
  });

  it('pages with WooCommerce’s headers, searches, sorts and filters by role', async () => {
    const tag = randomBytes(3).toString('hex');
    const ids: number[] = [];
    for (const last of ['Cerny', 'Albers', 'Brandt']) {
      const res = await call('POST', 'customers', {
        email: `seite-${tag}-${last.toLowerCase()}@example.com`,
        first_name: 'Pia',
        last_name: last,
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const first = await call('GET', `customers?search=seite-${tag}&per_page=2&orderby=name`);
    expect(first.status).toBe(200);
    expect(first.body.map((c: { last_name: string }) => c.last_name)).toEqual(['Albers', 'Brandt']);
    expect(first.headers.get('x-wp-total')).toBe('3');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await call(
      'GET',
      `customers?search=seite-${tag}&per_page=2&page=2&orderby=name`,
    );
    expect(second.body.map((c: { last_name: string }) => c.last_name)).toEqual(['Cerny']);
    const byId = await call('GET', `customers?include=${ids.join(',')}&orderby=id&order=desc`);
    expect(byId.body.map((c: { id: number }) => c.id)).toEqual([...ids].sort((a, b) => b - a));
    const excluded = await call('GET', `customers?include=${ids.join(',')}&exclude=${ids[0]}`);
    expect(excluded.body).toHaveLength(2);

    const manager = await signedInCustomer(db(), { role: 'shop_manager' });
    const customersOnly = await call('GET', `customers?email=${manager.customer.email}`);
    expect(customersOnly.body).toEqual([]);
    const managers = await call(
      'GET',
      `customers?email=${manager.customer.email}&role=shop_manager`,
    );
    expect(managers.body.map((c: { id: number }) => c.id)).toEqual([manager.customer.id]);
  });

  it('refuses a taken address, a username change and another account’s address', async () => {
    const a = await call('POST', 'customers', { email: mail() });
    const b = await call('POST', 'customers', { email: mail() });
    const again = await call('POST', 'customers', { email: a.body.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('registration-error-email-exists');
    const taken = await call('PUT', `customers/${b.body.id}`, { email: a.body.email });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('woocommerce_rest_customer_invalid_email');
    const username = await call('PUT', `customers/${b.body.id}`, { username: 'neu' });
    expect(username.body.code).toBe('woocommerce_rest_customer_invalid_argument');
    const withId = await call('POST', 'customers', { id: b.body.id, email: mail() });
    expect(withId.body.code).toBe('woocommerce_rest_customer_exists');
    // A client that sends the whole object back, unchanged username included, is fine.
    const echoed = await call('PUT', `customers/${b.body.id}`, { ...b.body, first_name: 'Eva' });
    expect(echoed.status).toBe(200);
    expect(echoed.body.first_name).toBe('Eva');
  });

  it('keeps staff accounts’ sign-in out of reach and never deletes staff', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const path = `customers/${admin.customer.id}`;
    const email = await call('PUT', path, { email: mail() });
    expect(email.status).toBe(403);
    expect(email.body.code).toBe('woocommerce_rest_cannot_edit');
    const password = await call('PUT', path, { password: 'ein langes Passwort 123' });
    expect(password.status).toBe(403);
    const deleted = await call('DELETE', `${path}?force=true`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.code).toBe('woocommerce_rest_cannot_delete');
    const [row] = await db().select().from(customers).where(eq(customers.id, admin.customer.id));
    expect(row!.email).toBe(admin.customer.email);
    expect(row!.role).toBe('administrator');
  });

  it('sets a password the account can sign in with', async () => {
    const created = await call('POST', 'customers', {
      email: mail(),
      password: 'Sommer-Regen-2026!',
    });
    const [row] = await db().select().from(customers).where(eq(customers.id, created.body.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(created.body).not.toHaveProperty('password');
  });

  it('creates, updates and deletes in one batch', async () => {
    const existing = await call('POST', 'customers', { email: mail() });
    const gone = await call('POST', 'customers', { email: mail() });
    const res = await call('POST', 'customers/batch', {
      create: [{ email: mail(), first_name: 'Neu' }, { email: 'keine-adresse' }],
      update: [
        { id: existing.body.id, first_name: 'Geändert' },
        { id: 99999999, first_name: 'x' },
      ],
      delete: [gone.body.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.create[0].first_name).toBe('Neu');
    expect(res.body.create[1].error.code).toBe('rest_invalid_param');
    expect(res.body.update[0].first_name).toBe('Geändert');
    expect(res.body.update[1].error.code).toBe('woocommerce_rest_invalid_id');
    expect(res.body.delete[0].id).toBe(gone.body.id);
  });

  it('answers read keys, missing keys and hostile input with 4xx, never a 500', async () => {
    const target = await call('POST', 'customers', { email: mail(), first_name: 'Ruhig' });
    const path = `customers/${target.body.id}`;
    expect((await call('GET', path, undefined, reader)).status).toBe(200);
    expect((await call('PUT', path, { first_name: 'x' }, reader)).status).toBe(403);
    expect((await call('POST', 'customers', { email: mail() }, reader)).status).toBe(403);
    expect((await call('GET', 'customers', undefined, null)).status).toBe(401);
    const bodies: unknown[] = [
      { email: 'a\u0000b@example.com' },
      { email: `${TEN_KB}@example.com` },
      { first_name: TEN_KB },
      { first_name: ['a', 'b'] },
      { first_name: 12 },
      { billing: 'Berlin' },
      { billing: { city: TEN_KB } },
      { billing: { city: ['Berlin'] } },
      { password: 'x'.repeat(5000) },
      { email: ['a@example.com'] },
    ];
    for (const body of bodies) {
      const res = await call('PUT', path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    expect((await call('PUT', path, '{"first_name": ')).status).toBe(400);
    for (const query of [
      'per_page=1000',
      'page=0',
      'orderby=email',
      'role=editor',
      'include=a,b',
    ]) {
      expect((await call('GET', `customers?${query}`)).status, query).toBe(400);
    }
    expect((await call('GET', 'customers/abc')).status).toBe(404);
    expect((await call('GET', 'customers/99999999')).status).toBe(404);
    const [row] = await db().select().from(customers).where(eq(customers.id, target.body.id));
    expect(row!.firstName).toBe('Ruhig');
  });
});
