// The payment settings page (/admin/settings/payments) through its no-JS form: who may open it,
// saving with its audit entry, the order of the methods, hostile input refused, and what the
// Store API's checkout offers afterwards.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { ALL_METHOD_IDS, methodOrder } from '#app/domain/payments/payment-settings.rules.ts';
import { PAYMENT_SETTINGS_KEY, type PaymentSettings } from '#app/domain/payments/payments.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/payments';

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 1000 }));
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

async function stored(): Promise<PaymentSettings> {
  const [row] = await db().select().from(settings).where(eq(settings.key, PAYMENT_SETTINGS_KEY));
  return row!.value as PaymentSettings;
}

async function auditCount() {
  const rows = await db()
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, PAYMENT_SETTINGS_KEY)));
  return rows.length;
}

type Form = {
  enabled: string[];
  order: string[];
  cod_countries: string[];
  invoice_limit: string;
  account_holder: string;
  bank_name: string;
  iban: string;
  bic: string;
  move?: string;
  version?: string;
};

/** The form as the page sends it with the demo settings in force. */
function demoForm(): Form {
  const s = DEMO_PAYMENT_SETTINGS;
  return {
    enabled: [...s.enabled],
    order: methodOrder(s),
    cod_countries: [...s.codCountries],
    invoice_limit: '500,00',
    account_holder: s.bankAccount.accountHolder,
    bank_name: s.bankAccount.bankName,
    iban: s.bankAccount.iban,
    bic: s.bankAccount.bic,
  };
}

function body(form: Form, security: string): URLSearchParams {
  const params = new URLSearchParams({ security });
  for (const [name, value] of Object.entries(form)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v as string);
  }
  return params;
}

const save = (who: SignedIn | { cookie: string }, form: Form, security: string) =>
  http.post(who, PATH, body(form, security).toString());

/** The payment methods the Store API offers a German cart holding a candle. */
async function offered(client?: StoreClient) {
  const store = client ?? (await StoreClient.start(shop.url));
  if (!client) {
    expect((await store.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    await store.post('/cart/update-customer', {
      billing_address: GERMAN_BILLING,
      shipping_address: { country: 'DE' },
    });
  }
  const res = await fetch(`${shop.url}/wc/store/v1/checkout`, {
    headers: { cookie: store.cookieHeader },
  });
  expect(res.status).toBe(200);
  const draft = await res.json();
  return { store, methods: draft.__experimentalCart.payment_methods as string[] };
}

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // As the demo shop saved them before this page existed: no stored order.
  await putSetting(db(), PAYMENT_SETTINGS_KEY, DEMO_PAYMENT_SETTINGS);
});

describe('who may open it', () => {
  it('shows the page to shop managers and administrators, the 404 page to others', async () => {
    const admin = await signedInCustomer(db(), { role: 'administrator' });
    const customer = await signedInCustomer(db());
    for (const who of [manager, admin]) {
      const res = await http.get(who, PATH);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain('Zahlungsarten und Reihenfolge');
      expect(page).toContain('Nachnahme');
      expect(page).toContain('value="DE02 1203 0000 0000 2020 51"');
      expect(page).toContain('Stripe: keine Schlüssel in der Umgebung');
      expect(page).toContain('Voreinstellung: 500,00 €');
    }
    const en = await (await http.get(english(manager), PATH)).text();
    expect(en).toContain('Payment methods and order');
    expect(en).toContain('value="500.00"');
    const overview = await (await http.get(manager, '/admin/settings')).text();
    expect(overview).toContain(`href="${PATH}"`);
    for (const cookie of ['', customer.cookie]) {
      const res = await http.get({ cookie }, PATH);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('admin-nav');
      const post = await save({ cookie }, { ...demoForm(), enabled: ['invoice'] }, 'x');
      expect(post.status).toBe(404);
    }
    expect((await stored()).enabled).toContain('cod');
  });
});

