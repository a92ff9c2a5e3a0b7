import { rmSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { images, productImages, products } from '#app/domain/catalog/catalog.schema.ts';
import { mediaFiles } from '#app/domain/media/media.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { officialClient, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  customer = await signedInCustomer(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const pagePath = (id: number) => `/admin/products/${id}/pictures`;

const get = (p: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + p, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

async function securityOf(id: number) {
  const page = await (await get(pagePath(id))).text();
  return /name="security" value="([^"]+)"/.exec(page)![1]!;
}

async function send(id: number, form: FormData, cookie = manager.cookie, lang = 'en') {
  const res = await fetch(shop.url + pagePath(id), {
    method: 'POST',
    headers: { cookie: `lang=${lang}; ${cookie}`, origin: shop.url },
    body: form,
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** The notice's text of the page the action answered with. */
const noticeOf = (page: string) =>
  (/class="notice notice-\w+"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function upload(id: number, files: { name: string; bytes: Buffer; type?: string }[]) {
  const form = new FormData();
  form.set('security', await securityOf(id));
  form.set('intent', 'upload');
  for (const f of files)
    form.append('pictures', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? '' }), f.name);
  return send(id, form);
}

async function galleryForm(id: number, fields: Record<string, string>) {
  const form = new FormData();
  form.set('security', await securityOf(id));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return send(id, form);
}

const picture = (format: 'jpeg' | 'png' | 'webp' | 'avif', color = '#c03') =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

const gallery = async (id: number) =>
  db()
    .select({ imageId: productImages.imageId, key: images.key, alt: images.alt })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, id))
    .orderBy(productImages.position);

const mainOf = async (id: number) =>
  (await db().select({ imageId: products.imageId }).from(products).where(eq(products.id, id)))[0]!
    .imageId;

