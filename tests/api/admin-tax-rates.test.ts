// The VAT rates of the tax settings page (/admin/settings/tax) through its no-JS form: a changed
// rate in force in the cart, the checkout and the order, the second reduced rate on a sale to
// France, audit entries, stale saves and hostile input refused in German and English.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf } from '../support/settings-forms.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let mug: number;
let book: number;
let manager: SignedIn;
const http = customerRequests(() => shop.url);
const PATH = '/admin/settings/tax';
const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);
const english = (who: SignedIn) => ({ cookie: `lang=en; ${who.cookie}` });

const PARIS = {
  first_name: 'Claire',
  last_name: 'Martin',
  address_1: '1 Rue de Rivoli',
  city: 'Paris',
  postcode: '75001',
  country: 'FR',
  email: 'claire@example.org',
  phone: '+33 1 23 45 67 89',
};

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(db());
  await seedDemoCheckout(db());
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  mug = (await createProduct(db(), { name: { de: 'Becher', en: 'Mug' }, regularPrice: 11900 }))
    .product.id;
  book = (
    await createProduct(db(), {
      name: { de: 'Bildband', en: 'Picture book' },
      regularPrice: 2200,
      taxClass: 'reduced2',
    })
  ).product.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** The rates form as the page shows it: every field with its value, and the form's version. */
async function ratesForm(who: { cookie: string }) {
  const page = await (await http.get(who, PATH)).text();
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/name="(rate_[A-Z]{2}_\w+)"[^>]*value="([^"]*)"/g)) {
    fields[name!] = value!;
  }
  const version = /value="tax-rates"[\s\S]*?name="version" value="([^"]+)"/.exec(page)![1]!;
  return { page, fields, version };
}

async function saveRates(changes: Record<string, string>, version?: string) {
  const form = await ratesForm(manager);
  return http.post(manager, PATH, {
    security: nonceOf(manager),
    intent: 'tax-rates',
    version: version ?? form.version,
    ...form.fields,
    ...changes,
  });
}

async function ossAndPrices(oss: boolean, pricesIncludeTax = true) {
  const res = await http.post(manager, PATH, {
    security: nonceOf(manager),
    ...(oss ? { oss: 'yes' } : {}),
    ...(pricesIncludeTax ? { prices_include_tax: 'yes' } : {}),
  });
  expect(res.status).toBe(302);
}

const rateAudits = async () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'setting'), like(auditLog.entityId, 'tax.rates.%')));

async function placeOrder(client: StoreClient, billing: Record<string, string>) {
  const res = await client.post('/checkout', {
    billing_address: billing,
    shipping_address: billing,
    payment_method: 'bacs',
    additional_fields: { terms: true },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { order_id } = (await res.json()) as { order_id: number };
  const [order] = await db().select().from(orders).where(eq(orders.id, order_id));
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order_id));
  return { order: order!, items };
}

const rates = (cart: any) => cart.totals.tax_lines.map((l: any) => Number(l.rate));

beforeEach(async () => {
  // Each test starts from the defaults: OSS off, prices entered with VAT.
  await ossAndPrices(false);
  const defaults = await saveRates({ rate_DE_standard: '19', rate_FR_reduced2: '10' });
  expect(defaults.status).toBe(302);
});

