import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { outbox } from '#app/domain/orders/outbox.schema.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { orderShipments } from '#app/domain/orders/shipments.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { officialClient, staffKey } from '../support/rest-v3.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { TEN_KB } from '../support/hostile.ts';
import { outboxSettled } from '../support/outbox.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let customer: SignedIn;
let manager: SignedIn;
let productIds: number[];

const OWNER = {
  name: 'Kerzenzieherei Lindner',
  street: 'Lindenallee 5',
  postcode: '01067',
  city: 'Dresden',
  country: 'DE',
  email: 'laden@example.org',
  phone: '0351 000',
  vatId: 'DE123456789',
  register: 'HRB 1',
  representative: 'Jana Lindner',
};

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  customer = await signedInCustomer(db);
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  await putSetting(db, 'shop.owner', OWNER);
  const a = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  const b = await createProduct(db, { name: { de: 'Docht', en: 'Wick' } });
  productIds = [a.product.id, b.product.id];
});
afterAll(async () => {
  await shop?.close();
});

/** A paid order of the customer: three of the first line, one of the second, with SKUs. */
async function paidOrder(status: OrderRow['status'] = 'processing', email = 'kunde@example.com') {
  const db = shop.database.db;
  const order = await createOrder(db, {
    productIds,
    status,
    customerId: customer.customer.id,
    email,
  });
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  await db
    .update(orderItems)
    .set({ quantity: 3, sku: 'KRZ-ROT' })
    .where(eq(orderItems.id, items[0]!.id));
  await db.update(orderItems).set({ sku: 'DOCHT-1' }).where(eq(orderItems.id, items[1]!.id));
  return { order, items: items.map((i) => i.id) as [number, number] };
}

const nonce = (who: SignedIn) => sessionNonce(who, shop.env);

function post(path: string, body: string | URLSearchParams, who: SignedIn | null = manager) {
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=en; ${who?.cookie ?? ''}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: body.toString(),
    redirect: 'manual',
  });
}

const get = (path: string, who: SignedIn | null = manager, lang = 'en') =>
  fetch(shop.url + path, {
    headers: { cookie: `lang=${lang}; ${who?.cookie ?? ''}` },
    redirect: 'manual',
  });

function shipForm(fields: Record<string, string>, who: SignedIn = manager) {
  return new URLSearchParams({ intent: 'ship', security: nonce(who), ...fields });
}

async function shipmentCount(orderId: number) {
  const rows = await shop.database.db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId));
  return rows.length;
}