/** A PNG whose header claims 30000 x 30000 pixels: a decompression bomb's shape. */
function bombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(30001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploading pictures', () => {
  it('stores JPEG, PNG, WebP and AVIF, renders every size into the store and serves them', async () => {
    const id = (await createProduct(db(), {})).product.id;
    const files = await Promise.all(
      (['jpeg', 'png', 'webp', 'avif'] as const).map(async (f) => ({
        name: `bild.${f}`,
        bytes: await picture(f),
      })),
    );
    const res = await upload(id, files);
    expect(res.status).toBe(200);
    expect(noticeOf(res.text)).toContain('4 pictures added');
    const rows = await gallery(id);
    expect(rows).toHaveLength(4);
    expect(await mainOf(id)).toBe(rows[0]!.imageId);
    for (const row of rows) {
      const stored = await db()
        .select({ name: mediaFiles.name, size: mediaFiles.size, type: mediaFiles.contentType })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, `${row.key}-thumb.webp`));
      expect(stored[0]?.type).toBe('image/webp');
      expect(stored[0]!.size).toBeGreaterThan(20);
    }
    // Served from the store once this instance's cache is gone.
    rmSync(path.join(shop.dataDir, 'media'), { recursive: true, force: true });
    const served = await fetch(`${shop.url}/media/${rows[0]!.key}-medium.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('max-age=604800');
    const etag = served.headers.get('etag')!;
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(480);
    const again = await fetch(`${shop.url}/media/${rows[0]!.key}-medium.webp`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))));
    expect(audit.filter((a) => a.action === 'picture.added')).toHaveLength(4);
  });

  it('refuses hostile files one by one with a clear message and stores the others', async () => {
    const id = (await createProduct(db(), {})).product.id;
    const jpeg = await picture('jpeg', '#0a6');
    const files = [
      { name: 'shell.jpg', bytes: Buffer.from('<?php system($_GET["c"]); ?>'), type: 'image/jpeg' },
      {
        name: 'logo.svg',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        type: 'image/svg+xml',
      },
      { name: 'riesig.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(50 * 1024 * 1024)]) },
      { name: 'halb.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      { name: 'bombe.png', bytes: bombPng() },
      { name: 'gut.jpg', bytes: jpeg },
    ];
    const res = await upload(id, files);
    expect(res.status).toBe(200);
    const notice = noticeOf(res.text);
    expect(notice).toContain('1 picture added');
    expect(notice).toContain('shell.jpg: not a JPEG, PNG, WebP or AVIF picture');
    expect(notice).toContain('logo.svg: not a JPEG, PNG, WebP or AVIF picture');
    expect(notice).toContain('riesig.jpg: larger than 20 MB');
    expect(notice).toContain('halb.jpg: damaged or incomplete picture');
    expect(notice).toContain('bombe.png: more than 100 megapixels');
    expect(await gallery(id)).toHaveLength(1);
  }, 60_000);

  it('answers an upload without files, a forged form and hostile fields with a message, never a 500', async () => {
    const id = (await createProduct(db(), {})).product.id;
    const empty = await galleryForm(id, { intent: 'upload' });
    expect(noticeOf(empty.text)).toContain('Please choose at least one picture file');
    const forged = new FormData();
    forged.set('security', 'nonsense');
    forged.set('intent', 'upload');
    const expired = await send(id, forged);
    expect(noticeOf(expired.text)).toContain('The page had expired');
    const nul = await galleryForm(id, { intent: 'save\u0000', alt_de_1: TEN_KB });
    expect(nul.status).toBeLessThan(500);
    const german = await send(id, forged, manager.cookie, 'de');
    expect(noticeOf(german.text)).toContain('Die Seite war abgelaufen');
  });
});

describe('managing the gallery', () => {
  it('saves alt texts, warns when one is empty, reorders by buttons and by a whole order', async () => {
    const id = (await createProduct(db(), {})).product.id;
    await upload(id, [
      { name: 'a.png', bytes: await picture('png', '#111') },
      { name: 'b.png', bytes: await picture('png', '#222') },
      { name: 'c.png', bytes: await picture('png', '#333') },
    ]);
    const [a, b, c] = (await gallery(id)).map((g) => g.imageId);
    const page = await (await get(pagePath(id))).text();
    expect(page).toContain('Alt text missing');
    const saved = await galleryForm(id, {
      intent: 'save',
      [`alt_de_${a}`]: 'Rote Tasse <b>',
      [`alt_en_${a}`]: 'Red mug',
    });
    expect(noticeOf(saved.text)).toContain('Alt texts saved');
    expect((await gallery(id))[0]!.alt).toEqual({ de: 'Rote Tasse <b>', en: 'Red mug' });
    const shown = await (await get(pagePath(id))).text();
    expect(shown).toContain('value="Rote Tasse &lt;b');
    expect(shown).not.toContain('value="Rote Tasse <b>');

    await galleryForm(id, { intent: `down:${a}` });
    expect((await gallery(id)).map((g) => g.imageId)).toEqual([b, a, c]);
    expect(await mainOf(id)).toBe(b);
    await galleryForm(id, { intent: `up:${c}` });
    expect((await gallery(id)).map((g) => g.imageId)).toEqual([b, c, a]);
    // Beyond the ends and foreign pictures change nothing.
    const top = await galleryForm(id, { intent: `up:${b}` });
    expect(noticeOf(top.text)).toContain('could not be read');
    await galleryForm(id, { intent: 'order', order: `${a},${b}` });
    await galleryForm(id, { intent: 'order', order: `${a},${b},999999` });
    expect((await gallery(id)).map((g) => g.imageId)).toEqual([b, c, a]);
    await galleryForm(id, { intent: 'order', order: `${a},${b},${c}` });
    expect((await gallery(id)).map((g) => g.imageId)).toEqual([a, b, c]);
    expect(await mainOf(id)).toBe(a);
  });

  it('removes a picture from the product, deleting the image only when nothing else uses it', async () => {
    const id = (await createProduct(db(), {})).product.id;
    const other = (await createProduct(db(), {})).product.id;
    await upload(id, [
      { name: 'a.webp', bytes: await picture('webp', '#a00') },
      { name: 'b.webp', bytes: await picture('webp', '#0a0') },
    ]);
    const [a, b] = await gallery(id);
    // The other product shows b as well.
    await db().insert(productImages).values({ productId: other, imageId: b!.imageId, position: 0 });
    const removed = await galleryForm(id, { intent: `remove:${a!.imageId}` });
    expect(noticeOf(removed.text)).toContain('Picture removed');
    expect(await mainOf(id)).toBe(b!.imageId);
    expect(await db().select().from(images).where(eq(images.id, a!.imageId))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.name, `${a!.key}-full.webp`)),
    ).toHaveLength(0);
    await galleryForm(id, { intent: `remove:${b!.imageId}` });
    expect(await mainOf(id)).toBeNull();
    expect(await db().select().from(images).where(eq(images.id, b!.imageId))).toHaveLength(1);
    const missing = await galleryForm(id, { intent: `remove:${b!.imageId}` });
    expect(noticeOf(missing.text)).toContain('not on this product');
  });

  it('adds a YouTube or Vimeo video with its poster and refuses other addresses', async () => {
    const id = (await createProduct(db(), {})).product.id;
    const video = async (url: string, poster: Buffer | null) => {
      const form = new FormData();
      form.set('security', await securityOf(id));
      form.set('intent', 'video');
      form.set('video_url', url);
      if (poster) form.append('poster', new Blob([new Uint8Array(poster)]), 'poster.png');
      return send(id, form);
    };
    const poster = await picture('png');
    expect(
      noticeOf((await video('https://evil.example/watch?v=dQw4w9WgXcQ', poster)).text),
    ).toContain('not a YouTube or Vimeo');
    expect(noticeOf((await video('https://youtu.be/dQw4w9WgXcQ', null)).text)).toContain(
      'choose a poster',
    );
    const added = await video('https://www.youtube.com/watch?v=dQw4w9WgXcQ', poster);
    expect(noticeOf(added.text)).toContain('Video added');
    const rows = await db()
      .select({ provider: productImages.videoProvider, videoId: productImages.videoId })
      .from(productImages)
      .where(eq(productImages.productId, id));
    expect(rows).toEqual([{ provider: 'youtube', videoId: 'dQw4w9WgXcQ' }]);
    const storefront = await (await get(pagePath(id))).text();
    expect(storefront).toContain('YouTube video');
  });
});

describe('REST API v3', () => {
  it('round-trips images[].alt per language and keeps a picture’s video when the list is rewritten', async () => {
    const id = (await createProduct(db(), {})).product.id;
    await upload(id, [
      { name: 'a.png', bytes: await picture('png', '#123') },
      { name: 'b.png', bytes: await picture('png', '#456') },
    ]);
    const [a, b] = (await gallery(id)).map((g) => g.imageId);
    await db()
      .update(productImages)
      .set({ videoProvider: 'vimeo', videoId: '76979871' })
      .where(and(eq(productImages.productId, id), eq(productImages.imageId, b!)));
    const client = officialClient(shop, await staffKey(shop, 'read_write'));
    const put = await client.put(`products/${id}?lang=en`, {
      images: [{ id: b, alt: 'Blue plate' }, { id: a }],
    });
    expect(put.status).toBe(200);
    const read = await client.get(`products/${id}?lang=en`);
    expect(read.data.images.map((i: { id: number; alt: string }) => [i.id, i.alt])).toEqual([
      [b, 'Blue plate'],
      [a, ''],
    ]);
    const [row] = await db().select({ alt: images.alt }).from(images).where(eq(images.id, b!));
    expect(row!.alt.en).toBe('Blue plate');
    expect(await mainOf(id)).toBe(b);
    const video = await db()
      .select({ provider: productImages.videoProvider })
      .from(productImages)
      .where(and(eq(productImages.productId, id), eq(productImages.imageId, b!)));
    expect(video[0]!.provider).toBe('vimeo');
    const long = await client
      .put(`products/${id}`, { images: [{ id: a, alt: TEN_KB }] })
      .catch((e: { response: { status: number } }) => e.response);
    expect(long.status).toBe(400);
  });
});

describe('access', () => {
  it('is the shop 404 for customers and visitors, and for unknown or malformed products', async () => {
    const id = (await createProduct(db(), {})).product.id;
    expect((await get(pagePath(id), customer.cookie)).status).toBe(404);
    expect((await get(pagePath(id), '')).status).toBe(404);
    const form = new FormData();
    form.set('intent', 'upload');
    expect((await send(id, form, customer.cookie)).status).toBe(404);
    expect((await get(pagePath(99999999))).status).toBe(404);
    expect((await get('/admin/products/1e3/pictures')).status).toBe(404);
    expect((await get(pagePath(id))).status).toBe(200);
  });

  it('serves nothing under /media/ but rendered WebP files', async () => {
    for (const name of [
      '..%2Fpgdata%2FPG_VERSION',
      'x-thumb.webp%00.png',
      'admin-password',
      '.env',
    ])
      expect((await fetch(`${shop.url}/media/${name}`)).status).toBe(404);
  });
});
