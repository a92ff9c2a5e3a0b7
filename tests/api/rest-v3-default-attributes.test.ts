// REST API v3 `default_attributes` of variable products: answered in WooCommerce's shape,
// taken on create, update and batch, checked against the variation attributes, and the
// product page starts with them. Variation changes announce their product (`product.updated`).
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { bulkEditVariations } from '#app/domain/catalog/variations-admin.server.ts';
import { outbox } from '#app/domain/orders/outbox.schema.ts';
import { webhooks } from '#app/domain/webhooks/webhooks.schema.ts';
import { createAttribute } from '#db/seed/factories.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { startReceiver } from '../support/webhook-receiver.ts';

let shop: TestShop;
let writer: TestKey;
let reader: TestKey;
let client: ReturnType<typeof officialClient>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const db = () => shop.database.db;

beforeAll(async () => {
  receiver = await startReceiver();
  shop = await startTestShop({
    env: { TRUST_PROXY: 'true', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
  });
  writer = await staffKey(shop, 'read_write');
  reader = await staffKey(shop, 'read');
  client = officialClient(shop, writer);
});
afterAll(async () => {
  await shop?.close();
  await receiver?.close();
});

const call = (method: string, path: string, body?: unknown, key: TestKey = writer) =>
  restCall(shop, key, method, path, body);

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

/** A variable product over colour (variations) and material (shown only), with variations. */
async function fixture() {
  const u = unique();
  const colour = await createAttribute(db(), {
    slug: `farbe-${u}`,
    name: { de: `Farbe ${u}`, en: `Colour ${u}` },
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      { slug: 'gruen', name: { de: 'Grün', en: 'Green' } },
    ],
  });
  const material = await createAttribute(db(), {
    slug: `stoff-${u}`,
    name: { de: `Stoff ${u}` },
    terms: [{ slug: 'wolle', name: { de: 'Wolle' } }],
  });
  const created = await client.post('products', {
    name: `Mütze ${u}`,
    type: 'variable',
    attributes: [
      { id: colour.attribute.id, options: ['Rot', 'Blau'], variation: true },
      { id: material.attribute.id, options: ['Wolle'], variation: false },
    ],
    default_attributes: [{ id: colour.attribute.id, option: 'Blau' }],
  });
  expect(created.status).toBe(201);
  const id = created.data.id as number;
  for (const option of ['Rot', 'Blau']) {
    const v = await call('POST', `products/${id}/variations`, {
      regular_price: '12.00',
      attributes: [{ id: colour.attribute.id, option }],
    });
    expect(v.status).toBe(201);
  }
  return { u, id, colour, material, created: created.data };
}