describe('saving', () => {
  it('saves the form with one audit entry, and nothing for an unchanged form', async () => {
    const security = nonceOf(manager);
    const before = await auditCount();
    const unchanged = await save(manager, demoForm(), security);
    expect(unchanged.headers.get('location')).toBe(`${PATH}?saved=unchanged`);
    expect(await auditCount()).toBe(before);

    const res = await save(
      manager,
      {
        ...demoForm(),
        enabled: demoForm().enabled.filter((id) => id !== 'cod'),
        cod_countries: ['AT'],
        invoice_limit: '250,5',
        account_holder: ' Kerzen Müller GmbH ',
        bank_name: 'Sparkasse Leipzig',
        iban: 'de89370400440532013000',
        bic: 'cobadeffxxx',
      },
      security,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PATH}?saved=yes`);
    const now = await stored();
    expect(now).toMatchObject({
      enabled: DEMO_PAYMENT_SETTINGS.enabled.filter((id) => id !== 'cod'),
      invoiceLimit: 25_050,
      codCountries: ['AT'],
      bankAccount: {
        accountHolder: 'Kerzen Müller GmbH',
        bankName: 'Sparkasse Leipzig',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
      },
    });
    expect(now.order).toEqual(methodOrder(DEMO_PAYMENT_SETTINGS));
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, PAYMENT_SETTINGS_KEY)))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(before);
    expect(entry).toMatchObject({
      actorId: manager.customer.id,
      channel: 'admin',
      actorLabel: manager.customer.email,
      action: 'update',
    });
    // Only the changed fields, each side.
    expect(Object.keys(entry!.after!).sort()).toEqual(
      [
        'accountHolder',
        'bankName',
        'bic',
        'codCountries',
        'enabled',
        'iban',
        'invoiceLimit',
      ].sort(),
    );
    expect(entry!.before).toMatchObject({ invoiceLimit: 50_000, codCountries: ['AT', 'DE'] });
    expect(entry!.after).toMatchObject({
      invoiceLimit: 25_050,
      iban: 'DE89 3704 0044 0532 0130 00',
    });

    const page = await (await http.get(manager, `${PATH}?saved=yes`)).text();
    expect(page).toContain('Die Zahlungseinstellungen sind gespeichert.');
    expect(page).toContain('Letzte Änderungen');
    expect(page).toContain('Rechnungsgrenze');
    expect(page).toContain('250,50 €');
    expect(page).toContain('value="250,50"');
    // The invoice limit applies to the next cart at once: a 12,90 € candle is under it.
    const { methods } = await offered();
    expect(methods).not.toContain('cod');
    expect(methods).toContain('invoice');
  });

  it('moves a method a place with the move buttons; the checkout offers them in that order', async () => {
    const security = nonceOf(manager);
    expect((await offered()).methods.slice(0, 3)).toEqual(['bacs', 'invoice', 'cod']);
    const up = await save(manager, { ...demoForm(), move: 'up:cod' }, security);
    expect(up.headers.get('location')).toBe(`${PATH}?saved=yes#payments-order`);
    expect((await stored()).order!.slice(0, 3)).toEqual(['bacs', 'cod', 'invoice']);
    const first = await save(
      manager,
      { ...demoForm(), order: (await stored()).order!, move: 'up:cod' },
      security,
    );
    expect(first.status).toBe(302);
    const top = await save(
      manager,
      { ...demoForm(), order: (await stored()).order!, move: 'up:cod' },
      security,
    );
    expect(top.headers.get('location')).toBe(`${PATH}?saved=unchanged#payments-order`);
    const now = await stored();
    expect(now.order!.slice(0, 3)).toEqual(['cod', 'bacs', 'invoice']);
    expect(now.enabled.slice(0, 3)).toEqual(['cod', 'bacs', 'invoice']);
    expect((await offered()).methods.slice(0, 3)).toEqual(['cod', 'bacs', 'invoice']);
    // A switched-off method keeps its place: switched on again, it comes back there.
    const order = now.order!;
    const off = await save(
      manager,
      { ...demoForm(), order, enabled: now.enabled.filter((id) => id !== 'bacs') },
      security,
    );
    expect(off.status).toBe(302);
    expect((await offered()).methods.slice(0, 2)).toEqual(['cod', 'invoice']);
    await save(manager, { ...demoForm(), order, enabled: now.enabled }, security);
    expect((await offered()).methods.slice(0, 3)).toEqual(['cod', 'bacs', 'invoice']);
    // The whole order can be sent as well, as the page does after moves.
    const reversed = [...ALL_METHOD_IDS].reverse();
    await save(manager, { ...demoForm(), order: reversed }, security);
    const methods = (await offered()).methods;
    expect(methods.indexOf('cod')).toBeLessThan(methods.indexOf('invoice'));
    expect(methods.indexOf('invoice')).toBeLessThan(methods.indexOf('bacs'));
  });

  it('a method switched off is neither offered nor usable in the Store API checkout', async () => {
    const before = await offered();
    expect(before.methods).toContain('cod');
    const res = await save(
      manager,
      { ...demoForm(), enabled: demoForm().enabled.filter((id) => id !== 'cod') },
      nonceOf(manager),
    );
    expect(res.status).toBe(302);
    // The cart made before the change sees it too.
    const after = await offered(before.store);
    expect(after.methods).not.toContain('cod');
    expect(after.methods).toContain('bacs');
    const refused = await before.store.post('/checkout', {
      billing_address: GERMAN_BILLING,
      payment_method: 'cod',
      additional_fields: { terms: true },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('woocommerce_rest_checkout_payment_method_disabled');
    // Switched on again, the same cart places its order with it.
    await save(manager, demoForm(), nonceOf(manager));
    const placed = await before.store.post('/checkout', {
      billing_address: GERMAN_BILLING,
      payment_method: 'cod',
      additional_fields: { terms: true },
    });
    expect(placed.status).toBe(200);
    expect((await placed.json()).payment_method).toBe('cod');
  });

  it('limits cash on delivery to the chosen countries', async () => {
    await save(manager, { ...demoForm(), cod_countries: ['AT'] }, nonceOf(manager));
    expect((await offered()).methods).not.toContain('cod');
  });
});

describe('two staff members at once', () => {
  async function formVersion(who: SignedIn) {
    const page = await (await http.get(who, PATH)).text();
    const version = /name="version" value="([^"]+)"/.exec(page)?.[1];
    expect(version).toMatch(/^[\w-]{22}$/);
    return version!;
  }

  it('refuses a save over a change made since the form was opened, and keeps what was typed', async () => {
    const other = await signedInCustomer(db(), { role: 'administrator' });
    const mine = await formVersion(manager);
    expect(await formVersion(other)).toBe(mine);
    const first = await save(
      other,
      { ...demoForm(), version: mine, invoice_limit: '100' },
      nonceOf(other),
    );
    expect(first.headers.get('location')).toBe(`${PATH}?saved=yes`);
    const before = await auditCount();
    const late = await save(
      english(manager),
      { ...demoForm(), version: mine, bank_name: 'Spätbank' },
      nonceOf(manager),
    );
    expect(late.status).toBe(409);
    const page = await late.text();
    expect(page).toContain('Someone else changed the payment settings');
    expect(page).toContain('value="Spätbank"');
    const now = await formVersion(manager);
    expect(page).toContain(`name="version" value="${now}"`);
    expect((await stored()).invoiceLimit).toBe(10_000);
    expect((await stored()).bankAccount.bankName).toBe('Musterbank Leipzig');
    expect(await auditCount()).toBe(before);
  });
});

