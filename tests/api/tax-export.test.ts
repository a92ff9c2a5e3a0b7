import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import { createProduct } from '#db/seed/factories.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { pdfText, useSeller } from '../support/invoice-orders.ts';
import { outboxSettled } from '../support/outbox.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

/** Goods shipped outside the EU: a tax-free export, charged net without German VAT. */
let shop: TestShop;
let candle: number;
let ebook: number;

const net = (gross: number, rate = 1900) => gross - taxInGross(gross, rate);
// The candle 12,90 € and the world rate 24,90 €, both at 19 %.
const CANDLE_NET = net(1290);
const WORLD_NET = net(2490);

const ZURICH = {
  ...GERMAN_BILLING,
  address_1: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postcode: '8001',
  country: 'CH',
  email: 'kunde@example.ch',
};
const NEW_YORK = {
  ...GERMAN_BILLING,
  address_1: '1 Broadway',
  city: 'New York',
  state: 'NY',
  postcode: '10004',
  country: 'US',
  email: 'customer@example.com',
};
const VIENNA = {
  ...GERMAN_BILLING,
  address_1: 'Graben 1',
  city: 'Wien',
  postcode: '1010',
  country: 'AT',
  email: 'kundin@example.at',
};

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 1000 }));
  await useSeller(shop.database.db);
  ebook = (
    await createProduct(shop.database.db, {
      name: { de: 'E-Book', en: 'E-book' },
      regularPrice: 1190,
      digital: true,
    })
  ).product.id;
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

async function shopper(items: [number, number][] = [[candle, 2]]) {
  const client = await StoreClient.start(shop.url);
  for (const [id, quantity] of items) {
    expect((await client.post('/cart/add-item', { id, quantity })).status).toBe(201);
  }
  return client;
}

