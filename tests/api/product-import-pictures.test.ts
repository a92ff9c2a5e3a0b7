// Pictures an import fetches by address: only from the shop or the allow-list, never from a
// private address (also behind a name), redirects only on the same host, size limited, and
// a picture only when its bytes are one. A local picture server stands in for a CDN, reached
// through the test-only switch for private addresses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import {
  PICTURE_LIMITS,
  PictureSource,
} from '#app/domain/catalog/product-import-pictures.server.ts';
import { importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let server: http.Server;
let origin: string;
let png: Buffer;
const db = () => shop.database.db;
const actor = { channel: 'admin' as const, id: null, label: 'test' };

beforeAll(async () => {
  shop = await startTestShop();
  png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    if (req.url === '/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/here') res.writeHead(302, { location: '/a.png' }).end();
    else if (req.url === '/elsewhere')
      res.writeHead(302, { location: `http://localhost:${port}/a.png` }).end();
    else if (req.url === '/fake.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    else if (req.url === '/big.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.concat([png, Buffer.alloc(4096)]));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

const source = (extra: Partial<ConstructorParameters<typeof PictureSource>[0]> = {}) =>
  new PictureSource({
    shopOrigin: 'https://laden.example',
    allowedOrigins: [origin],
    mediaDir: `${shop.dataDir}/media`,
    allowPrivateAddresses: true,
    ...extra,
  });

describe('product import: pictures by address', () => {
  it('fetches an allowed picture, and follows a redirect on the same host only', async () => {
    const fetched = await source().resolve(db(), `${origin}/a.png`);
    expect(fetched).toMatchObject({ ok: true });
    expect(await source().resolve(db(), `${origin}/here`)).toMatchObject({ ok: true });
    expect(await source().resolve(db(), `${origin}/elsewhere`)).toEqual({
      ok: false,
      code: 'picture_redirect_other_host',
    });
  });

  it('refuses private addresses without the switch, also when a name resolves there', async () => {
    const port = new URL(origin).port;
    const strict = source({
      allowPrivateAddresses: false,
      allowedOrigins: [origin, `http://localhost:${port}`],
    });
    for (const url of [`${origin}/a.png`, `http://localhost:${port}/a.png`]) {
      expect(await strict.resolve(db(), url)).toEqual({
        ok: false,
        code: 'picture_private_address',
      });
    }
  });

  it('checks the bytes, not the content type, and keeps to the size limit', async () => {
    expect(await source().resolve(db(), `${origin}/fake.png`)).toEqual({
      ok: false,
      code: 'picture_not_image',
    });
    const before = PICTURE_LIMITS.maxBytes;
    PICTURE_LIMITS.maxBytes = png.length + 100;
    try {
      expect(await source().resolve(db(), `${origin}/big.png`)).toEqual({
        ok: false,
        code: 'picture_too_large',
      });
    } finally {
      PICTURE_LIMITS.maxBytes = before;
    }
  });

  it('a refused picture fails its row with the reason; the product is not written', async () => {
    const stamp = Date.now() % 100000;
    const text = [
      'SKU,Name,Regular price,Images',
      `PIC-A-${stamp},Becher,5,${origin}/a.png`,
      `PIC-B-${stamp},Tasse,5,${origin}/fake.png`,
      `PIC-C-${stamp},Krug,5,https://evil.example/x.png`,
    ].join('\r\n');
    const report = await importCsvText(db(), text, {
      updateExisting: false,
      dryRun: false,
      pictures: source(),
      actor,
    });
    const row = (line: number) => report.rows.find((r) => r.line === line)!;
    expect(row(2)).toMatchObject({ outcome: 'created', reason: null });
    expect(row(3)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.picture_not_image',
      params: { picture: `${origin}/fake.png` },
    });
    expect(row(4)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.picture_not_allowed',
    });
    const sku = async (s: string) =>
      (await db().select().from(products).where(eq(products.sku, s)))[0];
    expect((await sku(`PIC-A-${stamp}`))?.imageId).toBeTypeOf('number');
    expect(await sku(`PIC-B-${stamp}`)).toBeUndefined();
  });
});