async function statusOf(orderId: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

describe('shipments', () => {
  it('ships part of an order, then the rest, which completes it with one mail per parcel', async () => {
    const { order, items } = await paidOrder('processing', 'teil@example.org');
    const first = await post(
      `/admin/orders/${order.id}`,
      shipForm({
        [`qty_${items[0]}`]: '2',
        [`qty_${items[1]}`]: '0',
        carrier: 'dhl',
        tracking_number: '0034 0434 1610 9404 2557',
      }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(
      new RegExp(`^/admin/orders/${order.id}\\?shipped=\\d+#shipments$`),
    );
    expect(await statusOf(order.id)).toBe('processing');

    // The page shows the parcel with its link and offers the rest: one candle and the wick.
    const page = await (await get(first.headers.get('location')!.split('#')[0]!)).text();
    expect(page).toContain('Shipment created.');
    expect(page).toContain(
      'href="https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557"',
    );
    expect(page).toMatch(new RegExp(`name="qty_${items[0]}"[^>]*value="1"`));
    expect(page).toMatch(new RegExp(`name="qty_${items[1]}"[^>]*value="1"`));
    // A parcel has left: the addresses are no longer offered for editing.
    expect(page).not.toContain(`href="/admin/orders/${order.id}/address"`);
    const addressPage = await (await get(`/admin/orders/${order.id}/address`)).text();
    expect(addressPage).not.toContain('name="billing_city"');

    const second = await post(
      `/admin/orders/${order.id}`,
      shipForm({
        [`qty_${items[0]}`]: '1',
        [`qty_${items[1]}`]: '1',
        carrier: 'ups',
        tracking_number: '1Z999AA10123456784',
      }),
    );
    expect(second.status).toBe(302);
    expect(await statusOf(order.id)).toBe('completed');
    expect(await shipmentCount(order.id)).toBe(2);

    const db = shop.database.db;
    const queued = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'mail.order_shipped')));
    expect(queued).toHaveLength(2);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['shipment', 'shipment', 'status']);
    expect(audit.every((a) => a.actorId === manager.customer.id)).toBe(true);

    await outboxSettled(shop);
    const mails = mailsWith(shop.dataDir, `order ${order.number}`).filter((m) =>
      m.text.includes('In this parcel'),
    );
    // Order placed in German: the mails are German.
    expect(mails).toHaveLength(0);
    const german = mailsWith(shop.dataDir, `Bestellung ${order.number}`);
    const shipped = german.filter((m) => m.text.includes('In diesem Paket'));
    expect(shipped).toHaveLength(2);
    const all = shipped.map((m) => m.text).join('\n---\n');
    expect(all).toContain('piececode=00340434161094042557');
    expect(all).toContain('https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784');
    expect(all).toContain('2 × Artikel');
    expect(all).toContain('Die übrigen Artikel folgen');
    expect(all).toContain('Mit diesem Paket sind alle Artikel versendet');
    // The parcel that completes the order replaces the "completed" status mail.
    expect(german.filter((m) => m.text.includes('ist jetzt: Abgeschlossen'))).toHaveLength(0);

    // REST v3: the parcels in WooCommerce Shipment Tracking's meta; shipping_lines unchanged.
    const key = await staffKey(shop, 'read');
    const rest = await officialClient(shop, key).get(`orders/${order.id}`);
    expect(rest.status).toBe(200);
    const json = rest.data as {
      shipping_lines: unknown[];
      meta_data: { key: string; value: Record<string, string>[] }[];
    };
    expect(json.shipping_lines).toEqual([]);
    const tracking = json.meta_data.find((m) => m.key === '_wc_shipment_tracking_items');
    expect(tracking?.value.map((v) => [v.custom_tracking_provider, v.tracking_number])).toEqual([
      ['DHL', '00340434161094042557'],
      ['UPS', '1Z999AA10123456784'],
    ]);
    expect(tracking?.value[1]?.custom_tracking_link).toBe(
      'https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784',
    );

    // The customer's order page lists both parcels with their tracking links.
    const view = await (await get(`/my-account/view-order/${order.id}`, customer)).text();
    expect(view).toContain(
      'href="https://www.ups.com/track?loc=de_DE&amp;tracknum=1Z999AA10123456784"',
    );
    expect(view).toContain('Track your parcel');
    const received = await (
      await get(`/checkout/order-received/${order.id}?key=${order.orderKey}`, customer)
    ).text();
    expect(received).toContain('piececode=00340434161094042557');
  });

  it('refuses more than is left to ship, and changes nothing', async () => {
    const { order, items } = await paidOrder();
    const res = await post(
      `/admin/orders/${order.id}`,
      shipForm({ [`qty_${items[0]}`]: '4', carrier: 'dpd', tracking_number: '01234567890123' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('At most 3');
    expect(html).toContain(`aria-describedby="ship-qty_${items[0]}-help ship-qty_${items[0]}-tip"`);
    expect(await shipmentCount(order.id)).toBe(0);
    // Shipped once, the line has nothing left.
    const ok = await post(
      `/admin/orders/${order.id}`,
      shipForm({ [`qty_${items[1]}`]: '1', carrier: 'gls', tracking_number: '12345678901' }),
    );
    expect(ok.status).toBe(302);
    const again = await post(
      `/admin/orders/${order.id}`,
      shipForm({ [`qty_${items[1]}`]: '1', carrier: 'gls', tracking_number: '12345678901' }),
    );
    expect(again.status).toBe(400);
    expect(await shipmentCount(order.id)).toBe(1);
  });

  it('checks the tracking number against the carrier’s format', async () => {
    const { order, items } = await paidOrder();
    const invalid: [string, string, string][] = [
      ['dhl', '12345', 'A DHL tracking number'],
      ['deutsche_post', 'RR123456789DE', 'A Deutsche Post tracking number'],
      ['dpd', '0123456789012', 'A DPD parcel number'],
      ['gls', '1234567890', 'A GLS parcel number'],
      ['hermes', '123456789012345', 'A Hermes tracking number'],
      ['ups', '1Z999AA10123456785', 'A UPS tracking number'],
      ['other', '<b>', 'The tracking number may contain'],
      ['dhl', '', 'Please enter the tracking number.'],
    ];
    for (const [carrier, number, message] of invalid) {
      const res = await post(
        `/admin/orders/${order.id}`,
        shipForm({ [`qty_${items[1]}`]: '1', carrier, tracking_number: number }),
      );
      expect(res.status, `${carrier} ${number}`).toBe(400);
      expect(await res.text(), carrier).toContain(message);
    }
    // Another carrier: any sane text and a web page to track it.
    const other = await post(
      `/admin/orders/${order.id}`,
      shipForm({
        [`qty_${items[1]}`]: '1',
        carrier: 'other',
        tracking_number: 'Spedition 4711',
        tracking_url: 'https://track.example.org/?id=4711',
      }),
    );
    expect(other.status).toBe(302);
    const page = await (await get(`/admin/orders/${order.id}`)).text();
    expect(page).toContain('href="https://track.example.org/?id=4711"');
  });

  it('answers hostile input with 4xx and a message, never a change', async () => {
    const { order, items } = await paidOrder();
    const other = await paidOrder();
    const base = { carrier: 'dhl', tracking_number: '00340434161094' };
    const qty = `qty_${items[0]}`;
    const cases: [string, URLSearchParams | string][] = [
      [
        'NUL in number',
        shipForm({ [qty]: '1', carrier: 'dhl', tracking_number: '0034\u00000434' }),
      ],
      ['10 kB number', shipForm({ [qty]: '1', carrier: 'other', tracking_number: TEN_KB })],
      [
        '10 kB url',
        shipForm({
          [qty]: '1',
          carrier: 'other',
          tracking_number: 'X1',
          tracking_url: `https://x.example/${TEN_KB}`,
        }),
      ],
      [
        'javascript url',
        shipForm({
          [qty]: '1',
          carrier: 'other',
          tracking_number: 'X1',
          tracking_url: 'javascript:alert(1)',
        }),
      ],
      [
        'url with a carrier',
        shipForm({ [qty]: '1', ...base, tracking_url: 'https://evil.example/' }),
      ],
      ['negative', shipForm({ [qty]: '-1', ...base })],
      ['fraction', shipForm({ [qty]: '1.5', ...base })],
      ['text', shipForm({ [qty]: 'zwei', ...base })],
      ['huge', shipForm({ [qty]: '9'.repeat(400), ...base })],
      ['nothing', shipForm({ [qty]: '0', ...base })],
      ['unknown carrier', shipForm({ [qty]: '1', carrier: 'fedex', tracking_number: '1' })],
      ['carrier array', `${shipForm({ [qty]: '1', ...base })}&carrier=ups`],
      ['qty array', `${shipForm({ [qty]: '1', ...base })}&${qty}=1`],
      ['another order’s line', shipForm({ [`qty_${other.items[0]}`]: '1', ...base })],
      ['unknown line', shipForm({ qty_999999999: '1', ...base })],
      ['stray field', shipForm({ [qty]: '1', ...base, status: 'completed' })],
      [
        'forged nonce',
        new URLSearchParams({ intent: 'ship', security: 'forged', [qty]: '1', ...base }),
      ],
      ['no nonce', new URLSearchParams({ intent: 'ship', [qty]: '1', ...base })],
    ];
    for (const [label, body] of cases) {
      const res = await post(`/admin/orders/${order.id}`, body);
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      const html = await res.text();
      expect(html, label).toContain('class="notice notice-error"');
      expect(html, label).not.toContain('\u0000');
    }
    expect(await shipmentCount(order.id)).toBe(0);
    expect(await shipmentCount(other.order.id)).toBe(0);
    // Posted from another site, the server refuses before the form is read.
    const foreign = await fetch(`${shop.url}/admin/orders/${order.id}`, {
      method: 'POST',
      headers: {
        cookie: manager.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: shipForm({ [qty]: '1', ...base }).toString(),
      redirect: 'manual',
    });
    expect(foreign.status).toBe(403);
    expect(await shipmentCount(order.id)).toBe(0);
  });

  it('ships only paid orders: on hold and pending wait for the payment', async () => {
    for (const status of ['on-hold', 'pending', 'cancelled'] as const) {
      const { order, items } = await paidOrder(status);
      const res = await post(
        `/admin/orders/${order.id}`,
        shipForm({ [`qty_${items[1]}`]: '1', carrier: 'dpd', tracking_number: '01234567890123' }),
      );
      expect(res.status, status).toBe(409);
      expect(await res.text()).toContain(
        status === 'on-hold' ? 'still waiting for its payment' : 'Only paid orders',
      );
      expect(await shipmentCount(order.id)).toBe(0);
      expect(await statusOf(order.id)).toBe(status);
      const page = await (await get(`/admin/orders/${order.id}`)).text();
      expect(page).not.toContain('name="tracking_number"');
    }
  });

  it('is the 404 page for guests and customers, form and packing slips alike', async () => {
    const { order, items } = await paidOrder();
    const body = shipForm({
      [`qty_${items[1]}`]: '1',
      carrier: 'dpd',
      tracking_number: '01234567890123',
    });
    for (const who of [null, customer]) {
      expect((await post(`/admin/orders/${order.id}`, body, who)).status).toBe(404);
      expect((await post(`/admin/orders/${order.id}`, 'intent=other', who)).status).toBe(404);
      for (const path of [
        `/admin/orders/${order.id}/packing-slip`,
        `/admin/orders/packing-slips?ids=${order.id}`,
      ]) {
        const res = await get(path, who);
        expect(res.status, path).toBe(404);
        const html = await res.text();
        expect(html).toContain('class="site-header');
        expect(html).not.toContain('Kerzenzieherei');
      }
    }
    expect(await shipmentCount(order.id)).toBe(0);
    // Staff with an unknown intent: a bad request, nothing else.
    expect((await post(`/admin/orders/${order.id}`, 'intent=other')).status).toBe(400);
  });
});

describe('packing slips', () => {
  it('prints sender, recipient, order number and date, lines with SKU and quantity, no prices', async () => {
    const { order } = await paidOrder();
    const res = await get(`/admin/orders/${order.id}/packing-slip`, manager, 'de');
    expect(res.status).toBe(200);
    const html = await res.text();
    const slip = html.slice(
      html.search(/<article[^>]*class="packing-slip"/),
      html.indexOf('</article>'),
    );
    expect(slip).toContain('Lieferschein');
    expect(slip).toContain('Kerzenzieherei Lindner · Lindenallee 5 · 01067 Dresden · Deutschland');
    expect(slip).toContain('Erika Mustermann');
    expect(slip).toContain('Hauptstraße 1');
    expect(slip).toContain('04109 Leipzig');
    expect(slip).toContain(String(order.number));
    expect(slip).toContain('KRZ-ROT');
    expect(slip).toMatch(/DOCHT-1<\/td><td class="num">1<\/td>/);
    expect(slip).toMatch(/KRZ-ROT<\/td><td class="num">3<\/td>/);
    expect(slip).not.toMatch(/€|EUR|11,90/);
    expect(html).toMatch(/assets\/packing-slip-[\w-]+\.css/);
  });

  it('prints several orders, each on its own page, and refuses malformed lists', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const res = await get(
      `/admin/orders/packing-slips?ids=${b.order.id},${a.order.id},${b.order.id}`,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<article[^>]*class="packing-slip"/g)).toHaveLength(2);
    expect(html.indexOf(`Packing slip ${b.order.number}`)).toBeLessThan(
      html.indexOf(`Packing slip ${a.order.number}`),
    );
    for (const ids of ['', 'abc', '1,,2', '-1', '1.5', `${a.order.id}%00`, TEN_KB.slice(0, 2000)]) {
      const bad = await get(`/admin/orders/packing-slips?ids=${ids}`);
      expect(bad.status, ids.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(bad.status, ids.slice(0, 20)).toBeLessThan(500);
    }
    expect((await get('/admin/orders/packing-slips')).status).toBe(400);
    expect((await get('/admin/orders/packing-slips?ids=999999999')).status).toBe(404);
    expect((await get('/admin/orders/999999999/packing-slip')).status).toBe(404);
  });
});