async function moveTo(client: StoreClient, address: Record<string, string>) {
  const res = await client.post('/cart/update-customer', {
    billing_address: address,
    shipping_address: address,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

async function placeOrder(client: StoreClient, address: Record<string, string>) {
  const res = await client.post('/checkout', {
    billing_address: address,
    shipping_address: address,
    payment_method: 'bacs',
    additional_fields: { terms: true },
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(200);
  const [order] = await shop.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, body.order_id as number));
  return order!;
}

function expectNetCart(cart: any, country: string) {
  expect(cart.extensions.germanized).toMatchObject({
    tax_treatment: 'export',
    tax_country: country,
    vat_id: null,
  });
  expect(cart.totals.total_tax).toBe('0');
  expect(cart.totals.tax_lines).toEqual([]);
  expect(cart.totals.total_items).toBe(String(2 * CANDLE_NET));
  expect(cart.totals.total_shipping).toBe(String(WORLD_NET));
  expect(cart.totals.total_shipping_tax).toBe('0');
  expect(cart.totals.total_price).toBe(String(2 * CANDLE_NET + WORLD_NET));
  expect(cart.items[0].prices.price).toBe(String(CANDLE_NET));
  expect(cart.items[0].totals.line_subtotal_tax).toBe('0');
}

describe('tax-free export in the Store API', () => {
  it('charges a cart shipped to Switzerland or the USA net, with the export note', async () => {
    const zurich = await moveTo(await shopper(), ZURICH);
    expectNetCart(zurich, 'CH');
    expect(zurich.extensions.germanized.tax_note).toBe('Steuerfreie Ausfuhrlieferung');

    const us = await moveTo(await shopper(), NEW_YORK);
    expectNetCart(us, 'US');
  });

  it('keeps German VAT in Germany and Austria, gross as listed', async () => {
    for (const address of [GERMAN_BILLING, VIENNA]) {
      const cart = await moveTo(await shopper(), address);
      expect(cart.extensions.germanized.tax_treatment, address.country).toBe('domestic');
      expect(cart.items[0].prices.price).toBe('1290');
      expect(Number(cart.totals.total_tax)).toBeGreaterThan(0);
      expect(cart.totals.tax_lines.map((l: any) => l.rate)).toEqual(['19']);
    }
  });

  it('gives the VAT back when the address moves from Switzerland to Germany, and back again', async () => {
    const client = await shopper();
    expectNetCart(await moveTo(client, ZURICH), 'CH');
    const germany = await moveTo(client, GERMAN_BILLING);
    expect(germany.extensions.germanized).toMatchObject({
      tax_treatment: 'domestic',
      tax_country: 'DE',
      tax_note: null,
    });
    expect(germany.items[0].prices.price).toBe('1290');
    // Germany: 2 × 12,90 € and 4,90 € shipping, gross as listed, with the VAT they contain.
    expect(germany.totals.total_price).toBe(String(2580 + 490));
    expect(germany.totals.total_items_tax).toBe(String(taxInGross(2580, 1900)));
    expect(Number(germany.totals.total_tax)).toBe(taxInGross(2580, 1900) + taxInGross(490, 1900));
    expectNetCart(await moveTo(client, ZURICH), 'CH');
  });

  it('keeps a digital-only cart of a Swiss customer as today, with German VAT', async () => {
    const cart = await moveTo(await shopper([[ebook, 1]]), ZURICH);
    expect(cart.needs_shipping).toBe(false);
    expect(cart.extensions.germanized.tax_treatment).toBe('domestic');
    expect(cart.totals.total_price).toBe('1190');
    expect(cart.totals.total_tax).toBe(String(taxInGross(1190, 1900)));
  });

  it('answers hostile countries with a 400 and never treats them as an export', async () => {
    const client = await shopper();
    for (const country of [...HOSTILE_VALUES, TEN_KB, 'C\u0000H', 'ch ', ['CH'], 41, 'XX']) {
      const res = await client.post('/cart/update-customer', {
        shipping_address: { ...ZURICH, country },
      });
      expect(res.status, JSON.stringify(country).slice(0, 40)).toBeLessThan(500);
      const cart = (await res.json()) as any;
      if (res.status === 200) {
        expect(['domestic', 'export']).toContain(cart.extensions.germanized.tax_treatment);
        if (cart.extensions.germanized.tax_treatment === 'export') {
          expect(cart.shipping_address.country).toMatch(/^[A-Z]{2}$/);
        }
      } else {
        expect(res.status).toBe(400);
      }
    }
  });
});

describe('a placed export order', () => {
  it('stores the net figures to Switzerland and the USA, and Germany stays gross', async () => {
    for (const [address, country] of [
      [ZURICH, 'CH'],
      [NEW_YORK, 'US'],
    ] as const) {
      const order = await placeOrder(await shopper(), address);
      expect(order.taxTreatment, country).toBe('export');
      expect(order.taxCountry).toBe(country);
      expect(order.totalTax).toBe(0);
      expect(order.taxLines).toEqual([]);
      expect(order.itemsTotal).toBe(2 * CANDLE_NET);
      expect(order.shippingTotal).toBe(WORLD_NET);
      expect(order.total).toBe(2 * CANDLE_NET + WORLD_NET);
      const [item] = await shop.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      expect(item).toMatchObject({ unitPrice: CANDLE_NET, tax: 0, taxRate: 0 });
    }
    const home = await placeOrder(await shopper(), GERMAN_BILLING);
    expect(home.taxTreatment).toBe('domestic');
    expect(home.total).toBe(2580 + 490);
    expect(home.totalTax).toBeGreaterThan(0);
    const vienna = await placeOrder(await shopper(), VIENNA);
    expect(vienna.taxTreatment).toBe('domestic');
    expect(vienna.total).toBe(2580 + 1290);
  });

  it('puts the export note on the invoice and in the confirmation mail', async () => {
    const order = await placeOrder(await shopper(), ZURICH);
    expect((await transitionOrder(shop.database.db, order.id, 'processing')).ok).toBe(true);
    await outboxSettled(shop);
    const [invoice] = await shop.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    expect(invoice, 'the paid order has an invoice').toBeDefined();
    const text = await pdfText(invoice!.pdf);
    expect(text).toContain('Steuerfreie Ausfuhrlieferung');
    expect(text).toContain('§ 6 UStG');
    expect(text).not.toContain('19 %');
    const mail = mailsWith(shop.dataDir, `${order.number}`).find((m) =>
      m.header('to')?.includes('kunde@example.ch'),
    );
    expect(mail?.text).toContain('Steuerfreie Ausfuhrlieferung');
    expect(mail?.text).toContain('Schweiz');
    expect(mail?.text).not.toContain('inkl. MwSt.');
  });
});