describe('the VAT rates form', () => {
  it('shows every rate with its default, the second reduced rate included', async () => {
    const { page, fields } = await ratesForm(manager);
    expect(Object.keys(fields)).toHaveLength(27 * 3);
    expect(fields).toMatchObject({
      rate_DE_standard: '19',
      rate_FR_reduced: '5,5',
      rate_FR_reduced2: '10',
      rate_IT_reduced2: '5',
      rate_IE_reduced: '13,5',
      rate_IE_reduced2: '9',
    });
    expect(page).toContain('Zweiter ermäßigter Satz');
    expect(page).toContain('Vorgabe: 5,5\u00a0%');
    const en = await ratesForm(english(manager));
    expect(en.fields.rate_IE_reduced).toBe('13.5');
    expect(en.page).toContain('Second reduced rate');
  });

  it('changes the German standard rate: cart, checkout and order carry the new VAT', async () => {
    const client = await StoreClient.start(shop.url);
    // The answer of a change, not a GET: a GET answer is kept a few seconds per cart state.
    const added = await client.post('/cart/add-item', { id: mug, quantity: 1 });
    expect(added.status).toBe(201);
    expect(rates(await added.json())).toEqual([19]);
    const audits = (await rateAudits()).length;

    const res = await saveRates({ rate_DE_standard: '20,5' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PATH}?saved=yes`);
    const entries = await rateAudits();
    expect(entries).toHaveLength(audits + 1);
    expect(entries.at(-1)).toMatchObject({
      entityId: 'tax.rates.DE.standard',
      before: { value: 1900 },
      after: { value: 2050 },
    });
    const page = await (await http.get(manager, `${PATH}?saved=yes`)).text();
    expect(page).toContain('Deutschland: Normalsatz</td><td>19\u00a0%</td><td>20,5\u00a0%');

    const after = await client.cart();
    expect(rates(after)).toEqual([20.5]);
    // 119,00 € gross at 20.5 %: 20,24 € VAT in the item.
    expect(after.items[0].totals.line_total_tax).toBe('2024');
    const { order, items } = await placeOrder(client, GERMAN_BILLING);
    expect(items[0]).toMatchObject({ taxRate: 2050, tax: 2024, total: 11900 });
    expect(order.taxLines.map((l) => l.rate)).toContain(2050);

    expect((await saveRates({})).headers.get('location')).toBe(`${PATH}?saved=unchanged`);
  });

  it('applies the second reduced rate to a book sold to France under OSS', async () => {
    await ossAndPrices(true);
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: book, quantity: 2 })).status).toBe(201);
    const germany = await client.cart();
    expect(rates(germany)).toEqual([7]);
    const paris = { country: 'FR', postcode: '75001', city: 'Paris', address_1: '1 Rue de Rivoli' };
    const france = await (
      await client.post('/cart/update-customer', { shipping_address: paris })
    ).json();
    expect(rates(france)).toContain(10);

    expect((await saveRates({ rate_FR_reduced2: '5,5' })).status).toBe(302);
    const changed = await client.cart();
    expect(rates(changed)).toContain(5.5);
    const { order, items } = await placeOrder(client, PARIS);
    expect(order.taxTreatment).toBe('destination');
    expect(items[0]).toMatchObject({ taxRate: 550, total: 4400 });
    // 44,00 € gross at 5.5 %: 2,29 € VAT.
    expect(items[0]!.tax).toBe(229);
  });

  it('refuses a stale version with 409 and keeps the newer rates', async () => {
    const stale = (await ratesForm(manager)).version;
    expect((await saveRates({ rate_AT_standard: '21' })).status).toBe(302);
    const late = await saveRates({ rate_AT_reduced: '11' }, stale);
    expect(late.status).toBe(409);
    expect(alertOf(await late.text())).toContain('inzwischen geändert');
    const { fields } = await ratesForm(manager);
    expect(fields).toMatchObject({ rate_AT_standard: '21', rate_AT_reduced: '10' });
    expect((await saveRates({ rate_AT_standard: '20' })).status).toBe(302);
  });

  it('refuses hostile rates with a message in German and English, saving nothing', async () => {
    const audits = (await rateAudits()).length;
    const bad = ['abc', '-5', '31', '30,01', '5,555', '', ' ', '1e1', TEN_KB, '19\u0000'];
    for (const [who, text] of [
      [manager, 'Bitte einen Steuersatz von 0 bis 30'],
      [english(manager), 'Please enter a VAT rate from 0 to 30'],
    ] as const) {
      const { fields, version } = await ratesForm(who);
      const base = { security: nonceOf(manager), intent: 'tax-rates', version, ...fields };
      for (const value of bad) {
        const res = await http.post(who, PATH, { ...base, rate_DE_reduced2: value });
        const label = JSON.stringify(value.slice(0, 20));
        expect(res.status, label).toBe(400);
        const page = await res.text();
        if (value.includes('\u0000')) continue; // refused before the form is read
        expect(alertOf(page), label).toContain(text);
        expect(page, label).toMatch(/id="tax-rate-DE-reduced2"[^>]*aria-invalid="true"/);
      }
      const twice = new URLSearchParams(base);
      twice.append('rate_DE_standard', '19');
      const array = `${new URLSearchParams(base)}&rate_DE_standard[]=19`;
      const withoutOne = new URLSearchParams(base);
      withoutOne.delete('rate_FR_reduced2');
      for (const body of [twice.toString(), array, withoutOne.toString()]) {
        const res = await http.post(who, PATH, body);
        expect(res.status).toBe(400);
      }
    }
    const expired = await http.post(manager, PATH, { security: 'x', intent: 'tax-rates' });
    expect(expired.status).toBe(403);
    expect(await rateAudits()).toHaveLength(audits);
    expect((await ratesForm(manager)).fields.rate_DE_reduced2).toBe('7');
  });
});

describe('prices entered without VAT', () => {
  it('shows and charges net + the destination rate, and back to gross when switched on', async () => {
    const net = (
      await createProduct(db(), {
        name: { de: 'Netto-Lampe', en: 'Net lamp' },
        slug: 'netto-lampe',
        regularPrice: 10000,
      })
    ).product.id;
    const shown = async () => {
      const res = await fetch(`${shop.url}/wc/store/v1/products/${net}`);
      return ((await res.json()) as any).prices.price as string;
    };
    const productPage = async () => (await fetch(`${shop.url}/product/netto-lampe`)).text();
    expect(await shown()).toBe('10000');

    await ossAndPrices(false, false);
    expect(await shown()).toBe('11900');
    expect(await productPage()).toContain('119,00');
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: net, quantity: 3 })).status).toBe(201);
    const cart = await client.cart();
    expect(cart.items[0].prices.price).toBe('11900');
    expect(cart.items[0].totals.line_total_tax).toBe('5700');
    const { order, items } = await placeOrder(client, GERMAN_BILLING);
    expect(items[0]).toMatchObject({ unitPrice: 11900, total: 35700, tax: 5700 });
    expect(order.itemsTotal).toBe(35700);

    // With OSS on, a shopper in France pays net + 20 %.
    await ossAndPrices(true, false);
    const french = await StoreClient.start(shop.url);
    expect((await french.post('/cart/add-item', { id: net, quantity: 1 })).status).toBe(201);
    const paris = { country: 'FR', postcode: '75001', city: 'Paris', address_1: '1 Rue de Rivoli' };
    const inFrance = await (
      await french.post('/cart/update-customer', { shipping_address: paris })
    ).json();
    expect(inFrance.items[0].prices.price).toBe('12000');

    await ossAndPrices(false, true);
    expect(await shown()).toBe('10000');
    expect(await productPage()).toContain('100,00');
  });
});
