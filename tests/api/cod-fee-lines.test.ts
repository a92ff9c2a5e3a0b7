// The cash on delivery fee as the order's stored fee line (what every view of the order reads),
// the order-pay page that adds no fee to an order placed earlier, and the script checkout
// refusing an order whose fee its review did not show. Pricing itself: cod-fee.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { PAYMENT_SETTINGS_KEY } from '#app/domain/payments/payments.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { createProduct } from '#db/seed/factories.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { TEN_KB } from '../support/hostile.ts';
import { outboxSettled } from '../support/outbox.ts';
import { officialClient, staffKey } from '../support/rest-v3.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
let book: number;
let manager: SignedIn;
const http = customerRequests(() => shop.url);
const db = () => shop.database.db;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 1000 }));
  book = (
    await createProduct(db(), {
      name: { de: 'Buch', en: 'Book' },
      regularPrice: 1070,
      taxClass: 'reduced',
    })
  ).product.id;
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  await putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee: FEE });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

// 2 candles (19 %) and a book (7 %): the fee of 2,50 € is split 177 + 73 (VAT 28 + 5).
const FEE = 250;
const FEE_LINE = {
  kind: 'cod',
  name: 'Nachnahmegebühr',
  total: FEE,
  tax: 33,
  taxes: [
    { rate: 1900, amount: 28 },
    { rate: 700, amount: 5 },
  ],
};
const TOTAL = 2 * 1290 + 1070 + 490 + FEE;

async function shopper() {
  const client = await StoreClient.start(shop.url);
  for (const [id, quantity] of [
    [candle, 2],
    [book, 1],
  ] as const) {
    expect((await client.post('/cart/add-item', { id, quantity })).status).toBe(201);
  }
  return client;
}

/** An order placed through the Store API in the shopper's language. */
async function placed(
  method: string,
  lang = 'de',
): Promise<{ order: OrderRow; client: StoreClient }> {
  const client = await shopper();
  const res = await client.raw(
    '/checkout',
    JSON.stringify({
      billing_address: GERMAN_BILLING,
      payment_method: method,
      additional_fields: { terms: true },
    }),
    { 'content-type': 'application/json', cookie: `${client.cookieHeader}; lang=${lang}` },
  );
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { order: await orderRow(body.order_id as number), client };
}

async function orderRow(id: number): Promise<OrderRow> {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  return order!;
}

async function restOrder(order: OrderRow) {
  const client = officialClient(shop, await staffKey(shop, 'read'));
  return client.get(`orders/${order.id}`);
}

const receivedPage = async (order: OrderRow) =>
  (await fetch(`${shop.url}/checkout/order-received/${order.id}?key=${order.orderKey}`)).text();

describe('the stored fee line', () => {
  it('is written with the order, with its VAT per rate; an order without fee stores none', async () => {
    const { order } = await placed('cod');
    expect(order.total).toBe(TOTAL);
    expect(order.feeLines).toEqual([FEE_LINE]);
    const { order: bacs } = await placed('bacs');
    expect(bacs.feeLines).toEqual([]);
    expect(bacs.total).toBe(TOTAL - FEE);
  });

  it('is what the order-received page, REST v3, the back office and the export show', async () => {
    const { order } = await placed('cod');
    // A fee of a kind the shop does not know shows its stored name: the views read the line.
    await db()
      .update(orders)
      .set({ feeLines: [{ ...FEE_LINE, kind: 'handling', name: 'Bearbeitungsgebühr' }] })
      .where(eq(orders.id, order.id));
    expect(await receivedPage(order)).toContain('Bearbeitungsgebühr');
    const admin = await (await http.get(manager, `/admin/orders/${order.id}`)).text();
    expect(admin).toContain('Bearbeitungsgebühr');
    const rest = await restOrder(order);
    expect(rest.status).toBe(200);
    expect(rest.data.fee_lines).toEqual([
      expect.objectContaining({
        name: 'Bearbeitungsgebühr',
        total: '2.17',
        total_tax: '0.33',
        taxes: [
          { id: 1900, total: '0.28', subtotal: '' },
          { id: 700, total: '0.05', subtotal: '' },
        ],
      }),
    ]);
    const csv = await (await http.get(manager, `/admin/orders/export.csv?ids=${order.id}`)).text();
    expect(csv).toMatch(new RegExp(`\\nfee;${order.number};.*;Bearbeitungsgebühr;;;;2,17;`));
    expect(csv).not.toMatch(new RegExp(`\\nother;${order.number};`));
  });

  it('names a cash on delivery fee in the reader’s language', async () => {
    const { order } = await placed('cod');
    const en = await (
      await http.get({ cookie: `lang=en; ${manager.cookie}` }, `/admin/orders/${order.id}`)
    ).text();
    expect(en).toContain('Cash on delivery fee');
    const csv = await (
      await http.get(
        { cookie: `lang=en; ${manager.cookie}` },
        `/admin/orders/export.csv?ids=${order.id}&sep=comma`,
      )
    ).text();
    expect(csv).toMatch(new RegExp(`\\nfee,${order.number},.*,Cash on delivery fee,,,,2.17,`));
  });

  it('is worked out from the totals for an order placed before fee lines were stored', async () => {
    const { order } = await placed('cod');
    await db().update(orders).set({ feeLines: null }).where(eq(orders.id, order.id));
    const page = await receivedPage(order);
    expect(page).toContain('Nachnahmegebühr');
    expect(page).toContain('2,50');
    const rest = await restOrder(order);
    expect(rest.data.fee_lines).toEqual([
      expect.objectContaining({ name: 'Nachnahmegebühr', total: '2.17', total_tax: '0.33' }),
    ]);
  });
});

