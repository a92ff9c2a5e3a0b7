import { readFileSync, readdirSync } from 'node:fs';
import { outboxSettled } from '../support/outbox.ts';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { shippingMethods } from '#app/domain/shipping/shipping.schema.ts';
import { offlinePoints } from '#app/domain/shipping/pickup-points.ts';
import { seedDemoPickupPoint } from '#db/seed/demo-shipping.ts';
import type { TestShop } from '../support/shop.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { TEN_KB } from '../support/hostile.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let candle: number;
let rateId: string;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 100 }));
  const [method] = await shop.database.db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.methodId, 'pickup_point'));
  rateId = `pickup_point:${method!.id}`;
});

afterAll(async () => {
  await shop?.close();
});

const points = (query: Record<string, string>) =>
  fetch(`${shop.url}/wc-ajax/pickup_points?${new URLSearchParams(query)}`);

describe('GET /wc-ajax/pickup_points', () => {
  it('lists the offline provider points near a German postcode', async () => {
    const res = await points({ rate_id: rateId, country: 'de', postcode: '04109' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { points: any[] };
    expect(body.points).toEqual(offlinePoints({ country: 'DE', postcode: '04109' }));
    expect(body.points[0]).toMatchObject({
      id: expect.stringMatching(/^dhl-041-/),
      city: 'Leipzig',
      hours: expect.any(Object),
      distance: expect.any(Number),
    });
  });

  it('answers an empty list for a postcode the provider cannot place', async () => {
    for (const query of [
      { country: 'DE', postcode: '' },
      { country: 'DE', postcode: '123' },
      { country: 'AT', postcode: '1010' },
    ]) {
      const res = await points({ rate_id: rateId, ...query });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ points: [] });
    }
  });

  it('refuses a rate that does not deliver to pickup points', async () => {
    for (const rate of ['flat_rate:1', 'pickup_point:999999', 'local_pickup:2']) {
      const res = await points({ rate_id: rate, country: 'DE', postcode: '04109' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).code).toBe('woocommerce_rest_invalid_shipping_method');
    }
  });

  it('refuses malformed input with 400 and other methods with 405', async () => {
    const bad: Record<string, string>[] = [
      { rate_id: rateId, country: 'DE', postcode: '04109\u0000' },
      { rate_id: `${rateId}\u0000`, country: 'DE', postcode: '04109' },
      { rate_id: rateId, country: 'DEU', postcode: '04109' },
      { rate_id: rateId, country: 'DE', postcode: TEN_KB.slice(0, 2000) },
      { rate_id: rateId, country: 'DE', postcode: '<script>' },
      { rate_id: 'x'.repeat(2000), country: 'DE', postcode: '04109' },
      { country: 'DE', postcode: '04109' },
    ];
    for (const query of bad) {
      const res = await points(query);
      expect(res.status, JSON.stringify(query).slice(0, 60)).toBe(400);
      expect(((await res.json()) as any).code).toBe('rest_invalid_param');
    }
    const post = await fetch(`${shop.url}/wc-ajax/pickup_points`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('checkout with a pickup point', () => {
  async function shopper() {
    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    return client;
  }

  async function classic(client: StoreClient, fields: Record<string, string>) {
    const res = await fetch(`${shop.url}/wc-ajax/checkout`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ security: client.nonce, ...fields }),
    });
    return (await res.json()) as any;
  }

  const form = (overrides: Record<string, string> = {}) => ({
    billing_first_name: 'Erika',
    billing_last_name: 'Mustermann',
    billing_country: 'DE',
    billing_address_1: 'Hauptstraße 5',
    billing_postcode: '04109',
    billing_city: 'Leipzig',
    billing_email: 'erika.pickup@example.org',
    payment_method: 'bacs',
    terms: '1',
    'shipping_method[0]': rateId,
    ...overrides,
  });

  const selection = (id: string, extra: Record<string, string> = {}) =>
    JSON.stringify({ delivery_method_type: 'pickup_point', rate_id: rateId, id, ...extra });

  it('refuses the order without a point, naming the method, and with a point from elsewhere', async () => {
    const client = await shopper();
    const missing = await classic(client, form());
    expect(missing.result).toBe('failure');
    expect(missing.messages).toContain('data-id="pickup_point"');
    expect(missing.messages).toContain('Bitte wählen Sie eine Abholstation für „DHL Packstation');
    const munich = offlinePoints({ country: 'DE', postcode: '80331' })[0]!;
    for (const value of [selection(munich.id), selection('dhl-041-99'), '{"id":5}', '[1]', 'x{']) {
      const refused = await classic(client, form({ pickup_point: value }));
      expect(refused.result, value).toBe('failure');
      expect(refused.messages).toContain('data-id="pickup_point"');
    }
    const chosenElsewhere = await classic(client, form({ pickup_point: selection(munich.id) }));
    expect(chosenElsewhere.messages).toContain('gibt es an dieser Postleitzahl nicht');
    expect((await client.cart()).items).toHaveLength(1);
  });

  it('stores the provider data of the chosen point, never what the browser claims, and mails it', async () => {
    const client = await shopper();
    const point = offlinePoints({ country: 'DE', postcode: '04109' })[2]!;
    const answer = await classic(
      client,
      form({
        pickup_point: selection(point.id, { name: '<script>alert(1)</script>', street: 'Fake' }),
      }),
    );
    expect(answer.result).toBe('success');
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, answer.order_id));
    expect(order!.pickupPoint).toMatchObject({
      delivery_method_type: 'pickup_point',
      rate_id: rateId,
      id: point.id,
      name: point.name,
      street: point.street,
      city: 'Leipzig',
    });
    expect(order!.shippingLines[0]!.rateId).toBe(rateId);
    const page = await fetch(`${shop.url}${answer.redirect}`, {
      headers: { cookie: client.cookieHeader },
    });
    const html = await page.text();
    expect(html).toContain('Abholstation');
    expect(html).toContain(point.name);
    expect(html).not.toContain('<script>alert(1)');
    const outbox = path.join(shop.dataDir, 'outbox');
    await outboxSettled(shop);
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .map((m) =>
        m
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
      )
      .find((m) => m.includes(String(order!.number)) && /To: erika\.pickup@/.test(m));
    expect(mail).toBeDefined();
    expect(Buffer.from(mail!, 'latin1').toString('utf8')).toContain(point.street);
  });

  it('keeps no point for an order with another shipping method', async () => {
    const client = await shopper();
    const point = offlinePoints({ country: 'DE', postcode: '04109' })[0]!;
    const [flat] = await shop.database.db
      .select()
      .from(shippingMethods)
      .where(and(eq(shippingMethods.methodId, 'flat_rate')));
    const answer = await classic(
      client,
      form({ 'shipping_method[0]': `flat_rate:${flat!.id}`, pickup_point: selection(point.id) }),
    );
    expect(answer.result).toBe('success');
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, answer.order_id));
    expect(order!.pickupPoint).toBeNull();
  });

  it('takes the point id from the Store API additional fields', async () => {
    const client = await shopper();
    await client.post('/cart/select-shipping-rate', { package_id: 0, rate_id: rateId });
    const body = {
      billing_address: {
        first_name: 'Max',
        last_name: 'Muster',
        address_1: 'Ring 2',
        city: 'Berlin',
        postcode: '10115',
        country: 'DE',
        email: 'max.pickup@example.org',
      },
      payment_method: 'bacs',
      additional_fields: { terms: true },
    };
    const refused = await client.post('/checkout', body);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as any).code).toBe('woocommerce_rest_invalid_shipping_option');
    const point = offlinePoints({ country: 'DE', postcode: '10115' })[0]!;
    const placed = await client.post('/checkout', {
      ...body,
      additional_fields: { terms: true, pickup_point: point.id },
    });
    expect(placed.status).toBe(200);
    const [order] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, ((await placed.json()) as any).order_id));
    expect(order!.pickupPoint?.id).toBe(point.id);
  });

  it('adds the method to a demo shop seeded before it, once', async () => {
    expect(await seedDemoPickupPoint(shop.database.db)).toBe(false);
  });
});