describe('hostile input', () => {
  it('changes nothing and answers with a message in the user’s language', async () => {
    const security = nonceOf(manager);
    const before = { settings: await stored(), audit: await auditCount() };
    const form = (fields: Partial<Form>) => body({ ...demoForm(), ...fields }, security).toString();
    const cases: [string, number, string][] = [
      [form({ iban: 'DE89 3704 0044 0532 0130 01' }), 400, 'Diese IBAN ist ungültig'],
      [form({ iban: 'DE00' }), 400, 'Diese IBAN ist ungültig'],
      [form({ iban: TEN_KB }), 400, 'mehrfach oder in falscher Form'],
      [form({ iban: '' }), 400, 'Vorkasse kann nur mit einer IBAN eingeschaltet werden'],
      [form({ bic: 'BYLADEM' }), 400, 'Dieser BIC ist ungültig'],
      [form({ bic: 'a\u0000b' }), 400, 'Dieser BIC ist ungültig'],
      [form({ account_holder: 'a\u0000b' }), 400, 'ohne Steuerzeichen'],
      [form({ account_holder: 'x'.repeat(150) }), 400, 'Höchstens 100 Zeichen'],
      [form({ enabled: ['cod', 'paypal'] }), 400, 'kennt der Shop nicht'],
      [form({ enabled: ['cod', 'cod'] }), 400, 'kennt der Shop nicht'],
      [form({ order: ['cod', 'bacs'] }), 400, 'kennt der Shop nicht'],
      [form({ order: [...ALL_METHOD_IDS.slice(1), 'paypal'] }), 400, 'kennt der Shop nicht'],
      [form({ move: 'up:paypal' }), 400, 'kennt der Shop nicht'],
      [form({ move: 'sideways:cod' }), 400, 'kennt der Shop nicht'],
      [form({ enabled: [TEN_KB] }), 400, 'mehrfach oder in falscher Form'],
      [form({ cod_countries: ['XX'] }), 400, 'in die der Shop versendet'],
      [form({ cod_countries: ['DE', 'a\u0000b'] }), 400, 'in die der Shop versendet'],
      [form({ invoice_limit: 'abc' }), 400, 'einen Betrag in Euro'],
      [form({ invoice_limit: '-5' }), 400, 'einen Betrag in Euro'],
      [form({ invoice_limit: '1e5' }), 400, 'einen Betrag in Euro'],
      [form({ invoice_limit: '12,345' }), 400, 'einen Betrag in Euro'],
      [form({ invoice_limit: '' }), 400, 'einen Betrag in Euro'],
      [`${form({})}&iban=DE89370400440532013000`, 400, 'mehrfach'],
      [`${form({})}&invoice_limit[]=5`, 400, 'mehrfach'],
      [`${form({})}&move=up:cod&move=down:cod`, 400, 'mehrfach'],
      [`${form({})}&version=a&version=b`, 400, 'mehrfach'],
      [form({ version: 'x' }), 409, 'Jemand anderes'],
      [body(demoForm(), 'forged').toString(), 403, 'Das Formular ist abgelaufen'],
      ['%%%', 403, 'abgelaufen'],
    ];
    for (const [sent, status, text] of cases) {
      const res = await http.post(manager, PATH, sent);
      const label = sent.slice(0, 160);
      expect(res.status, label).toBe(status);
      const page = await res.text();
      expect(page, label).toContain('role="alert"');
      expect(page, label).toContain(text);
    }
    const en = await http.post(
      english(manager),
      PATH,
      form({ iban: 'DE00 1234 5678 9012 3456 78' }),
    );
    expect(en.status).toBe(400);
    const page = await en.text();
    expect(page).toContain('This IBAN is invalid');
    expect(page).toContain('href="#payments-iban"');
    expect(page).toContain('id="payments-iban-tip"');
    expect(page).toContain('value="DE00 1234 5678 9012 3456 78"');
    const noIban = await http.post(english(manager), PATH, form({ iban: '' }));
    expect(await noIban.text()).toContain('Bank transfer can only be switched on with an IBAN');
    expect(await stored()).toEqual(before.settings);
    expect(await auditCount()).toBe(before.audit);
  }, 90_000);

  it('lets bank transfer be switched off with the IBAN removed', async () => {
    const res = await save(
      manager,
      { ...demoForm(), iban: '', bic: '', enabled: ['invoice', 'cod'] },
      nonceOf(manager),
    );
    expect(res.status).toBe(302);
    expect((await stored()).enabled).toEqual(['invoice', 'cod']);
    expect((await offered()).methods).toEqual(['invoice', 'cod']);
  });
});
