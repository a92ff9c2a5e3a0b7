// The cash on delivery fee on the payment settings page: shown with its default, German and
// English amounts saved and audited, hostile and out-of-range amounts refused beside the field.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { methodOrder } from '#app/domain/payments/payment-settings.rules.ts';
import { PAYMENT_SETTINGS_KEY, type PaymentSettings } from '#app/domain/payments/payments.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import type { TestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/payments';
const db = () => shop.database.db;

beforeAll(async () => {
  ({ shop } = await startCheckoutShop({ candleStock: 1 }));
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

async function stored(): Promise<PaymentSettings> {
  const [row] = await db().select().from(settings).where(eq(settings.key, PAYMENT_SETTINGS_KEY));
  return row!.value as PaymentSettings;
}

describe('the setting', () => {
  beforeEach(() => putSetting(db(), PAYMENT_SETTINGS_KEY, DEMO_PAYMENT_SETTINGS));

  const form = (codFee: string | string[] | null) => {
    const s = DEMO_PAYMENT_SETTINGS;
    const params = new URLSearchParams({
      security: sessionNonce({ idHash: manager.idHash } as never, shop.env),
      invoice_limit: '500,00',
      account_holder: s.bankAccount.accountHolder,
      bank_name: s.bankAccount.bankName,
      iban: s.bankAccount.iban,
      bic: s.bankAccount.bic,
    });
    for (const id of s.enabled) params.append('enabled', id);
    for (const id of methodOrder(s)) params.append('order', id);
    for (const c of s.codCountries) params.append('cod_countries', c);
    for (const v of codFee === null ? [] : Array.isArray(codFee) ? codFee : [codFee]) {
      params.append('cod_fee', v);
    }
    return params.toString();
  };

  it('shows the field with its default and saves German and English amounts, audited', async () => {
    const page = await (await http.get(manager, PATH)).text();
    expect(page).toContain('id="payments-cod-fee"');
    expect(page).toContain('Nachnahmegebühr');
    expect(page).toContain('Voreinstellung: 0,00 €');
    for (const [typed, cents] of [
      ['2,50', 250],
      ['3.5', 350],
      ['100', 10_000],
      ['', 0],
      ['0', 0],
    ] as const) {
      const res = await http.post(manager, PATH, form(typed));
      expect(res.status, typed).toBe(302);
      expect((await stored()).codFee, typed).toBe(cents);
    }
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, PAYMENT_SETTINGS_KEY)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.after).toMatchObject({ codFee: 0 });
    expect(entry!.before).toMatchObject({ codFee: 10_000 });
    // The audit list names the field and shows euros.
    const audited = await (await http.get(manager, PATH)).text();
    expect(audited).toContain('100,00 €');
    // A form without the field (sent before it existed) means no fee.
    await putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee: 250 });
    expect((await http.post(manager, PATH, form(null))).status).toBe(302);
    expect((await stored()).codFee).toBe(0);
  });

  it('refuses hostile and out-of-range amounts beside the field, in German and English', async () => {
    await putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee: 250 });
    const before = JSON.stringify(await stored());
    const cases: [string, string][] = [
      [form('abc'), 'zwischen 0 und 100'],
      [form('-1'), 'zwischen 0 und 100'],
      [form('100,01'), 'zwischen 0 und 100'],
      [form('1e2'), 'zwischen 0 und 100'],
      [form('2,505'), 'zwischen 0 und 100'],
      // Control characters are refused for the whole form, naming the field.
      [form('a\u0000b'), 'Ungültiger Parameter: cod_fee'],
      [form('\u0000'), 'Ungültiger Parameter: cod_fee'],
      [form(TEN_KB), 'mehrfach oder in falscher Form'],
      [form(['1', '2']), 'mehrfach oder in falscher Form'],
      [`${form('1')}&cod_fee[]=2`, 'mehrfach oder in falscher Form'],
    ];
    for (const [sent, text] of cases) {
      const res = await http.post(manager, PATH, sent);
      const label = sent.slice(-80);
      expect(res.status, label).toBe(400);
      const page = await res.text();
      expect(page, label).toContain(text);
      if (text.startsWith('zwischen')) {
        expect(page, label).toContain('id="payments-cod-fee-tip"');
      }
    }
    const english = await http.post({ cookie: `lang=en; ${manager.cookie}` }, PATH, form('abc'));
    expect(english.status).toBe(400);
    expect(await english.text()).toContain('from 0 to 100');
    expect(JSON.stringify(await stored())).toBe(before);
  });
});
