// The administrator's pages: staff roles and API keys, through their no-JS forms.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#app/domain/api-keys/api-keys.schema.ts';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { customerTokens, customers } from '#app/domain/customers/customers.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { signedUrl } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
const http = customerRequests(() => shop.url);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const db = () => shop.database.db;
const roleOf = async (id: number) =>
  (await db().select({ role: customers.role }).from(customers).where(eq(customers.id, id)))[0]
    ?.role;

describe('staff page', () => {
  it('gives an existing account the role, creates a new one with a password link, changes roles', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    const security = nonceOf(admin);
    const added = await http.post(admin, '/admin/staff', {
      intent: 'add',
      security,
      email: ` ${customer.customer.email.toUpperCase()} `,
      role: 'shop_manager',
    });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe('/admin/staff?done=added');
    expect(await roleOf(customer.customer.id)).toBe('shop_manager');

    const email = `neu-${Date.now()}@example.org`;
    const invited = await http.post(admin, '/admin/staff', {
      intent: 'add',
      security,
      email,
      role: 'administrator',
    });
    expect(invited.headers.get('location')).toBe('/admin/staff?done=invited');
    const [created] = await db().select().from(customers).where(eq(customers.email, email));
    expect(created).toMatchObject({ role: 'administrator', passwordHash: null });
    const links = await db()
      .select()
      .from(customerTokens)
      .where(and(eq(customerTokens.customerId, created!.id), eq(customerTokens.purpose, 'reset')));
    expect(links).toHaveLength(1);

    const page = await (await http.get(admin, '/admin/staff')).text();
    expect(page).toContain(email);
    expect(page).toContain(customer.customer.email);

    const demoted = await http.post(admin, '/admin/staff', {
      intent: 'role',
      security,
      id: String(created!.id),
      role: 'customer',
    });
    expect(demoted.status).toBe(302);
    expect(await roleOf(created!.id)).toBe('customer');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(created!.id))));
    expect(audit.map((a) => a.action)).toEqual(['staff_create', 'staff_remove']);
    expect(audit[1]).toMatchObject({
      actorId: admin.customer.id,
      before: { role: 'administrator' },
    });
  });

  it('refuses one’s own role, a non-staff id and hostile input, changing nothing', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const manager = await signedInCustomer(db(), { role: 'shop_manager' });
    const customer = await signedInCustomer(db());
    const security = nonceOf(admin);
    const cases: [Record<string, string> | string, number][] = [
      [{ intent: 'role', security, id: String(admin.customer.id), role: 'customer' }, 403],
      [{ intent: 'role', security, id: String(customer.customer.id), role: 'administrator' }, 404],
      [
        { intent: 'role', security: 'forged', id: String(manager.customer.id), role: 'customer' },
        403,
      ],
      [{ intent: 'role', security, id: String(manager.customer.id), role: 'owner' }, 400],
      [{ intent: 'role', security, id: `${manager.customer.id}\u0000`, role: 'customer' }, 400],
      [`intent=role&security=${security}&id=${manager.customer.id}&id=1&role=customer`, 400],
      [`intent=role&security=${security}&id=${manager.customer.id}&role[]=customer`, 400],
      [{ intent: 'add', security, email: TEN_KB, role: 'shop_manager' }, 400],
      [{ intent: 'add', security, email: `a\u0000@example.org`, role: 'shop_manager' }, 400],
      [{ intent: 'add', security, email: customer.customer.email, role: 'customer' }, 400],
      [{ intent: 'add', security, email: manager.customer.email, role: 'administrator' }, 409],
      [
        { intent: 'add', security: 'forged', email: customer.customer.email, role: 'shop_manager' },
        403,
      ],
    ];
    for (const [fields, status] of cases) {
      const res = await http.post(admin, '/admin/staff', fields);
      expect(res.status, JSON.stringify(fields).slice(0, 120)).toBe(status);
    }
    expect(await roleOf(admin.customer.id)).toBe('administrator');
    expect(await roleOf(manager.customer.id)).toBe('shop_manager');
    expect(await roleOf(customer.customer.id)).toBe('customer');
  });
});