describe('the order-pay page', () => {
  /** An order waiting for payment on its pay page, and the page's session and token. */
  async function waiting(method: string) {
    const { order, client } = await placed(method);
    await db().update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    const path = `/checkout/order-pay/${order.id}?key=${order.orderKey}`;
    const page = await (
      await fetch(shop.url + path, { headers: { cookie: client.cookieHeader } })
    ).text();
    const security = /name="security" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const pay = (body: URLSearchParams | string) =>
      fetch(shop.url + path, {
        method: 'POST',
        headers: {
          cookie: client.cookieHeader,
          origin: shop.url,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
        redirect: 'manual',
      });
    return { order, page, security, pay };
  }

  it('does not offer cash on delivery to an order placed without its fee, nor takes it', async () => {
    const { order, page, security, pay } = await waiting('bacs');
    expect(page).not.toContain('id="payment_method_cod"');
    expect(page).toContain('payment_method_bacs');
    const refused = await pay(new URLSearchParams({ security, payment_method: 'cod', terms: '1' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Zahlungsart');
    const after = await orderRow(order.id);
    expect(after.total).toBe(TOTAL - FEE);
    expect(after.paymentMethod).toBe('bacs');
    expect(after.feeLines).toEqual([]);
  });

  it('refuses hostile method ids with a message, and changes nothing', async () => {
    const { order, security, pay } = await waiting('bacs');
    const bodies = [
      new URLSearchParams({ security, payment_method: 'nope', terms: '1' }),
      new URLSearchParams({ security, payment_method: 'COD', terms: '1' }),
      new URLSearchParams({ security, payment_method: TEN_KB, terms: '1' }),
      `security=${security}&payment_method=cod&payment_method=bacs&terms=1`,
      `security=${security}&payment_method[]=cod&terms=1`,
    ];
    for (const body of bodies) {
      const res = await pay(body);
      expect(res.status, String(body).slice(0, 60)).toBe(400);
      expect((await res.text()).length).toBeGreaterThan(0);
    }
    const nul = await pay(
      new URLSearchParams({ security, payment_method: 'cod\u0000', terms: '1' }),
    );
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    expect(await orderRow(order.id)).toMatchObject({ total: TOTAL - FEE, paymentMethod: 'bacs' });
  });

  it('refuses the fee through the Store API’s payment for an order too', async () => {
    const { order, client } = await placed('bacs');
    await db().update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    const res = await client.post(`/checkout/${order.id}`, {
      key: order.orderKey,
      billing_email: GERMAN_BILLING.email,
      payment_method: 'cod',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).message).toBeTruthy();
    expect(await orderRow(order.id)).toMatchObject({ total: TOTAL - FEE, paymentMethod: 'bacs' });
  });

  it('offers an order that carries the fee only cash on delivery', async () => {
    const { order, page, security, pay } = await waiting('cod');
    expect(page).toContain('payment_method_cod');
    expect(page).not.toContain('id="payment_method_bacs"');
    const refused = await pay(
      new URLSearchParams({ security, payment_method: 'bacs', terms: '1' }),
    );
    expect(refused.status).toBe(400);
    const paid = await pay(new URLSearchParams({ security, payment_method: 'cod', terms: '1' }));
    expect(paid.status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({ total: TOTAL, feeLines: [FEE_LINE] });
  });

  it('offers cash on delivery again when it costs nothing', async () => {
    await putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee: 0 });
    try {
      const { page } = await waiting('bacs');
      expect(page).toContain('payment_method_cod');
    } finally {
      await putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee: FEE });
    }
  });
});

describe('/wc-ajax/checkout and the priced method', () => {
  const fields = {
    billing_first_name: 'Max',
    billing_last_name: 'Muster',
    billing_country: 'DE',
    billing_address_1: 'Hauptstr. 1',
    billing_postcode: '10115',
    billing_city: 'Berlin',
    billing_email: 'max@example.org',
    billing_phone: '+49 30 123456',
    terms: '1',
  };
  const checkout = async (
    client: StoreClient,
    body: string,
    type = 'application/x-www-form-urlencoded',
    lang = 'de',
  ) => {
    const res = await fetch(`${shop.url}/wc-ajax/checkout`, {
      method: 'POST',
      headers: { cookie: `${client.cookieHeader}; lang=${lang}`, 'content-type': type },
      body,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };
  const form = (client: StoreClient, extra: Record<string, string>) =>
    new URLSearchParams({ security: client.nonce, ...fields, ...extra }).toString();
  const count = async () => (await db().select({ id: orders.id }).from(orders)).length;

  it('answers an order whose fee was not shown with the notice and a refresh, then places it', async () => {
    const client = await shopper();
    const before = await count();
    const refused = await checkout(
      client,
      form(client, { payment_method: 'cod', review_payment_method: 'bacs' }),
    );
    expect(refused).toEqual({
      result: 'failure',
      messages: expect.stringContaining(
        'Die Gesamtsumme hat sich geändert: Für Nachnahme kommt eine Gebühr von 2,50\u00a0€ hinzu.',
      ),
      refresh: true,
      reload: false,
    });
    expect(refused.messages).toMatch(/^<ul class="woocommerce-error" role="alert"><li>/);
    expect(await count()).toBe(before);
    const english = await checkout(
      client,
      form(client, { payment_method: 'bacs', review_payment_method: 'cod' }),
      undefined,
      'en',
    );
    expect(english.messages).toContain('The total has changed');
    const key = `wc-ajax-${Date.now()}`;
    const ok = await checkout(
      client,
      form(client, { payment_method: 'cod', review_payment_method: 'cod', checkout_key: key }),
    );
    expect(ok.result).toBe('success');
    const [order] = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(order).toMatchObject({ total: TOTAL, feeLines: [FEE_LINE] });
  });

  it('takes a missing, repeated or hostile priced method for one without fee', async () => {
    const client = await shopper();
    const before = await count();
    const bodies: [string, string?][] = [
      [form(client, { payment_method: 'cod' })],
      [`${form(client, { payment_method: 'cod' })}&review_payment_method[]=cod`],
      [form(client, { payment_method: 'cod', review_payment_method: 'COD' })],
      [form(client, { payment_method: 'cod', review_payment_method: TEN_KB })],
      [
        JSON.stringify({
          security: client.nonce,
          ...fields,
          payment_method: 'cod',
          review_payment_method: ['cod'],
        }),
        'application/json',
      ],
    ];
    for (const [body, type] of bodies) {
      const answer = await checkout(client, body, type);
      expect(answer.result, body.slice(-60)).toBe('failure');
      expect(answer.messages, body.slice(-60)).toContain('Gebühr von 2,50');
    }
    // NUL is refused before anything is read, as in every field.
    const nul = await fetch(`${shop.url}/wc-ajax/checkout`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form(client, { payment_method: 'cod', review_payment_method: 'cod\u0000' }),
    });
    expect(nul.status).toBe(400);
    expect(JSON.stringify(await nul.json())).toMatch(/message/);
    // An unknown chosen method priced as cash on delivery: the fee would fall away, no order.
    const unknown = await checkout(
      client,
      form(client, { payment_method: 'nope', review_payment_method: 'cod' }),
    );
    expect(unknown.result).toBe('failure');
    expect(await count()).toBe(before);
  });
});

describe('method names in the back office', () => {
  const staff = (lang: string) => ({ cookie: `lang=${lang}; ${manager.cookie}` });
  const detail = async (order: OrderRow, lang: string) =>
    (await http.get(staff(lang), `/admin/orders/${order.id}`)).text();

  it('shows a German order’s methods in English to English staff, and the other way round', async () => {
    const { order: german } = await placed('cod', 'de');
    expect(german.paymentMethodTitle).toBe('Nachnahme');
    expect(german.shippingLines[0]!.name).toBe('Versand mit DHL');
    const en = await detail(german, 'en');
    expect(en).toContain('Cash on delivery');
    expect(en).toContain('DHL parcel');
    expect(en).not.toContain('Versand mit DHL');
    expect(en).not.toMatch(/>Nachnahme</);
    const list = await (await http.get(staff('en'), `/admin/orders?s=${german.number}`)).text();
    expect(list).toMatch(/<td>Cash on delivery<\/td>/);

    // The customer's mail stays in the customer's language.
    await outboxSettled(shop);
    const mail = mailsWith(shop.dataDir, `${german.number}`).find((m) =>
      m.header('to')?.includes(GERMAN_BILLING.email),
    );
    expect(mail?.text).toContain('Nachnahme');
    expect(mail?.text).not.toContain('Cash on delivery');

    const { order: english } = await placed('bacs', 'en');
    expect(english.paymentMethodTitle).toBe('Direct bank transfer');
    const de = await detail(english, 'de');
    expect(de).toContain('Vorkasse (Überweisung)');
    expect(de).toContain('Versand mit DHL');
    expect(de).not.toContain('DHL parcel');
    expect(de).not.toContain('Direct bank transfer');
  });

  it('keeps the stored names of methods the shop no longer knows', async () => {
    const { order } = await placed('bacs', 'de');
    await db()
      .update(orders)
      .set({
        paymentMethod: 'old_gateway',
        paymentMethodTitle: 'Alte Zahlart',
        shippingLines: [{ ...order.shippingLines[0]!, rateId: 'flat_rate:999', name: 'Spedition' }],
      })
      .where(eq(orders.id, order.id));
    for (const lang of ['de', 'en']) {
      const page = await detail(order, lang);
      expect(page).toContain('Alte Zahlart');
      expect(page).toContain('Spedition');
    }
  });
});