describe('default attributes', () => {
  it('are answered as WooCommerce does and taken on create and update', async () => {
    const f = await fixture();
    expect(f.created.default_attributes).toEqual([
      { id: f.colour.attribute.id, name: `Farbe ${f.u}`, option: 'Blau' },
    ]);
    const [row] = await db().select().from(products).where(eq(products.id, f.id));
    expect(row!.defaultAttributes).toEqual({ [f.colour.attribute.slug]: 'blau' });
    const english = await client.get(`products/${f.id}`, { lang: 'en' });
    expect(english.data.default_attributes).toEqual([
      { id: f.colour.attribute.id, name: `Colour ${f.u}`, option: 'Blue' },
    ]);
    // By name (id 0) and by the term's slug.
    const byName = await client.put(`products/${f.id}`, {
      default_attributes: [{ id: 0, name: `pa_${f.colour.attribute.slug}`, option: 'rot' }],
    });
    expect(byName.data.default_attributes).toEqual([
      { id: f.colour.attribute.id, name: `Farbe ${f.u}`, option: 'Rot' },
    ]);
    // Other fields leave them alone; an empty list clears them.
    const renamed = await client.put(`products/${f.id}`, { name: `Haube ${f.u}` });
    expect(renamed.data.default_attributes).toHaveLength(1);
    const cleared = await client.put(`products/${f.id}`, { default_attributes: [] });
    expect(cleared.data.default_attributes).toEqual([]);
    const [after] = await db().select().from(products).where(eq(products.id, f.id));
    expect(after!.defaultAttributes).toBeNull();
  });

  it('start the product page with the default combination', async () => {
    const f = await fixture();
    const page = await fetch(`${shop.url}/product/${f.created.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const select = html.match(
      new RegExp(`<select[^>]*name="attribute_${f.colour.attribute.slug}"[\\s\\S]*?</select>`),
    )?.[0];
    expect(select).toBeDefined();
    const chosen = (value: string) =>
      new RegExp(`<option(?=[^>]*\\bselected\\b)(?=[^>]*value="${value}")[^>]*>`);
    expect(select).toMatch(chosen('blau'));
    expect(select).not.toMatch(chosen('rot'));
  });

  it('refuses attributes and options the variations are not made of', async () => {
    const f = await fixture();
    const bad = (extra: object) => ({ default_attributes: [extra] });
    const refusals: [string, unknown][] = [
      ['shown-only attribute', bad({ id: f.material.attribute.id, option: 'Wolle' })],
      ['term not chosen for the product', bad({ id: f.colour.attribute.id, option: 'Grün' })],
      ['unknown term', bad({ id: f.colour.attribute.id, option: 'Lila' })],
      ['unknown attribute', bad({ id: 999999, option: 'Rot' })],
      ['unknown name', bad({ id: 0, name: 'Nichts', option: 'Rot' })],
    ];
    for (const [label, body] of refusals) {
      const res = await call('PUT', `products/${f.id}`, body);
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe('woocommerce_rest_invalid_default_attributes');
      expect(res.body.message, label).toMatch(/Variationsattribute/);
    }
    // A simple product has no variation attributes to default.
    const simple = await call('POST', 'products', {
      name: `Schal ${f.u}`,
      default_attributes: [{ id: f.colour.attribute.id, option: 'Rot' }],
    });
    expect(simple.status).toBe(400);
    expect(simple.body.code).toBe('woocommerce_rest_invalid_default_attributes');
    const hostile: [string, unknown][] = [
      ['a string', { default_attributes: 'Rot' }],
      ['an object', { default_attributes: { id: f.colour.attribute.id, option: 'Rot' } }],
      ['an array option', bad({ id: f.colour.attribute.id, option: ['Rot'] })],
      ['an array id', bad({ id: [f.colour.attribute.id], option: 'Rot' })],
      ['no option', bad({ id: f.colour.attribute.id })],
      ['a NUL byte', bad({ id: f.colour.attribute.id, option: 'R\u0000ot' })],
      ['10 kB', bad({ id: f.colour.attribute.id, option: TEN_KB })],
      ['too many', { default_attributes: Array(51).fill({ id: 1, option: 'Rot' }) }],
    ];
    for (const [label, body] of hostile) {
      const res = await call('PUT', `products/${f.id}`, body);
      expect(res.status, label).toBe(400);
    }
    const missing = await call('PUT', 'products/999999', bad({ id: 1, option: 'x' }));
    expect(missing.status).toBe(404);
    const read = await call('PUT', `products/${f.id}`, { default_attributes: [] }, reader);
    expect(read.status).toBe(403);
    const [row] = await db().select().from(products).where(eq(products.id, f.id));
    expect(row!.defaultAttributes).toEqual({ [f.colour.attribute.slug]: 'blau' });
  });

  it('are taken in a products batch, a refused item answered on its own', async () => {
    const f = await fixture();
    const res = await call('POST', 'products/batch', {
      update: [
        { id: f.id, default_attributes: [{ id: f.colour.attribute.id, option: 'Lila' }] },
        { id: f.id, default_attributes: [{ id: f.colour.attribute.id, option: 'Rot' }] },
      ],
      create: [
        {
          name: `Stulpen ${f.u}`,
          type: 'variable',
          attributes: [{ id: f.colour.attribute.id, options: ['Grün'], variation: true }],
          default_attributes: [{ id: f.colour.attribute.id, option: 'Grün' }],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.update[0]).toEqual({
      id: f.id,
      error: {
        code: 'woocommerce_rest_invalid_default_attributes',
        message: expect.any(String),
        data: { status: 400 },
      },
    });
    expect(res.body.update[1].default_attributes).toEqual([
      { id: f.colour.attribute.id, name: `Farbe ${f.u}`, option: 'Rot' },
    ]);
    expect(res.body.create[0].default_attributes).toEqual([
      { id: f.colour.attribute.id, name: `Farbe ${f.u}`, option: 'Grün' },
    ]);
  });
});

describe('product.updated for variation changes', () => {
  /** The product.updated events queued after `since` for this product. */
  async function queued(since: number, productId: number) {
    const rows = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          gt(outbox.id, since),
          eq(outbox.kind, 'webhook.deliver'),
          sql`${outbox.payload} ->> 'topic' = 'product.updated'`,
          sql`(${outbox.payload} ->> 'resourceId')::int = ${productId}`,
        ),
      );
    return rows.length;
  }
  const lastOutboxId = async () =>
    Number(
      (
        await db()
          .select({ id: sql<number>`coalesce(max(${outbox.id}), 0)` })
          .from(outbox)
      )[0]!.id,
    );

  it('queues it with REST variation writes and once per back-office bulk edit', async () => {
    const f = await fixture();
    await db()
      .insert(webhooks)
      .values({
        name: 'Produkte',
        topic: 'product.updated',
        deliveryUrl: receiver.url(`/variations-${f.u}`),
        secret: 's',
      });
    const variations = (await client.get(`products/${f.id}/variations`)).data as { id: number }[];

    let since = await lastOutboxId();
    const changed = await call('PUT', `products/${f.id}/variations/${variations[0]!.id}`, {
      regular_price: '13.00',
    });
    expect(changed.status).toBe(200);
    expect(await queued(since, f.id)).toBe(1);

    since = await lastOutboxId();
    const batch = await call('POST', `products/${f.id}/variations/batch`, {
      update: variations.map((v) => ({ id: v.id, sale_price: '9.00' })),
    });
    expect(batch.status).toBe(200);
    expect(await queued(since, f.id)).toBeGreaterThanOrEqual(1);

    since = await lastOutboxId();
    const bulk = await bulkEditVariations(
      db(),
      f.id,
      null,
      { action: 'stock', quantity: 4 },
      null,
      SYSTEM_ACTOR,
    );
    expect(bulk).toMatchObject({ ok: true, value: { changed: 2 } });
    expect(await queued(since, f.id)).toBe(1);

    since = await lastOutboxId();
    const made = await call('POST', `products/${f.id}/variations`, {
      attributes: [{ id: f.colour.attribute.id, option: 'Rot' }],
    });
    expect(made.status).toBe(201);
    expect(await queued(since, f.id)).toBe(1);

    since = await lastOutboxId();
    const gone = await call('DELETE', `products/${f.id}/variations/${made.body.id}?force=true`);
    expect(gone.status).toBe(200);
    expect(await queued(since, f.id)).toBe(1);

    // The deliveries carry the product (not the variation), as it is when sent.
    await expect.poll(() => receiver.at(`/variations-${f.u}`).length).toBeGreaterThanOrEqual(4);
    const bodies = receiver.at(`/variations-${f.u}`).map((d) => JSON.parse(d.body));
    expect(bodies.every((b) => b.id === f.id && b.type === 'variable')).toBe(true);
  });
});
