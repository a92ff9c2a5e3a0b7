// The cash on delivery fee (Nachnahmegebühr) charged as a fee line split over the cart's VAT
// rates like shipping when the shopper pays cash on delivery: Store API, classic and no-JS
// checkout, export orders net. The setting itself: cod-fee-setting.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { PAYMENT_SETTINGS_KEY } from '#app/domain/payments/payments.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { TEN_KB } from '../support/hostile.ts';
import { pdfText, useSeller } from '../support/invoice-orders.ts';
import { outboxSettled } from '../support/outbox.ts';
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
  await useSeller(db());
  // A book at the reduced rate: the fee is split over 19 % and 7 %.
  book = (
    await createProduct(db(), {
      name: { de: 'Buch', en: 'Book' },
      regularPrice: 1070,
      taxClass: 'reduced',
    })
  ).product.id;
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

const useFee = (codFee: number, codCountries = DEMO_PAYMENT_SETTINGS.codCountries) =>
  putSetting(db(), PAYMENT_SETTINGS_KEY, { ...DEMO_PAYMENT_SETTINGS, codFee, codCountries });

// 2 candles (12,90 €, 19 %) and a book (10,70 €, 7 %), shipped in Germany for 4,90 €, fee 2,50 €.
// Shipping and fee are split 2580 : 1070 over the rates, the rounding cent to the larger share:
// shipping 347 + 143 (VAT 55 + 9), fee 177 + 73 (VAT 28 + 5).
const ITEMS = 2 * 1290 + 1070;
const FEE = 250;
const FEE_TAX = 28 + 5;
const TOTAL = ITEMS + 490 + FEE;
const TAX_LINES = [
  { rate: 1900, amount: 412 + 55 + 28 },
  { rate: 700, amount: 70 + 9 + 5 },
];

async function shopper(
  items: [number, number][] = [
    [candle, 2],
    [book, 1],
  ],
) {
  const client = await StoreClient.start(shop.url);
  for (const [id, quantity] of items) {
    expect((await client.post('/cart/add-item', { id, quantity })).status).toBe(201);
  }
  return client;
}

