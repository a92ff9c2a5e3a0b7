import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { apiKeys } from '#app/domain/api-keys/api-keys.schema.ts';
import { orderOutbox } from '#app/domain/orders/outbox.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createOrder } from '#db/seed/factories.ts';
import { outboxSettled } from '../support/outbox.ts';
import { type TestKey, officialClient, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let key: TestKey;
let client: ReturnType<typeof officialClient>;

beforeAll(async () => {
  shop = await startTestShop();
  key = await staffKey(shop, 'read_write');
  client = officialClient(shop, key);
});

afterAll(async () => {
  await shop?.close();
});

type ApiError = { response: { status: number; data: { code: string; message: string } } };

async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as ApiError | null;
  expect(error, 'the call should have been refused').not.toBeNull();
  return { status: error!.response.status, ...error!.response.data };
}

describe('the official client over OAuth 1.0a (plain HTTP)', () => {
  it('lists orders with filters, paging headers and WooCommerce money strings', async () => {
    const db = shop.database.db;
    const tag = `api${Date.now()}`;
    const made = [];
    for (const status of ['processing', 'on-hold', 'completed'] as const) {
      made.push(await createOrder(db, { status, productIds: [7], email: `${tag}@example.com` }));
    }
    const all = await client.get('orders', {
      search: tag,
      per_page: 2,
      orderby: 'id',
      order: 'asc',
    });
    expect(all.status).toBe(200);
    expect(all.headers['x-wp-total']).toBe('3');
    expect(all.headers['x-wp-totalpages']).toBe('2');
    expect(all.headers.link).toContain('rel="next"');
    expect(all.headers.link).not.toContain('oauth_');
    expect(all.data.map((o: { id: number }) => o.id)).toEqual([made[0]!.id, made[1]!.id]);
    const first = all.data[0];
    expect(first).toMatchObject({
      id: made[0]!.id,
      status: 'processing',
      currency: 'EUR',
      total: '11.90',
      total_tax: '1.90',
      prices_include_tax: true,
      number: String(made[0]!.number),
      billing: { email: `${tag}@example.com`, first_name: 'Erika' },
      meta_data: [],
      refunds: [],
    });
    expect(first.line_items[0]).toMatchObject({
      product_id: 7,
      quantity: 1,
      total: '10.00',
      total_tax: '1.90',
    });
    expect(first.date_created_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const some = await client.get('orders', { search: tag, status: 'on-hold,completed' });
    expect(some.data.map((o: { status: string }) => o.status).sort()).toEqual([
      'completed',
      'on-hold',
    ]);
    const page2 = await client.get('orders', {
      search: tag,
      per_page: 2,
      page: 2,
      orderby: 'id',
      order: 'asc',
    });
    expect(page2.data.map((o: { id: number }) => o.id)).toEqual([made[2]!.id]);
    expect(page2.headers.link).toContain('rel="prev"');
    const before = await client.get('orders', { search: tag, before: '2000-01-01T00:00:00' });
    expect(before.data).toEqual([]);
  });

  it("reads one order, and answers an unknown one with 404 in WooCommerce's shape", async () => {
    const order = await createOrder(shop.database.db, { productIds: [3] });
    const one = await client.get(`orders/${order.id}`);
    expect(one.data).toMatchObject({ id: order.id, order_key: order.orderKey });
    expect(one.data._links.self[0].href).toContain(`/wp-json/wc/v3/orders/${order.id}`);
    expect(await refusal(client.get('orders/999999'))).toMatchObject({
      status: 404,
      code: 'woocommerce_rest_shop_order_invalid_id',
    });
  });

  it('changes the status through the lifecycle, queues the mail and records the audit entry', async () => {
    const db = shop.database.db;
    const order = await createOrder(db, { status: 'processing', productIds: [5] });
    const updated = await client.put(`orders/${order.id}`, {
      status: 'completed',
      customer_note: 'Bitte klingeln',
      billing: { phone: '0341 999' },
      meta_data: [{ key: 'erp_id', value: 'A-1' }],
    });
    expect(updated.data).toMatchObject({
      status: 'completed',
      customer_note: 'Bitte klingeln',
      billing: { phone: '0341 999', first_name: 'Erika' },
    });
    expect(updated.data.date_completed_gmt).not.toBeNull();
    const entries = await orderOutbox(db, order.id);
    expect(entries.map((e) => e.kind)).toContain('order.changed');
    await outboxSettled(shop);
    expect((await orderOutbox(db, order.id)).map((e) => e.kind)).toContain('mail.order_status');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((a) => [a.action, a.channel, a.actorId, a.actorLabel])).toEqual(
      expect.arrayContaining([
        ['status', 'api', key.customerId, key.description],
        ['update', 'api', key.customerId, key.description],
      ]),
    );
    expect(audit.find((a) => a.action === 'status')).toMatchObject({
      before: { status: 'processing' },
      after: { status: 'completed' },
    });
    const [access] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(access!.lastAccess).not.toBeNull();
  });

  it('refuses a change the transition table does not allow, and changes nothing else', async () => {
    const db = shop.database.db;
    const order = await createOrder(db, { status: 'completed', productIds: [5] });
    const refused = await refusal(
      client.put(`orders/${order.id}`, { status: 'pending', customer_note: 'nie' }),
    );
    expect(refused).toMatchObject({
      status: 400,
      code: 'woocommerce_rest_invalid_order_status_transition',
    });
    expect(refused.message).toContain('completed');
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'completed', customerNote: '' });
    expect(await orderOutbox(db, order.id)).toEqual([]);
  });

  it('keeps orders: no trash and no deletion, with the reason', async () => {
    const order = await createOrder(shop.database.db, { status: 'cancelled', productIds: [5] });
    expect(await refusal(client.delete(`orders/${order.id}`))).toMatchObject({
      status: 400,
      code: 'woocommerce_rest_trash_not_supported',
    });
    expect(await refusal(client.delete(`orders/${order.id}`, { force: true }))).toMatchObject({
      status: 400,
      code: 'woocommerce_rest_cannot_delete',
    });
    expect((await client.get(`orders/${order.id}`)).data.status).toBe('cancelled');
  });

  it("adds, lists, reads and deletes notes; another order's note is not found", async () => {
    const db = shop.database.db;
    const order = await createOrder(db, { productIds: [5] });
    const other = await createOrder(db, { productIds: [5] });
    const added = await client.post(`orders/${order.id}/notes`, {
      note: 'Paket an DHL übergeben',
      customer_note: true,
    });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({
      note: 'Paket an DHL übergeben',
      customer_note: true,
      added_by_user: true,
      author: key.description,
    });
    const listed = await client.get(`orders/${order.id}/notes`);
    expect(listed.data.map((n: { id: number }) => n.id)).toContain(added.data.id);
    const one = await client.get(`orders/${order.id}/notes/${added.data.id}`);
    expect(one.data.note).toBe('Paket an DHL übergeben');
    expect(await refusal(client.get(`orders/${other.id}/notes/${added.data.id}`))).toMatchObject({
      status: 404,
      code: 'woocommerce_rest_order_note_invalid_id',
    });
    expect(
      await refusal(client.delete(`orders/${other.id}/notes/${added.data.id}`, { force: true })),
    ).toMatchObject({ status: 404 });
    const deleted = await client.delete(`orders/${order.id}/notes/${added.data.id}`, {
      force: true,
    });
    expect(deleted.data.id).toBe(added.data.id);
    expect(await refusal(client.get(`orders/${order.id}/notes/${added.data.id}`))).toMatchObject({
      status: 404,
    });
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['note', 'note_delete']));
  });

  it('lists no refunds of an order refunded by its status, and refunds only what was paid', async () => {
    const order = await createOrder(shop.database.db, { status: 'refunded', productIds: [5] });
    const refunds = await client.get(`orders/${order.id}/refunds`);
    expect(refunds.data).toEqual([]);
    expect(refunds.headers['x-wp-total']).toBe('0');
    expect(
      await refusal(client.post(`orders/${order.id}/refunds`, { amount: '1.00' })),
    ).toMatchObject({ status: 400, code: 'woocommerce_rest_cannot_create_order_refund' });
  });
});
