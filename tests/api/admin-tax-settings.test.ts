// The tax settings page (/admin/settings/tax) through its no-JS form: who may open it, OSS and
// the small-business mode saved with their audit entries and in force, hostile input refused.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { TAX_SETTING_KEYS } from '#app/domain/invoices/tax-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let mug: number;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/tax';
const KEYS = Object.values(TAX_SETTING_KEYS);
const GROSS = { prices_include_tax: 'yes' };

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  mug = (
    await createProduct(shop.database.db, {
      name: { de: 'Becher', en: 'Mug' },
      regularPrice: 11900,
    })
  ).product.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

async function stored() {
  const rows = await db().select().from(settings).where(inArray(settings.key, KEYS));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

async function auditCount() {
  const rows = await db()
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), inArray(auditLog.entityId, KEYS)));
  return rows.length;
}

async function formVersion(who: SignedIn) {
  const page = await (await http.get(who, PATH)).text();
  return /name="version" value="([^"]+)"/.exec(page)![1]!;
}

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // Each test starts with OSS and the small-business mode off, prices entered with VAT.
  const res = await http.post(manager, PATH, { security: nonceOf(manager), ...GROSS });
  expect(res.status).toBe(302);
});

describe('the tax settings page', () => {
  it('shows the settings and the rates to staff, the 404 page to others', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    for (const who of [manager, admin]) {
      const res = await http.get(who, PATH);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain('One-Stop-Shop (OSS)');
      expect(page).toContain('Kleinunternehmer nach § 19 UStG');
      expect(page).toMatch(/name="rate_AT_standard"[^>]*value="20"/);
      expect(page).toMatch(/name="rate_AT_reduced"[^>]*value="10"/);
      expect(page).toMatch(/name="rate_DE_standard"[^>]*value="19"/);
      expect(page).toMatch(/name="rate_DE_reduced"[^>]*value="7"/);
    }
    const overview = await (await http.get(manager, '/admin/settings')).text();
    expect(overview).toContain('href="/admin/settings/tax"');
    for (const cookie of ['', customer.cookie]) {
      expect((await http.get({ cookie }, PATH)).status).toBe(404);
      const post = await http.post({ cookie }, PATH, { oss: 'yes' });
      expect(post.status).toBe(404);
    }
    expect((await stored())['tax.oss']).not.toEqual({ enabled: true });
  });

  it('saves OSS with one audit entry, and the cart to Austria then carries Austrian VAT', async () => {
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: mug, quantity: 1 })).status).toBe(201);
    const vienna = { country: 'AT', postcode: '1010', city: 'Wien', address_1: 'Graben 1' };
    const before = await (
      await client.post('/cart/update-customer', { shipping_address: vienna })
    ).json();
    expect(before.totals.tax_lines.map((l: any) => l.rate)).toEqual(['19']);

    const audits = await auditCount();
    const security = nonceOf(manager);
    const unchanged = await http.post(manager, PATH, { security, ...GROSS });
    expect(unchanged.headers.get('location')).toBe(`${PATH}?saved=unchanged`);
    const res = await http.post(manager, PATH, {
      security,
      oss: 'yes',
      ...GROSS,
      version: await formVersion(manager),
    });
    expect(res.headers.get('location')).toBe(`${PATH}?saved=yes`);
    expect(await stored()).toMatchObject({ 'tax.oss': { enabled: true } });
    expect(await auditCount()).toBe(audits + 1);
    const page = await (await http.get(manager, `${PATH}?saved=yes`)).text();
    expect(page).toContain('Die Steuereinstellungen wurden gespeichert.');
    expect(page).toContain('One-Stop-Shop (OSS)</td><td>aus</td><td>an</td>');

    const after = await client.cart();
    expect(after.extensions.germanized.tax_treatment).toBe('destination');
    expect(after.totals.tax_lines.map((l: any) => l.rate)).toEqual(['20']);

    const small = await http.post(manager, PATH, { security, small_business: 'yes', ...GROSS });
    expect(small.status).toBe(302);
    expect(await stored()).toMatchObject({
      'tax.oss': { enabled: false },
      'invoice.small_business': true,
    });
  });

  it('refuses a stale version, repeated fields, arrays, NUL bytes and long strings', async () => {
    const security = nonceOf(manager);
    const stale = await formVersion(manager);
    expect((await http.post(manager, PATH, { security, oss: 'yes', ...GROSS })).status).toBe(302);
    const late = await http.post(manager, PATH, {
      security,
      small_business: 'yes',
      version: stale,
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('inzwischen geändert');

    const audits = await auditCount();
    const repeated = new URLSearchParams({ security });
    repeated.append('oss', 'yes');
    repeated.append('oss', 'yes');
    const bodies: (Record<string, string> | string)[] = [
      repeated.toString(),
      `security=${encodeURIComponent(security)}&oss[]=yes`,
      { security, oss: 'yes\u0000' },
      { security, oss: TEN_KB },
      { security, small_business: '1' },
      { security, small_business: 'true' },
      { security, oss: 'yes', version: TEN_KB },
    ];
    for (const body of bodies) {
      const res = await http.post(manager, PATH, body);
      expect(res.status, String(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await auditCount()).toBe(audits);
    const expired = await http.post(manager, PATH, { security: 'x', oss: 'yes' });
    expect(expired.status).toBe(403);
  });
});
