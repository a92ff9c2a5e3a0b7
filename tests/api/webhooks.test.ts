// WooCommerce-style webhooks: deliveries to a local receiver after real changes (a checkout,
// product writes), retries and disabling, refused private addresses, the REST API v3.
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOf } from '#app/domain/audit/audit.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { webhookDeliveries, webhooks } from '#app/domain/webhooks/webhooks.schema.ts';
import { ALLOW_PRIVATE_SETTING } from '#app/http/webhooks/targets.server.ts';
import { drainOutbox } from '#server/outbox.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectedSignature, startReceiver } from '../support/webhook-receiver.ts';

let shop: TestShop;
let candle: number;
let admin: TestKey;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const db = () => shop.database.db;

beforeAll(async () => {
  receiver = await startReceiver();
  ({ shop, candle } = await startCheckoutShop({
    candleStock: 50,
    env: { TRUST_PROXY: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
  }));
  admin = await staffKey(shop, 'read_write', 'administrator');
});
afterAll(async () => {
  await shop?.close();
  await receiver?.close();
});

async function createHook(topic: string, path: string, secret = '') {
  const created = await restCall(shop, admin, 'POST', 'webhooks', {
    name: `${topic} ${path}`,
    topic,
    delivery_url: receiver.url(path),
    ...(secret ? { secret } : {}),
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; secret: string };
}

/** Makes waiting retries due now and runs the outbox, as the next poll would. */
async function retryNow() {
  await db().execute(
    sql`update outbox set run_after = now() where kind = 'webhook.deliver' and done_at is null`,
  );
  await drainOutbox({ db: db() as never, env: shop.env });
}

async function checkout() {
  const start = await fetch(`${shop.url}/wc/store/v1/cart`);
  await start.arrayBuffer();
  const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
  const nonce = start.headers.get('nonce')!;
  const headers = { cookie, nonce, 'content-type': 'application/json', origin: shop.url };
  const added = await fetch(`${shop.url}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: candle, quantity: 2 }),
  });
  expect(added.status).toBe(201);
  await added.arrayBuffer();
  const placed = await fetch(`${shop.url}/wc/store/v1/checkout`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      billing_address: {
        first_name: 'Lena',
        last_name: 'Kraus',
        address_1: 'Marktplatz 1',
        city: 'Bremen',
        postcode: '28195',
        country: 'DE',
        email: 'lena@example.org',
      },
      payment_method: 'bacs',
      additional_fields: { terms: true },
    }),
  });
  const body = (await placed.json()) as { order_id: number };
  expect(placed.status).toBe(200);
  return body.order_id;
}

async function hookRow(id: number) {
  const [row] = await db().select().from(webhooks).where(eq(webhooks.id, id));
  return row!;
}

describe('deliveries', () => {
  it('sends order.created after a checkout, signed, with WooCommerce headers', async () => {
    const hook = await createHook('order.created', '/orders', 'geheim-123');
    const orderId = await checkout();
    await expect.poll(() => receiver.at('/orders').length).toBe(1);
    const [delivery] = receiver.at('/orders');
    const h = delivery!.headers;
    expect(h['x-wc-webhook-signature']).toBe(expectedSignature(delivery!.body, 'geheim-123'));
    expect(h['x-wc-webhook-topic']).toBe('order.created');
    expect(h['x-wc-webhook-resource']).toBe('order');
    expect(h['x-wc-webhook-event']).toBe('created');
    expect(h['x-wc-webhook-id']).toBe(String(hook.id));
    expect(h['x-wc-webhook-delivery-id']).toMatch(/^\d+$/);
    expect(h['x-wc-webhook-source']).toBe(`${shop.env.SHOP_URL}/`);
    expect(h['user-agent']).toMatch(/Ladenzeile/);
    expect(h['content-type']).toBe('application/json');
    const order = JSON.parse(delivery!.body);
    expect(order.id).toBe(orderId);
    expect(order.billing.email).toBe('lena@example.org');
    expect(order.line_items[0].quantity).toBe(2);
    // The log keeps the attempt; a wrong secret would not verify.
    expect(h['x-wc-webhook-signature']).not.toBe(expectedSignature(delivery!.body, 'other'));
    await expect
      .poll(async () =>
        (
          await db()
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.webhookId, hook.id))
        ).map((l) => l.responseCode),
      )
      .toEqual([200]);
    // Another hook's topic did not fire for the same checkout.
    expect(receiver.at('/products')).toHaveLength(0);
  });

  it('delivers each event once per webhook although two workers drain the outbox', async () => {
    await createHook('product.created', '/once');
    const made = await restCall(shop, admin, 'POST', 'products', {
      name: 'Einmal-Kerze',
      regular_price: '3.00',
    });
    expect(made.status).toBe(201);
    const ctx = { db: db() as never, env: shop.env };
    await Promise.all([drainOutbox(ctx), drainOutbox(ctx), drainOutbox(ctx)]);
    await expect.poll(() => receiver.at('/once').length).toBe(1);
    await drainOutbox(ctx);
    expect(receiver.at('/once')).toHaveLength(1);
    expect(JSON.parse(receiver.at('/once')[0]!.body).id).toBe(made.body.id);
  });

  it('retries a delivery answered with 500 and then succeeds with the same delivery id', async () => {
    const hook = await createHook('product.updated', '/flaky');
    receiver.answer('/flaky', [500]);
    const changed = await restCall(shop, admin, 'PUT', `products/${candle}`, {
      regular_price: '13.90',
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => receiver.at('/flaky').length).toBe(1);
    await expect.poll(async () => (await hookRow(hook.id)).failureCount).toBe(1);
    await retryNow();
    await expect.poll(() => receiver.at('/flaky').length).toBe(2);
    const [first, second] = receiver.at('/flaky');
    expect(second!.headers['x-wc-webhook-delivery-id']).toBe(
      first!.headers['x-wc-webhook-delivery-id'],
    );
    expect(JSON.parse(second!.body).regular_price).toBe('13.90');
    await expect.poll(async () => (await hookRow(hook.id)).failureCount).toBe(0);
    const log = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.id))
      .orderBy(webhookDeliveries.id);
    expect(log.map((l) => [l.attempt, l.responseCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect((await hookRow(hook.id)).status).toBe('active');
  });

  it('disables a webhook after five failed deliveries in a row', async () => {
    const hook = await createHook('product.updated', '/broken');
    receiver.answer('/broken', Array(20).fill(503));
    await restCall(shop, admin, 'PUT', `products/${candle}`, { regular_price: '14.90' });
    // Each retry waits until the previous attempt is recorded: the shop's own worker may still hold it.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      if (attempt > 1) await retryNow();
      await expect.poll(() => receiver.at('/broken').length).toBe(attempt);
      await expect.poll(async () => (await hookRow(hook.id)).failureCount).toBe(attempt);
    }
    await retryNow();
    expect(receiver.at('/broken')).toHaveLength(5);
    const row = await hookRow(hook.id);
    expect(row.status).toBe('disabled');
    expect(row.failureCount).toBe(5);
    const [disabled] = await changesOf(db(), 'webhook', hook.id);
    expect(disabled).toMatchObject({
      channel: 'system',
      action: 'disabled_after_failures',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    // Disabled: later changes queue nothing for it.
    await restCall(shop, admin, 'PUT', `products/${candle}`, { regular_price: '15.90' });
    await retryNow();
    expect(receiver.at('/broken')).toHaveLength(5);
    const listed = await restCall(shop, admin, 'GET', `webhooks/${hook.id}`);
    expect(listed.body.status).toBe('disabled');
  });

  it('sends a deleted product as its id only', async () => {
    await createHook('product.deleted', '/deleted');
    const made = await restCall(shop, admin, 'POST', 'products', { name: 'Weg-Kerze' });
    const gone = await restCall(shop, admin, 'DELETE', `products/${made.body.id}?force=true`);
    expect(gone.status).toBe(200);
    await drainOutbox({ db: db() as never, env: shop.env });
    await expect.poll(() => receiver.at('/deleted').length).toBe(1);
    expect(JSON.parse(receiver.at('/deleted')[0]!.body)).toEqual({ id: made.body.id });
  });
});

describe('REST API v3 webhooks through the official client', () => {
  it('creates, reads, lists, changes, batches and deletes webhooks in WooCommerce shapes', async () => {
    const client = officialClient(shop, admin);
    const created = await client.post('webhooks', {
      name: 'ERP orders',
      topic: 'order.updated',
      delivery_url: receiver.url('/erp'),
    });
    expect(created.status).toBe(201);
    const hook = created.data;
    expect(hook).toMatchObject({
      name: 'ERP orders',
      status: 'active',
      topic: 'order.updated',
      resource: 'order',
      event: 'updated',
      delivery_url: receiver.url('/erp'),
    });
    expect(hook.hooks).toContain('woocommerce_update_order');
    expect(hook.secret.length).toBeGreaterThanOrEqual(20);
    expect(hook.date_created).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(hook._links.self[0].href).toMatch(new RegExp(`/wp-json/wc/v3/webhooks/${hook.id}$`));

    const read = await client.get(`webhooks/${hook.id}`);
    expect(read.data.id).toBe(hook.id);
    expect(read.data.secret).toBeUndefined();
    expect((await client.get(`webhooks/${hook.id}`, { context: 'edit' })).data.secret).toBe(
      hook.secret,
    );

    const listed = await client.get('webhooks', { per_page: 100, status: 'active' });
    expect(listed.data.map((w: { id: number }) => w.id)).toContain(hook.id);
    expect(Number(listed.headers['x-wp-total'])).toBeGreaterThan(0);

    const paused = await client.put(`webhooks/${hook.id}`, { status: 'paused', name: 'ERP' });
    expect(paused.data).toMatchObject({ status: 'paused', name: 'ERP', topic: 'order.updated' });

    const batch = await client.post('webhooks/batch', {
      create: [
        { topic: 'customer.created', delivery_url: receiver.url('/crm') },
        { topic: 'action.woocommerce_anything', delivery_url: receiver.url('/crm') },
      ],
      update: [{ id: hook.id, status: 'active' }],
      delete: [hook.id + 100_000],
    });
    expect(batch.data.create[0]).toMatchObject({ topic: 'customer.created', status: 'active' });
    expect(batch.data.create[1].error.code).toBe('woocommerce_rest_webhook_invalid_topic');
    expect(batch.data.update[0]).toMatchObject({ id: hook.id, status: 'active' });
    expect(batch.data.delete[0].error.code).toBe('woocommerce_rest_webhook_invalid_id');

    const trash = await restCall(shop, admin, 'DELETE', `webhooks/${hook.id}`);
    expect(trash.body.code).toBe('woocommerce_rest_trash_not_supported');
    const deleted = await client.delete(`webhooks/${hook.id}`, { force: true });
    expect(deleted.data.id).toBe(hook.id);
    const missing = await restCall(shop, admin, 'GET', `webhooks/${hook.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('woocommerce_rest_webhook_invalid_id');

    // Every change is in the audit log with the key's owner; the secret never in clear.
    const audit = (await changesOf(db(), 'webhook', hook.id)).reverse();
    expect(audit.map((a) => [a.channel, a.action])).toEqual([
      ['api', 'create'],
      ['api', 'update'],
      ['api', 'update'],
      ['api', 'delete'],
    ]);
    expect(audit[1]).toMatchObject({
      before: { name: 'ERP orders', status: 'active' },
      after: { name: 'ERP', status: 'paused' },
    });
    expect(audit[0]!.after).toMatchObject({
      secret: expect.stringMatching(/^sha256:[0-9a-f]{8}$/),
    });
    expect(JSON.stringify(audit)).not.toContain(hook.secret);
  });

  it('refuses shop managers and read-only keys', async () => {
    const manager = await staffKey(shop, 'read_write', 'shop_manager');
    const asManager = await restCall(shop, manager, 'GET', 'webhooks');
    expect(asManager.status).toBe(403);
    expect(asManager.body.code).toBe('woocommerce_rest_cannot_view');
    const reader = await staffKey(shop, 'read', 'administrator');
    const write = await restCall(shop, reader, 'POST', 'webhooks', {
      topic: 'order.created',
      delivery_url: receiver.url('/x'),
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('woocommerce_rest_authentication_error');
    expect((await restCall(shop, null, 'GET', 'webhooks')).status).toBe(401);
  });
});

describe('without permission for private addresses', () => {
  let plain: TestShop;
  let key: TestKey;
  beforeAll(async () => {
    plain = await startTestShop({ env: { TRUST_PROXY: 'true' } });
    key = await staffKey(plain, 'read_write', 'administrator');
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('refuses loopback, private and link-local delivery URLs until the setting allows them', async () => {
    for (const url of [
      receiver.url('/private'),
      'http://localhost:9/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0x7f000001/hook',
    ]) {
      const refused = await restCall(plain, key, 'POST', 'webhooks', {
        topic: 'order.created',
        delivery_url: url,
      });
      expect([url, refused.status, refused.body.code]).toEqual([
        url,
        400,
        'woocommerce_rest_webhook_invalid_delivery_url',
      ]);
    }
    expect(await plain.database.db.select().from(webhooks)).toHaveLength(0);
    await putSetting(plain.database.db, ALLOW_PRIVATE_SETTING, true);
    const allowed = await restCall(plain, key, 'POST', 'webhooks', {
      topic: 'order.created',
      delivery_url: receiver.url('/private'),
    });
    expect(allowed.status).toBe(201);
    await putSetting(plain.database.db, ALLOW_PRIVATE_SETTING, false);
  });

  it('does not deliver to a private address that got into the table another way', async () => {
    const [row] = await plain.database.db
      .insert(webhooks)
      .values({
        name: 'sneaked',
        topic: 'product.created',
        deliveryUrl: receiver.url('/sneaked'),
        secret: 's',
      })
      .returning();
    const made = await restCall(plain, key, 'POST', 'products', { name: 'Kerze' });
    expect(made.status).toBe(201);
    await drainOutbox({ db: plain.database.db as never, env: plain.env });
    await expect
      .poll(async () =>
        (
          await plain.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.webhookId, row!.id))
        ).map((d) => [d.responseCode, d.error]),
      )
      .toEqual([[null, expect.stringMatching(/private, loopback or link-local/)]]);
    expect(receiver.at('/sneaked')).toHaveLength(0);
  });

  it('answers hostile input with clear 4xx, never 500, and stores nothing', async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      [
        'NUL',
        { topic: 'order.created', delivery_url: 'https://a.example/\u0000' },
        'rest_invalid_param',
      ],
      [
        'NUL name',
        { name: 'a\u0000b', topic: 'order.created', delivery_url: 'https://a.example/' },
        'rest_invalid_param',
      ],
      [
        '10 kB',
        { topic: 'order.created', delivery_url: `https://a.example/${TEN_KB}` },
        'rest_invalid_param',
      ],
      [
        'file',
        { topic: 'order.created', delivery_url: 'file:///etc/passwd' },
        'woocommerce_rest_webhook_invalid_delivery_url',
      ],
      [
        'metadata',
        { topic: 'order.created', delivery_url: 'http://169.254.169.254/' },
        'woocommerce_rest_webhook_invalid_delivery_url',
      ],
      [
        'credentials',
        { topic: 'order.created', delivery_url: 'https://u:p@a.example/' },
        'woocommerce_rest_webhook_invalid_delivery_url',
      ],
      [
        'array topic',
        { topic: ['order.created'], delivery_url: 'https://a.example/' },
        'rest_invalid_param',
      ],
      [
        'array url',
        { topic: 'order.created', delivery_url: ['https://a.example/'] },
        'rest_invalid_param',
      ],
      [
        'object name',
        { name: { x: 1 }, topic: 'order.created', delivery_url: 'https://a.example/' },
        'rest_invalid_param',
      ],
      [
        'number status',
        { status: 5, topic: 'order.created', delivery_url: 'https://a.example/' },
        'rest_invalid_param',
      ],
      [
        'action topic',
        { topic: 'action.woocommerce_x', delivery_url: 'https://a.example/' },
        'woocommerce_rest_webhook_invalid_topic',
      ],
      [
        'no topic',
        { delivery_url: 'https://a.example/' },
        'woocommerce_rest_webhook_invalid_topic',
      ],
    ];
    const before = (await plain.database.db.select().from(webhooks)).length;
    for (const [label, body, code] of bad) {
      const answer = await restCall(plain, key, 'POST', 'webhooks', body);
      expect([label, answer.status, answer.body.code]).toEqual([label, 400, code]);
    }
    for (const path of ['webhooks/999999', 'webhooks/abc', 'webhooks/0', 'webhooks/99999999999']) {
      const answer = await restCall(plain, key, 'GET', path);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const broken = await restCall(plain, key, 'POST', 'webhooks', '{"topic": ');
    expect(broken.status).toBe(400);
    expect((await plain.database.db.select().from(webhooks)).length).toBe(before);
  });
});
