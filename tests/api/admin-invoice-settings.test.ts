// The invoice settings page (/admin/settings/invoices) through its no-JS form: who may open it,
// each field saved with its audit entry, the saved settings in force, hostile input refused.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { INVOICE_SETTING_KEYS } from '#app/domain/invoices/invoice-settings.server.ts';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import { bookingYear } from '#app/domain/invoices/numbering.rules.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { invoiceOrder, useSeller } from '../support/invoice-orders.ts';
import { outboxSettled } from '../support/outbox.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/invoices';
const KEYS = Object.values(INVOICE_SETTING_KEYS);

beforeAll(async () => {
  shop = await startTestShop();
  await useSeller(shop.database.db);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

/** The invoice settings rows as stored. */
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

/** The form as the page sends it with the settings in force (the defaults, the seller's tax number). */
const DEFAULT_FORM = {
  issue_on: 'paid',
  attach_to_mail: 'yes',
  tax_number: '231/123/45678',
  invoice_pattern: 'RE-{YYYY}-{#####}',
  cancellation_pattern: 'ST-{YYYY}-{#####}',
};

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // Each test starts from the settings in force before: defaults and the seller's tax number.
  const res = await http.post(manager, PATH, { ...DEFAULT_FORM, security: nonceOf(manager) });
  expect(res.status).toBe(302);
});

describe('who may open it', () => {
  it('shows the page to shop managers and administrators, the 404 page to others', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    for (const who of [manager, admin]) {
      const res = await http.get(who, PATH);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain('Rechnung ausstellen');
      expect(page).toContain(`Nächste Nummer: RE-${bookingYear(new Date())}-`);
      // The side navigation leads to the settings area, whose overview lists this page.
      expect(page).toContain('href="/admin/settings"');
    }
    const english_ = await (await http.get(english(manager), PATH)).text();
    expect(english_).toContain('Issue the invoice');
    for (const cookie of ['', customer.cookie]) {
      const res = await http.get({ cookie }, PATH);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('admin-nav');
      const post = await http.post({ cookie }, PATH, { ...DEFAULT_FORM, issue_on: 'completed' });
      expect(post.status).toBe(404);
    }
    expect((await stored())['invoice.issue_on']).not.toBe('completed');
  });
});

describe('saving', () => {
  it('saves each field with one audit entry per changed setting, and nothing for an unchanged form', async () => {
    const security = nonceOf(manager);
    const before = await auditCount();
    const unchanged = await http.post(manager, PATH, { ...DEFAULT_FORM, security });
    expect(unchanged.headers.get('location')).toBe(`${PATH}?saved=unchanged`);
    expect(await auditCount()).toBe(before);

    const changed = await http.post(manager, PATH, {
      security,
      issue_on: 'completed',
      small_business: 'yes',
      tax_number: ' 201/987/65432 ',
      invoice_pattern: 'R{YY}.{######}',
      cancellation_pattern: 'STORNO_{YYYY}_{###}',
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get('location')).toBe(`${PATH}?saved=yes`);
    expect(await stored()).toMatchObject({
      'invoice.issue_on': 'completed',
      'invoice.attach_to_mail': false,
      'invoice.small_business': true,
      'invoice.tax_number': '201/987/65432',
      'invoice.number_pattern': 'R{YY}.{######}',
      'invoice.cancellation_number_pattern': 'STORNO_{YYYY}_{###}',
    });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), inArray(auditLog.entityId, KEYS)))
      .orderBy(auditLog.id);
    const latest = entries.slice(-6);
    expect(entries.length - before).toBe(6);
    expect(latest.map((e) => e.entityId).sort()).toEqual([...KEYS].sort());
    expect(latest.find((e) => e.entityId === 'invoice.issue_on')).toMatchObject({
      actorId: manager.customer.id,
      channel: 'admin',
      actorLabel: manager.customer.email,
      action: 'update',
      before: { value: 'paid' },
      after: { value: 'completed' },
    });

    const page = await (await http.get(manager, `${PATH}?saved=yes`)).text();
    expect(page).toContain('Die Rechnungseinstellungen sind gespeichert.');
    expect(page).toContain('Letzte Änderungen');
    expect(page).toContain('Kleinunternehmer (§ 19 UStG)');
    expect(page).toContain('201/987/65432');
    const yy = String(bookingYear(new Date()) % 100).padStart(2, '0');
    expect(page).toMatch(new RegExp(`Nächste Nummer: R${yy}\\.\\d{6}`));
  });

  it('puts the saved settings in force: invoices wait for completion, numbers follow the pattern', async () => {
    const saved = await http.post(manager, PATH, {
      ...DEFAULT_FORM,
      security: nonceOf(manager),
      issue_on: 'completed',
      invoice_pattern: 'INV-{YYYY}-{####}',
    });
    expect(saved.status).toBe(302);
    const order = await invoiceOrder(db());
    expect((await transitionOrder(db(), order.id, 'processing')).ok).toBe(true);
    await outboxSettled(shop);
    const documents = () => db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(await documents()).toHaveLength(0);
    expect((await transitionOrder(db(), order.id, 'completed')).ok).toBe(true);
    await outboxSettled(shop);
    const [invoice] = await documents();
    expect(invoice?.number).toMatch(new RegExp(`^INV-${bookingYear(new Date())}-\\d{4}$`));
  });
});