describe('API keys page', () => {
  it('shows a new key’s secret once; the key works until it is revoked', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const security = nonceOf(admin);
    const res = await http.post(admin, '/admin/api-keys', {
      intent: 'create',
      security,
      description: 'Warenwirtschaft',
      owner: String(admin.customer.id),
      permissions: 'read',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const consumerKey = /ck_[0-9a-f]{40}/.exec(html)![0];
    const consumerSecret = /cs_[0-9a-f]{40}/.exec(html)![0];
    const key = { consumerKey, consumerSecret };
    const orders = `${shop.url}/wp-json/wc/v3/orders`;
    expect((await fetch(signedUrl(orders, 'GET', key))).status).toBe(200);

    const list = await (await http.get(admin, '/admin/api-keys')).text();
    expect(list).toContain('Warenwirtschaft');
    expect(list).toContain(`ck_…${consumerKey.slice(-4)}`);
    expect(list).not.toContain(consumerSecret);
    expect(list).not.toContain(consumerKey);

    const [row] = await db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.truncatedKey, consumerKey.slice(-7)));
    const confirm = await (await http.get(admin, `/admin/api-keys?revoke=${row!.id}`)).text();
    expect(confirm).toContain(`ck_…${consumerKey.slice(-4)}`);
    const revoked = await http.post(admin, '/admin/api-keys', {
      intent: 'revoke',
      security,
      id: String(row!.id),
    });
    expect(revoked.headers.get('location')).toBe('/admin/api-keys?done=revoked');
    expect((await fetch(signedUrl(orders, 'GET', key))).status).toBe(401);
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'api_key'), eq(auditLog.entityId, String(row!.id))));
    expect(audit.map((a) => a.action)).toEqual(['create', 'revoke']);
  });

  it('makes one key of a form posted again (a reload, a double click), and says so in German', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const page = await (await http.get(admin, '/admin/api-keys')).text();
    const token = /name="create_token" value="([\w-]+)"/.exec(page)![1]!;
    const form = {
      intent: 'create',
      security: nonceOf(admin),
      description: `Versand ${token.slice(0, 6)}`,
      owner: String(admin.customer.id),
      permissions: 'read_write',
      create_token: token,
    };
    const answers = await Promise.all([
      http.post(admin, '/admin/api-keys', form),
      http.post(admin, '/admin/api-keys', form),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const german = { cookie: `${admin.cookie}; lang=de` };
    const again = await http.post(german, '/admin/api-keys', form);
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(html).toContain('Mit diesem Formular wurde der Schlüssel schon angelegt');
    expect(html).not.toMatch(/cs_[0-9a-f]{40}/);
    const made = await db()
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.description, form.description));
    expect(made).toHaveLength(1);
    // The page after the post carries a fresh token: the next key can be made.
    expect(/name="create_token" value="([\w-]+)"/.exec(html)![1]).not.toBe(token);
  });

  it('refuses hostile input and unknown owners, creating and revoking nothing', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    const security = nonceOf(admin);
    const before = (await db().select({ id: apiKeys.id }).from(apiKeys)).length;
    const owner = String(admin.customer.id);
    const cases: [Record<string, string> | string, number][] = [
      [{ intent: 'create', security, description: TEN_KB, owner, permissions: 'read' }, 400],
      [{ intent: 'create', security, description: 'a\u0000b', owner, permissions: 'read' }, 400],
      [{ intent: 'create', security, description: '', owner, permissions: 'read' }, 400],
      [{ intent: 'create', security, description: 'x', owner, permissions: 'admin' }, 400],
      [
        {
          intent: 'create',
          security,
          description: 'x',
          owner: String(customer.customer.id),
          permissions: 'read',
        },
        400,
      ],
      [{ intent: 'create', security, description: 'x', owner: '-1', permissions: 'read' }, 400],
      [`intent=create&security=${security}&description[]=x&owner=${owner}&permissions=read`, 400],
      [{ intent: 'create', security: 'forged', description: 'x', owner, permissions: 'read' }, 403],
      [{ intent: 'revoke', security, id: '999999999' }, 404],
      [{ intent: 'revoke', security, id: 'abc' }, 400],
    ];
    for (const [fields, status] of cases) {
      const res = await http.post(admin, '/admin/api-keys', fields);
      expect(res.status, JSON.stringify(fields).slice(0, 120)).toBe(status);
    }
    expect((await db().select({ id: apiKeys.id }).from(apiKeys)).length).toBe(before);
  });
});
