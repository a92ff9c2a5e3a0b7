// A shop started without the demo: only the payment methods that need nothing entered, and the
// payment settings page saying what a switched-on method still lacks.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodOrder } from '#app/domain/payments/payment-settings.rules.ts';
import { storeStartPaymentSettings } from '#app/domain/payments/payment-settings.server.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_SETTINGS_KEY,
  startPaymentSettings,
} from '#app/domain/payments/payments.ts';
import { DEFAULT_STRIPE_GATEWAYS } from '#app/domain/payments/stripe/methods.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { alertOf } from '../support/settings-forms.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/payments';

beforeAll(async () => {
  shop = await startTestShop();
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1290,
  });
  candle = product.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

async function stored() {
  const [row] = await db().select().from(settings).where(eq(settings.key, PAYMENT_SETTINGS_KEY));
  return row?.value as { enabled: string[] } | undefined;
}

/** The payment form with these methods on and the bank account as given. */
function form(enabled: string[], bank: { holder: string; iban: string }, security: string) {
  const params = new URLSearchParams({ security });
  for (const id of enabled) params.append('enabled', id);
  for (const id of methodOrder(DEFAULT_PAYMENT_SETTINGS)) params.append('order', id);
  params.append('cod_countries', 'DE');
  params.append('invoice_limit', '500,00');
  params.append('account_holder', bank.holder);
  params.append('bank_name', '');
  params.append('iban', bank.iban);
  params.append('bic', '');
  return params.toString();
}

describe('the start methods', () => {
  it('leave out bank transfer, and card payment unless Stripe or development stands behind it', () => {
    expect(startPaymentSettings(false).enabled).toEqual(['invoice', 'cod']);
    expect(startPaymentSettings(true).enabled).toEqual([
      'invoice',
      'cod',
      ...DEFAULT_STRIPE_GATEWAYS,
    ]);
    expect(startPaymentSettings(false).bankAccount.iban).toBe('');
  });
});

describe('a shop without the demo', () => {
  let manager: SignedIn;
  beforeAll(async () => {
    manager = await signedInCustomer(db(), { role: 'shop_manager' });
  });

  it('says which switched-on methods are not ready while the old defaults are in force', async () => {
    const page = await (await http.get(manager, PATH)).text();
    // The rendered notes, not the page's message catalog.
    expect(page).toMatch(
      /admin-payments-missing-summary">Eingeschaltet, aber noch nicht bereit für Zahlungen: [^<]*Vorkasse/,
    );
    expect(page).toMatch(
      /class="admin-payments-missing"[^>]*>Eingeschaltet, aber im Checkout noch nicht sichtbar: Es fehlen Kontoinhaber und IBAN/,
    );
    expect(page).toMatch(/class="admin-payments-missing"[^>]*>Ohne Stripe-Schlüssel eingeschaltet/);
    expect(page).toMatch(/aria-describedby="[^"]*-missing [^"]*-hint"/);
    const english = await (await http.get({ cookie: `lang=en; ${manager.cookie}` }, PATH)).text();
    expect(english).toMatch(
      /admin-payments-missing-summary">Switched on but not ready to take payments: /,
    );
  });

  it('stores the start methods once, and the checkout offers only those', async () => {
    expect(await storeStartPaymentSettings(db(), shop.env)).toBe(true);
    // The test shop runs the sandbox outside development: no card payment.
    expect((await stored())?.enabled).toEqual(['invoice', 'cod']);
    expect(await storeStartPaymentSettings(db(), shop.env)).toBe(false);
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    const cart = await client.cart();
    expect(cart.payment_methods).toContain('invoice');
    expect(cart.payment_methods).not.toContain('bacs');
    expect(cart.payment_methods).not.toContain('stripe');
    const page = await (await http.get(manager, PATH)).text();
    expect(page).not.toContain('admin-payments-missing-summary"');
    expect(page).not.toContain('class="admin-payments-missing"');
  });

  it('refuses bank transfer without the account holder or the IBAN, and takes it with both', async () => {
    const security = nonceOf(manager);
    const noHolder = await http.post(
      manager,
      PATH,
      form(['invoice', 'bacs'], { holder: '', iban: 'DE02 1203 0000 0000 2020 51' }, security),
    );
    expect(noHolder.status).toBe(400);
    expect(alertOf(await noHolder.text())).toContain('nur mit Kontoinhaber');
    const noIban = await http.post(
      manager,
      PATH,
      form(['invoice', 'bacs'], { holder: 'Kerzenwerk Lindner', iban: '' }, security),
    );
    expect(noIban.status).toBe(400);
    expect(alertOf(await noIban.text())).toContain('nur mit einer IBAN');
    expect((await stored())?.enabled).toEqual(['invoice', 'cod']);

    const both = await http.post(
      manager,
      PATH,
      form(
        ['invoice', 'bacs'],
        { holder: 'Kerzenwerk Lindner', iban: 'DE02 1203 0000 0000 2020 51' },
        security,
      ),
    );
    expect(both.status).toBe(302);
    expect((await stored())?.enabled).toEqual(['bacs', 'invoice']);
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: candle, quantity: 1 });
    expect((await client.cart()).payment_methods).toContain('bacs');
  });
});