describe('two staff members at once', () => {
  /** The version the page's form carries. */
  async function formVersion(who: SignedIn) {
    const page = await (await http.get(who, PATH)).text();
    const version = /name="version" value="([^"]+)"/.exec(page)?.[1];
    expect(version).toMatch(/^[\w-]{22}$/);
    return version!;
  }

  it('refuses a save over a change made since the form was opened, and keeps what was typed', async () => {
    const other = await signedInCustomer(db(), { role: 'administrator' });
    const mine = await formVersion(manager);
    const theirs = await formVersion(other);
    expect(theirs).toBe(mine);
    const first = await http.post(other, PATH, {
      ...DEFAULT_FORM,
      security: nonceOf(other),
      version: theirs,
      issue_on: 'completed',
    });
    expect(first.headers.get('location')).toBe(`${PATH}?saved=yes`);
    const before = await auditCount();
    const late = await http.post(english(manager), PATH, {
      ...DEFAULT_FORM,
      security: nonceOf(manager),
      version: mine,
      tax_number: '111/222/33333',
    });
    expect(late.status).toBe(409);
    const page = await late.text();
    expect(page).toContain('Someone else changed the invoice settings since you opened this page.');
    expect(page).toContain('value="111/222/33333"');
    // The other change stands, nothing of the late form was saved.
    expect(await stored()).toMatchObject({
      'invoice.issue_on': 'completed',
      'invoice.tax_number': '231/123/45678',
    });
    expect(await auditCount()).toBe(before);
    // Saving again with the version now in force replaces the other change on purpose.
    const now = await formVersion(manager);
    expect(now).not.toBe(mine);
    expect(page).toContain(`name="version" value="${now}"`);
    const again = await http.post(manager, PATH, {
      ...DEFAULT_FORM,
      security: nonceOf(manager),
      version: now,
      tax_number: '111/222/33333',
    });
    expect(again.headers.get('location')).toBe(`${PATH}?saved=yes`);
    expect(await stored()).toMatchObject({
      'invoice.issue_on': 'paid',
      'invoice.tax_number': '111/222/33333',
    });
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const other = await signedInCustomer(db(), { role: 'shop_manager' });
    const version = await formVersion(manager);
    const answers = await Promise.all(
      [
        [manager, '401/000/00001'],
        [other, '402/000/00002'],
      ].map(([who, taxNumber]) =>
        http.post(who as SignedIn, PATH, {
          ...DEFAULT_FORM,
          security: nonceOf(who as SignedIn),
          version,
          tax_number: taxNumber as string,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const winner = answers[0]!.status === 302 ? '401/000/00001' : '402/000/00002';
    expect((await stored())['invoice.tax_number']).toBe(winner);
  });

  it('refuses a repeated or made-up version field', async () => {
    const security = nonceOf(manager);
    const version = await formVersion(manager);
    const repeated = new URLSearchParams({ ...DEFAULT_FORM, security, tax_number: '9/9/9' });
    repeated.append('version', version);
    repeated.append('version', version);
    const twice = await http.post(manager, PATH, repeated.toString());
    expect(twice.status).toBe(400);
    const madeUp = await http.post(manager, PATH, {
      ...DEFAULT_FORM,
      security,
      version: 'x',
      tax_number: '9/9/9',
    });
    expect(madeUp.status).toBe(409);
    for (const hostile of [TEN_KB, 'a\u0000b']) {
      const res = await http.post(manager, PATH, {
        ...DEFAULT_FORM,
        security,
        version: hostile,
        tax_number: '9/9/9',
      });
      expect([400, 409]).toContain(res.status);
    }
    expect((await stored())['invoice.tax_number']).toBe('231/123/45678');
  });
});

describe('hostile input', () => {
  it('changes nothing and answers with a message in the user’s language', async () => {
    const security = nonceOf(manager);
    const before = { settings: await stored(), audit: await auditCount() };
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({
        ...DEFAULT_FORM,
        issue_on: 'completed',
        security,
        ...fields,
      }).toString();
    const cases: [string, number, string][] = [
      [form({ tax_number: 'a\u0000b' }), 400, ''],
      [form({ invoice_pattern: TEN_KB }), 400, 'Das Nummernschema braucht'],
      [form({ tax_number: TEN_KB }), 400, 'Die Steuernummer darf'],
      [form({ issue_on: 'shipped' }), 400, 'Bitte wählen Sie'],
      [form({ attach_to_mail: 'maybe' }), 400, 'falscher Form'],
      [form({ invoice_pattern: 'RE-{YYYY}' }), 400, 'Das Nummernschema braucht'],
      [form({ cancellation_pattern: 'ST-{#####}' }), 400, 'Das Nummernschema braucht'],
      [form({ invoice_pattern: '../{YYYY}-{###}' }), 400, 'Das Nummernschema braucht'],
      [`${form({})}&issue_on=paid`, 400, 'mehrfach'],
      [`${form({})}&invoice_pattern[]=RE-{YYYY}-{###}`, 400, 'mehrfach'],
      [form({ security: 'forged' }), 403, 'Das Formular ist abgelaufen'],
      [
        new URLSearchParams({ ...DEFAULT_FORM, issue_on: 'completed' }).toString(),
        403,
        'abgelaufen',
      ],
      ['%%%', 403, 'abgelaufen'],
    ];
    for (const [body, status, text] of cases) {
      const res = await http.post(manager, PATH, body);
      const label = body.slice(0, 120);
      expect(res.status, label).toBe(status);
      const page = await res.text();
      expect(page, label).toContain('role="alert"');
      if (text) expect(page, label).toContain(text);
    }
    const english_ = await http.post(english(manager), PATH, form({ invoice_pattern: 'X' }));
    expect(english_.status).toBe(400);
    const page = await english_.text();
    expect(page).toContain('The number pattern needs');
    // The message is both in the summary (linked to the field) and beside the field.
    expect(page).toContain('href="#invoice-invoice-pattern"');
    expect(page).toContain('id="invoice-invoice-pattern-tip"');
    expect(await stored()).toEqual(before.settings);
    expect(await auditCount()).toBe(before.audit);
  });
});
