// The mails section of the settings area through its no-JS forms: the sender on a real order
// mail, a switched-off mail not sent while a required one is, previews in de and en escaped,
// the test send through the outbox folder, hostile input, a stale version, and who may open it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { orderNotes } from '#app/domain/orders/orders.schema.ts';
import { MAIL_SETTING_KEYS } from '#app/domain/settings/mail-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { outboxSettled } from '../support/outbox.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
const http = customerRequests(() => shop.url);
const PAGE = '/admin/settings/mails';
const XSS = '<script>alert(1)</script>';

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 500 }));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

/** Every switch on, as the form sends it. */
const ALL_ON = Object.fromEntries(
  MAIL_SETTING_KEYS.filter((k) => k.startsWith('mails.enabled.')).map((k) => [
    `on_${k.slice('mails.enabled.'.length)}`,
    'yes',
  ]),
);

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  await db().delete(settings).where(inArray(settings.key, MAIL_SETTING_KEYS));
});

async function formVersion(who: SignedIn) {
  const page = await (await http.get(who, PAGE)).text();
  const version = /name="version" value="([^"]+)"/.exec(page)?.[1];
  expect(version).toMatch(/^[\w-]{22}$/);
  return version!;
}

async function save(who: SignedIn, fields: Record<string, string>) {
  return http.post(who, PAGE, {
    security: nonceOf(who),
    intent: 'settings',
    version: await formVersion(who),
    sender_name: '',
    sender_address: '',
    ...ALL_ON,
    ...fields,
  });
}

