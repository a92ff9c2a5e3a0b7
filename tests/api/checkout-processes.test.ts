import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { openTestDatabase } from '../support/database.ts';
import { type ShopProcess, spawnShop } from '../support/shop-process.ts';

// Several app instances share one PostgreSQL database, as a growing shop runs them. The
// embedded database belongs to one process, so without TEST_DATABASE_URL this file is skipped
// (the single-process races are in app/domain/checkout/checkout.concurrency.test.ts).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const INSTANCES = 3;

type Instance = ShopProcess & { dataDir: string };

let database: DatabaseHandle & { url?: string };
let instances: Instance[] = [];

/** One more app process on the shared database, answering once its health check does. */
async function startInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
  return { ...(await spawnShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir })), dataDir };
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  await seedDemoShipping(database.db);
  await seedDemoCheckout(database.db);
  instances = await Promise.all(Array.from({ length: INSTANCES }, () => startInstance()));
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    await instance.stop();
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await database?.close();
});

/** A shopper whose cart is filled on one instance; the session lives in the shared database. */
async function shopper(instance: Instance, productId: number) {
  const start = await fetch(`${instance.url}/wc/store/v1/cart`);
  await start.arrayBuffer();
  const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
  const nonce = start.headers.get('nonce')!;
  const added = await fetch(`${instance.url}/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: { cookie, nonce, 'content-type': 'application/json', origin: instance.url },
    body: JSON.stringify({ id: productId, quantity: 1 }),
  });
  expect(added.status).toBe(201);
  await added.arrayBuffer();
  return { cookie, nonce };
}

async function checkoutOn(
  instance: Instance,
  buyer: { cookie: string; nonce: string },
  extra: Record<string, unknown> = {},
) {
  const res = await fetch(`${instance.url}/wc/store/v1/checkout`, {
    method: 'POST',
    headers: {
      cookie: buyer.cookie,
      nonce: buyer.nonce,
      'content-type': 'application/json',
      origin: instance.url,
    },
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
      ...extra,
    }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.skipIf(!onPostgres)('checkout across three app processes on one PostgreSQL', () => {
  it('sells the last 10 units to exactly 10 of 200 shoppers; the others are told it is sold out', async () => {
    const { product } = await createProduct(database.db, {
      name: { de: 'Letzte Laterne', en: 'Last lantern' },
      regularPrice: 2500,
      manageStock: true,
      stockQuantity: 10,
    });
    const buyers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => shopper(instances[i % INSTANCES]!, product.id)),
    );
    // Each checks out on another instance than the one that filled the cart.
    const answers = await Promise.all(
      buyers.map((buyer, i) => checkoutOn(instances[(i + 1) % INSTANCES]!, buyer)),
    );
    const sold = answers.filter((a) => a.status === 200);
    expect(sold).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(190);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toMatch(/^woocommerce_rest_product_(partially_)?out_of_stock$/);
      expect(answer.body.message).toContain('Letzte Laterne');
    }
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(0);
    const lines = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(lines).toHaveLength(10);
  }, 120_000);

  it('places one order for one key submitted five times at once to different instances', async () => {
    const { product } = await createProduct(database.db, {
      name: { de: 'Windlicht', en: 'Lantern' },
      regularPrice: 1500,
      manageStock: true,
      stockQuantity: 50,
    });
    const buyer = await shopper(instances[0]!, product.id);
    const key = `multi-${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        checkoutOn(instances[i % INSTANCES]!, buyer, { idempotency_key: key }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.order_id)).size).toBe(1);
    const placed = await database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(placed).toHaveLength(1);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(49);
  }, 60_000);
});