async function storeCheckout(client: StoreClient, extra: Record<string, unknown>) {
  const res = await client.post('/checkout', {
    billing_address: GERMAN_BILLING,
    payment_method: 'cod',
    additional_fields: { terms: true },
    ...extra,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(200);
  const [order] = await db()
    .select()
    .from(orders)
    .where(eq(orders.id, body.order_id as number));
  return { body, order: order! };
}

/** The shopper's cart again after an order emptied it. */
async function shopperCart(client: StoreClient) {
  for (const [id, quantity] of [
    [candle, 2],
    [book, 1],
  ] as const) {
    expect((await client.post('/cart/add-item', { id, quantity })).status).toBe(201);
  }
}

function expectFeeOrder(order: typeof orders.$inferSelect) {
  expect(order.paymentMethod).toBe('cod');
  expect(order.total).toBe(TOTAL);
  expect(order.totalTax).toBe(412 + 70 + 55 + 9 + FEE_TAX);
  expect(order.taxLines).toEqual(TAX_LINES);
  expect(order.shippingTotal).toBe(490);
  expect(order.itemsTotal).toBe(ITEMS);
}

/** The shopper of the page form's orders. */
const NORA = {
  billing_first_name: 'Nora',
  billing_last_name: 'Nachnahme',
  billing_country: 'DE',
  billing_address_1: 'Hauptstr. 1',
  billing_postcode: '10115',
  billing_city: 'Berlin',
  billing_email: 'nora@example.org',
  billing_phone: '+49 30 123456',
};

describe('charging the fee', () => {
  it('is nothing with the default of 0: orders and reviews stay as they were', async () => {
    await useFee(0);
    const { order } = await storeCheckout(await shopper(), {});
    expect(order.total).toBe(ITEMS + 490);
  });

  it('adds the fee line to a Store API order paid cash on delivery, whatever the request claims', async () => {
    await useFee(FEE);
    const client = await shopper();
    const { body, order } = await storeCheckout(client, {
      // Claims about money are not read.
      fees: [],
      fee_lines: [],
      cod_fee: '0',
      total: 1,
      extensions: { fees: { cod: 0 } },
    });
    expectFeeOrder(order);
    // The order-received page, the back office and the REST API show the fee line.
    const { pathname, search } = new URL(body.payment_result.redirect_url as string);
    const received = await fetch(`${shop.url}${pathname}${search}`, {
      headers: { cookie: client.cookieHeader },
    });
    const page = await received.text();
    expect(received.status).toBe(200);
    expect(page).toContain('Nachnahmegebühr');
    expect(page).toContain('2,50');
    expect(page).toContain('43,90');
    const admin = await (await http.get(manager, `/admin/orders/${order.id}`)).text();
    expect(admin).toContain('Nachnahmegebühr');
    expect(admin).toContain('43,90');
  });

  it('prices the Store API draft for the chosen method, in WooCommerce’s fee shape', async () => {
    await useFee(FEE);
    const client = await shopper();
    const put = (body: string) =>
      fetch(`${shop.url}/wc/store/v1/checkout?__experimental_calc_totals=true`, {
        method: 'PUT',
        body,
        headers: {
          cookie: client.cookieHeader,
          nonce: client.nonce,
          origin: shop.url,
          'content-type': 'application/json',
        },
      });
    const cod = await put(JSON.stringify({ payment_method: 'cod', fees: [], total: 1 }));
    expect(cod.status).toBe(200);
    const draft = (await cod.json()) as any;
    expect(draft.payment_method).toBe('cod');
    expect(draft.__experimentalCart.fees).toEqual([
      {
        id: 'cod',
        key: 'cod',
        name: 'Nachnahmegebühr',
        totals: expect.objectContaining({ total: String(FEE - FEE_TAX), total_tax: '33' }),
      },
    ]);
    expect(draft.__experimentalCart.totals).toMatchObject({
      total_fees: String(FEE - FEE_TAX),
      total_fees_tax: String(FEE_TAX),
      total_price: String(TOTAL),
    });
    const bacs = (await (await put(JSON.stringify({ payment_method: 'bacs' }))).json()) as any;
    expect(bacs.__experimentalCart.fees).toEqual([]);
    expect(bacs.__experimentalCart.totals.total_price).toBe(String(ITEMS + 490));
    // Nothing is kept: the cart alone knows no method.
    expect((await client.cart()).totals.total_fees).toBe('0');
    for (const body of ['{"payment_method":"nope"}', '{"payment_method":["cod"]}', '[]', 'x']) {
      expect((await put(body)).status, body).toBe(400);
    }
    expect((await put(JSON.stringify({ payment_method: 'a\u0000b' }))).status).toBe(400);
  });

  it('adds no fee to another method, however the request asks for one', async () => {
    await useFee(FEE);
    const { order } = await storeCheckout(await shopper(), {
      payment_method: 'bacs',
      fees: [{ name: 'Nachnahmegebühr', total: '250' }],
      cod_fee: '250',
    });
    expect(order.total).toBe(ITEMS + 490);
  });

  it('shows the fee in the classic review for cash on delivery only, and places it', async () => {
    await useFee(FEE);
    const client = await shopper();
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
    const classic = async (action: string, extra: Record<string, string>) => {
      const res = await fetch(`${shop.url}/wc-ajax/${action}`, {
        method: 'POST',
        headers: {
          cookie: client.cookieHeader,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ security: client.nonce, ...fields, ...extra }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as any;
    };
    const review = (method: string) =>
      classic('update_order_review', {
        payment_method: method,
        country: 'DE',
        postcode: '10115',
        city: 'Berlin',
        post_data: new URLSearchParams({ ...fields, payment_method: method }).toString(),
      });
    const cod = await review('cod');
    expect(cod.review.chosenPaymentMethod).toBe('cod');
    expect(cod.review.cart.totals.total).toBe(TOTAL);
    expect(cod.review.cart.totals.breakdown.fees).toMatchObject([
      { key: 'cod', name: 'Nachnahmegebühr', gross: FEE, tax: FEE_TAX },
    ]);
    expect(cod.fragments['.woocommerce-checkout-review-order-table']).toContain('Nachnahmegebühr');
    expect(cod.review.paymentMethods.find((m: any) => m.id === 'cod').fee).toBe(FEE);
    const bacs = await review('bacs');
    expect(bacs.review.cart.totals.total).toBe(ITEMS + 490);
    expect(bacs.review.cart.totals.breakdown.fees).toEqual([]);
    expect(bacs.fragments['.woocommerce-checkout-review-order-table']).not.toContain(
      'Nachnahmegebühr',
    );
    const key = `cod-${Date.now()}`;
    const placed = await classic('checkout', {
      payment_method: 'cod',
      review_payment_method: 'cod',
      checkout_key: key,
    });
    expect(placed.result).toBe('success');
    const [order] = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
    expectFeeOrder(order!);
  });

  it('places the fee through the page form without JavaScript; mail and invoice show it', async () => {
    await useFee(FEE);
    const client = await shopper();
    const res = await fetch(`${shop.url}/checkout`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        security: client.nonce,
        ...NORA,
        payment_method: 'cod',
        review_payment_method: 'cod',
        terms: '1',
      }),
      redirect: 'manual',
    });
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toContain('/checkout/order-received/');
    const id = Number(/order-received\/(\d+)/.exec(location)![1]);
    const [order] = await db().select().from(orders).where(eq(orders.id, id));
    expectFeeOrder(order!);
    const page = await (
      await fetch(new URL(location, shop.url), { headers: { cookie: client.cookieHeader } })
    ).text();
    expect(page).toContain('Nachnahmegebühr');
    expect(page).toContain('2,50');
    await outboxSettled(shop);
    const mail = mailsWith(shop.dataDir, `${order!.number}`).find((m) =>
      m.header('to')?.includes('nora@example.org'),
    );
    expect(mail?.text).toContain('Nachnahmegebühr');
    expect(mail?.text).toContain('2,50');
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order!.id), eq(invoices.kind, 'invoice')));
    expect(invoice, 'the cash on delivery order has its invoice').toBeDefined();
    const text = await pdfText(invoice!.pdf);
    expect(text).toContain('Nachnahmegebühr');
    expect(text).toContain('43,90');
  });

  describe('the page form without JavaScript, its review priced for another method', () => {
    const nora = {
      ...NORA,
      order_comments: 'Bitte klingeln',
      terms: '1',
    };
    const post = (client: StoreClient, body: URLSearchParams, lang = 'de') =>
      fetch(`${shop.url}/checkout`, {
        method: 'POST',
        headers: {
          cookie: `${client.cookieHeader}; lang=${lang}`,
          origin: shop.url,
          'accept-language': lang,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
        redirect: 'manual',
      });
    const form = (client: StoreClient, method: string, priced?: string | string[]) => {
      const body = new URLSearchParams({ security: client.nonce, ...nora, payment_method: method });
      for (const v of priced === undefined ? [] : Array.isArray(priced) ? priced : [priced]) {
        body.append('review_payment_method', v);
      }
      return body;
    };
    const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length;
    /** The hidden field the answered page writes: the method its review is priced for. */
    const pricedIn = (page: string) =>
      /name="review_payment_method" value="([^"]*)"/.exec(page)?.[1] ??
      /value="([^"]*)" name="review_payment_method"/.exec(page)?.[1];
    const reviewTotal = (page: string) =>
      /<tr class="order-total">[\s\S]*?<\/tr>/.exec(page)?.[0] ?? '';

    it('answers the page again with the fee and the new total, then places the order', async () => {
      await useFee(FEE);
      const client = await shopper();
      const before = await orderCount();
      const refused = await post(client, form(client, 'cod', 'bacs'));
      const page = await refused.text();
      expect(refused.status).toBe(200);
      expect(await orderCount()).toBe(before);
      expect(page).toContain(
        'Die Gesamtsumme hat sich geändert: Für Nachnahme kommt eine Gebühr von 2,50\u00a0€ hinzu. Bitte prüfen Sie die Bestellung und bestellen Sie erneut.',
      );
      // The review is priced for cash on delivery now, the method still chosen, typing kept.
      expect(pricedIn(page)).toBe('cod');
      expect(page).toMatch(/<tr class="fee"><th scope="row">Nachnahmegebühr<\/th>/);
      expect(reviewTotal(page)).toContain('43,90');
      expect(/<input[^>]*id="payment_method_cod"[^>]*>/.exec(page)?.[0]).toContain('checked');
      expect(page).toContain('Bitte klingeln');
      expect(page).toContain('value="Nachnahme"');
      // Sent again as the answered page has it: placed, with the fee.
      const placed = await post(client, form(client, 'cod', pricedIn(page)));
      expect(placed.status, await placed.clone().text()).toBe(303);
      const id = Number(/order-received\/(\d+)/.exec(placed.headers.get('location')!)![1]);
      const [order] = await db().select().from(orders).where(eq(orders.id, id));
      expectFeeOrder(order!);
    });

    it('says so in English, and when the fee no longer applies', async () => {
      await useFee(FEE);
      const client = await shopper();
      const before = await orderCount();
      const added = await (await post(client, form(client, 'cod'), 'en')).text();
      expect(added).toContain(
        'The total has changed: Cash on delivery adds a fee of €2.50. Please review your order and place it again.',
      );
      const removed = await post(client, form(client, 'bacs', 'cod'));
      const page = await removed.text();
      expect(removed.status).toBe(200);
      expect(page).toContain(
        'Die Gesamtsumme hat sich geändert: Die Gebühr von 2,50\u00a0€ für Nachnahme entfällt.',
      );
      expect(pricedIn(page)).toBe('bacs');
      expect(reviewTotal(page)).toContain('41,40');
      expect(page).not.toMatch(/<tr class="fee">/);
      expect(await orderCount()).toBe(before);
    });

    it('takes a missing or hostile priced method for one without fee', async () => {
      await useFee(FEE);
      const client = await shopper();
      const before = await orderCount();
      for (const priced of [
        undefined,
        ['cod', 'cod'],
        'cod\u0000',
        'cod'.padEnd(10_240, 'x'),
        TEN_KB,
        'nachnahme',
        'COD',
      ]) {
        const label = JSON.stringify(priced)?.slice(0, 40);
        const res = await post(client, form(client, 'cod', priced));
        const page = await res.text();
        expect(res.status, label).toBe(200);
        expect(page, label).toContain('Für Nachnahme kommt eine Gebühr von 2,50');
        expect(pricedIn(page), label).toBe('cod');
      }
      expect(await orderCount()).toBe(before);
      // Without a fee at stake the same values do not stop the order.
      for (const priced of [['cod', 'bacs'], 'bacs\u0000', TEN_KB, 'unknown']) {
        const res = await post(client, form(client, 'bacs', priced));
        expect(res.status, JSON.stringify(priced).slice(0, 40)).toBe(303);
        await shopperCart(client);
      }
    });
  });

  it('charges the fee net on an export order', async () => {
    // Cash on delivery everywhere, so also to Switzerland.
    await useFee(FEE, []);
    const zurich = {
      ...GERMAN_BILLING,
      address_1: 'Bahnhofstrasse 1',
      city: 'Zürich',
      postcode: '8001',
      country: 'CH',
      email: 'kunde@example.ch',
    };
    const client = await shopper([[candle, 2]]);
    const { order } = await storeCheckout(client, {
      billing_address: zurich,
      shipping_address: zurich,
    });
    expect(order.taxTreatment).toBe('export');
    expect(order.totalTax).toBe(0);
    expect(order.taxLines).toEqual([]);
    // Net of candles 2 × 10,84 €, the world rate 20,92 € and the fee 2,10 € (2,50 € less 19 %).
    expect(order.total).toBe(2 * 1084 + 2092 + 210);
  });
});