/** Places an order through the Store API, as a shopper does; the name marks its mails. */
async function placeOrder(firstName: string) {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
  const res = await client.post('/checkout', {
    billing_address: { ...GERMAN_BILLING, first_name: firstName },
    payment_method: 'bacs',
    additional_fields: { terms: true },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { order_id: number; order_number: string };
}

const decode = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

/** The mails written to the outbox folder, decoded. */
function outboxMails(): string[] {
  const dir = path.join(shop.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => decode(readFileSync(path.join(dir, f), 'utf8')));
}

const alertOf = (page: string) => /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';

describe('the sender and the switches', () => {
  it('puts the saved sender in the From of a real order mail, and audits the change', async () => {
    const res = await save(manager, {
      sender_name: 'Kerzenwerk Lindner',
      sender_address: 'post@kerzenwerk.example',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PAGE}?saved=yes`);
    const order = await placeOrder('Absenderprobe');
    await outboxSettled(shop);
    const confirmation = outboxMails().find(
      (m) => m.includes(String(order.order_number)) && /To: erika@example\.org/.test(m),
    );
    expect(confirmation).toBeDefined();
    expect(confirmation).toMatch(/From: "?Kerzenwerk Lindner"? <post@kerzenwerk\.example>/);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'mails.sender')));
    expect(audit.at(-1)!.after).toEqual({
      value: { name: 'Kerzenwerk Lindner', address: 'post@kerzenwerk.example' },
    });
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('post@kerzenwerk.example');
    expect(page).toContain('Letzte Änderungen');
  });

  it('shows the default sender while none is set', async () => {
    const page = await (await http.get(manager, PAGE)).text();
    const host = new URL(shop.env.SHOP_URL).hostname;
    expect(page).toContain(`Solange nicht gesetzt: „shop@${host}“.`);
    expect(page).toContain('Immer an');
    const order = await placeOrder('Standardprobe');
    await outboxSettled(shop);
    const mail = outboxMails().find((m) => m.includes(String(order.order_number)));
    expect(mail).toMatch(new RegExp(`From: "?Ladenzeile"? <shop@${host.replaceAll('.', '\\.')}>`));
  });

  it('skips a switched-off mail and notes it on the order, while the confirmation still goes', async () => {
    const { on_new_order_notice: _, ...rest } = ALL_ON;
    const res = await http.post(manager, PAGE, {
      security: nonceOf(manager),
      intent: 'settings',
      version: await formVersion(manager),
      sender_name: '',
      sender_address: '',
      ...rest,
    });
    expect(res.status).toBe(302);
    const order = await placeOrder('Schalterprobe');
    await outboxSettled(shop);
    const mails = outboxMails().filter((m) => m.includes(String(order.order_number)));
    expect(mails.some((m) => /To: erika@example\.org/.test(m))).toBe(true);
    expect(mails.some((m) => /To: shop@example\.org/.test(m))).toBe(false);
    const notes = await db()
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.order_id));
    expect(notes.map((n) => n.code)).toContain('admin.mailSettings.skipped.new_order_notice');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'setting'),
          eq(auditLog.entityId, 'mails.enabled.new_order_notice'),
        ),
      );
    expect(audit.at(-1)!.after).toEqual({ value: false });
    // Switched on again, the notice goes out for the next order.
    expect((await save(manager, {})).status).toBe(302);
    const next = await placeOrder('Schalterprobe');
    await outboxSettled(shop);
    const again = outboxMails().filter((m) => m.includes(String(next.order_number)));
    expect(again.some((m) => /To: shop@example\.org/.test(m))).toBe(true);
  });

  it('refuses a save over someone else’s newer change with 409', async () => {
    const stale = await formVersion(manager);
    expect((await save(manager, { sender_name: 'Erster' })).status).toBe(302);
    const res = await http.post(manager, PAGE, {
      security: nonceOf(manager),
      intent: 'settings',
      version: stale,
      sender_name: 'Zweiter',
      sender_address: '',
      ...ALL_ON,
    });
    expect(res.status).toBe(409);
    const [row] = await db().select().from(settings).where(eq(settings.key, 'mails.sender'));
    expect(row!.value).toMatchObject({ name: 'Erster' });
  });
});

describe('previews', () => {
  it('renders every mail of the latest order in de and en, escaped, without writing', async () => {
    const order = await placeOrder(XSS);
    await outboxSettled(shop);
    const notesBefore = (await db().select().from(orderNotes)).length;
    const de = await (await http.get(manager, `${PAGE}?preview=order_confirmation&lang=de`)).text();
    expect(de).toContain(`Bestellung ${order.order_number}`);
    expect(de).toContain('Kerze');
    expect(de).toContain('Widerrufsbelehrung');
    expect(de).not.toContain(XSS);
    expect(de).toContain('&lt;script');
    // The HTML part on a page of its own, locked down by its headers, for staff only.
    const htmlPath = '/admin/settings/mails/preview.html?preview=order_confirmation&amp;lang=de';
    expect(de).toContain(`href="${htmlPath}"`);
    const html = await http.get(manager, htmlPath.replace('&amp;', '&'));
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    const htmlText = await html.text();
    expect(htmlText).toContain(`${order.order_number}`);
    expect(htmlText).not.toContain(XSS);
    const stranger = await http.get(await signedInCustomer(db()), htmlPath.replace('&amp;', '&'));
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).not.toContain(`${order.order_number}`);
    const en = await (await http.get(manager, `${PAGE}?preview=order_shipped&lang=en`)).text();
    expect(en).toContain(`order ${order.order_number} has been shipped`);
    // The lines as the order recorded them.
    expect(en).toContain('Kerze');
    expect(en).not.toContain(XSS);
    for (const kind of [
      'order_status',
      'order_refund',
      'customer_note',
      'payment_request',
      'subscription_renewal',
      'subscription_cancelled',
      'withdrawal_receipt',
      'withdrawal_notice',
      'account_activation',
      'password_reset',
      'staff_invite',
      'new_order_notice',
      'stock_notice',
    ]) {
      for (const lang of ['de', 'en']) {
        const res = await http.get(manager, `${PAGE}?preview=${kind}&lang=${lang}`);
        expect(res.status, kind).toBe(200);
        const page = await res.text();
        expect(page, kind).toContain('data-testid="preview-subject"');
        expect(page, kind).not.toContain(XSS);
      }
    }
    // Nothing sent, nothing written.
    const before = outboxMails().length;
    expect((await db().select().from(orderNotes)).length).toBe(notesBefore);
    expect(outboxMails().length).toBe(before);
    // An unknown kind is no preview, and no error.
    const odd = await http.get(manager, `${PAGE}?preview=%3Cscript%3E&lang=xx`);
    expect(odd.status).toBe(200);
  });
});

describe('test send', () => {
  it('sends the chosen mail in the chosen language to the staff member, then limits', async () => {
    await placeOrder('Testversand');
    await outboxSettled(shop);
    const before = outboxMails().length;
    const res = await http.post(english(manager), PAGE, {
      security: nonceOf(manager),
      intent: 'test',
      mail: 'order_shipped',
      lang: 'en',
      to: '',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`sent to ${manager.customer.email}`);
    const mails = outboxMails();
    expect(mails.length).toBe(before + 1);
    const sent = mails.find((m) => m.includes(`To: ${manager.customer.email}`));
    expect(sent).toContain('[Test] Your Ladenzeile order');
    // A typed address, in German.
    const typed = await http.post(manager, PAGE, {
      security: nonceOf(manager),
      intent: 'test',
      mail: 'password_reset',
      lang: 'de',
      to: 'pruefung@example.org',
    });
    expect(typed.status).toBe(200);
    expect(outboxMails().some((m) => /To: pruefung@example\.org/.test(m))).toBe(true);
    // Ten a minute per staff member, counted in the audit log (shared by every instance):
    // of twelve sent at once, the eight left go out.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const r = await http.post(manager, PAGE, {
          security: nonceOf(manager),
          intent: 'test',
          mail: 'account_exists',
          lang: 'de',
          to: '',
        });
        return r.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const logged = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mail'), eq(auditLog.actorId, manager.customer.id)));
    expect(logged).toHaveLength(10);
    expect(logged.map((e) => e.action)).toEqual(Array(10).fill('test_send'));
    expect(logged.find((e) => e.entityId === 'password_reset')?.after).toEqual({
      to: 'pruefung@example.org',
      lang: 'de',
    });
  });
});

describe('hostile input', () => {
  it('refuses header injection, control characters, long and repeated fields with 400', async () => {
    const version = await formVersion(manager);
    const base = {
      security: nonceOf(manager),
      intent: 'settings',
      version,
      sender_name: '',
      sender_address: '',
      ...ALL_ON,
    };
    const cases: [Record<string, string> | string, RegExp][] = [
      [{ ...base, sender_name: 'Shop\r\nBcc: opfer@example.org' }, /Zeilenumbrüche/],
      [{ ...base, sender_address: 'a@b.example\r\nBcc: opfer@example.org' }, /Zeilenumbrüche/],
      [{ ...base, sender_address: 'a@b.example\nBcc:x@y.z' }, /Zeilenumbrüche/],
      [{ ...base, sender_name: 'Shop\u0000' }, /./],
      [{ ...base, sender_name: 'Evil" <x@y.z>' }, /Anführungszeichen/],
      [{ ...base, sender_address: 'kein-at' }, /gültige E-Mail-Adresse/],
      [{ ...base, sender_address: 'a@b.example, c@d.example' }, /gültige E-Mail-Adresse/],
      [{ ...base, sender_name: TEN_KB }, /Höchstens 80/],
      [{ ...base, on_order_status: 'true' }, /ungültig/],
      [`${new URLSearchParams(base).toString()}&sender_name=a&sender_name=b`, /ungültig/],
      [`${new URLSearchParams(base).toString()}&sender_name[]=a`, /ungültig/],
    ];
    for (const [fields, message] of cases) {
      const res = await http.post(manager, PAGE, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      const page = await res.text();
      expect(alertOf(page)).toMatch(message);
    }
    const tests: Record<string, string>[] = [
      { mail: 'order_shipped', lang: 'de', to: 'x@y.example\r\nBcc: opfer@example.org' },
      { mail: 'nope', lang: 'de', to: '' },
      { mail: 'order_shipped', lang: 'fr', to: '' },
      { mail: 'order_shipped', lang: 'de', to: TEN_KB },
    ];
    for (const fields of tests) {
      const res = await http.post(manager, PAGE, {
        security: nonceOf(manager),
        intent: 'test',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    const stored = await db()
      .select()
      .from(settings)
      .where(inArray(settings.key, MAIL_SETTING_KEYS));
    expect(stored).toHaveLength(0);
    // Without the page's nonce nothing happens.
    const forged = await http.post(manager, PAGE, { ...base, security: 'forged' });
    expect(forged.status).toBe(403);
  });
});

describe('who may open it', () => {
  it('shows the page to staff and in the overview; the 404 page to everyone else', async () => {
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toContain('Bestellbestätigung');
    expect(page).toContain('Gesetzlich vorgeschrieben');
    expect(await (await http.get(english(manager), PAGE)).text()).toContain('Order confirmation');
    const overview = await (await http.get(manager, '/admin/settings')).text();
    expect(overview).toContain(`href="${PAGE}"`);
    const customer = await signedInCustomer(db());
    for (const who of [customer, { cookie: '' }]) {
      expect((await http.get(who, PAGE)).status).toBe(404);
      expect((await http.get(who, `${PAGE}?preview=order_confirmation&lang=de`)).status).toBe(404);
      const post = await http.post(who, PAGE, {
        intent: 'test',
        mail: 'order_shipped',
        lang: 'de',
        to: 'x@example.org',
      });
      expect(post.status).toBe(404);
    }
  });
});
