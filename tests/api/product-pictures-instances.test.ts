import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, productImages } from '#app/domain/catalog/catalog.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { openTestDatabase } from '../support/database.ts';
import { type ShopProcess, TEST_SECRET, spawnShop } from '../support/shop-process.ts';

// Two app processes on one PostgreSQL database, each with its own DATA_DIR: a picture uploaded
// on one is served by the other from the shared store.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Instance = ShopProcess & { dataDir: string };

let database: DatabaseHandle & { url?: string };
let instances: Instance[] = [];
let manager: SignedIn;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  manager = await signedInCustomer(database.db, { role: 'shop_manager' });
  instances = await Promise.all(
    [0, 1].map(async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-'));
      return { ...(await spawnShop({ DATABASE_URL: database.url!, DATA_DIR: dataDir })), dataDir };
    }),
  );
}, 120_000);

afterAll(async () => {
  for (const instance of instances) {
    await instance.stop();
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await database?.close();
});

describe.skipIf(!onPostgres)('pictures across two app processes', () => {
  it('serves a picture uploaded on instance A from instance B, then from B’s own cache', async () => {
    const [a, b] = instances as [Instance, Instance];
    const id = (await createProduct(database.db, {})).product.id;
    const security = sessionNonce({ idHash: manager.idHash }, {
      SESSION_SECRET: TEST_SECRET,
    } as never);
    const form = new FormData();
    form.set('security', security);
    form.set('intent', 'upload');
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#36c' },
    })
      .jpeg()
      .toBuffer();
    form.append('pictures', new Blob([new Uint8Array(jpeg)]), 'blau.jpg');
    const res = await fetch(`${a.url}/admin/products/${id}/pictures`, {
      method: 'POST',
      headers: { cookie: `lang=en; ${manager.cookie}`, origin: a.url },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('1 picture added');
    const [row] = await database.db
      .select({ key: images.key })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, id));
    const name = `${row!.key}-large.webp`;
    expect(existsSync(path.join(b.dataDir, 'media', name))).toBe(false);
    const served = await fetch(`${b.url}/media/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(900);
    expect(existsSync(path.join(b.dataDir, 'media', name))).toBe(true);
    const again = await fetch(`${b.url}/media/${name}`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    expect((await fetch(`${b.url}/media/p-0000000000000000-large.webp`)).status).toBe(404);
  }, 60_000);
});
