import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MediaStore,
  type S3Config,
  isMediaFileName,
  readMediaFile,
  s3MediaStore,
  signS3Request,
} from './media-store.server.ts';

const config: S3Config = {
  endpoint: '',
  bucket: 'shop-media',
  region: 'eu-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

/**
 * A tiny S3 fake: checks every request's SigV4 signature with the same secret (computed here
 * independently of the shop's code) and keeps objects in a map.
 */
function verify(req: http.IncomingMessage, body: Buffer): boolean {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m || m[1] !== config.accessKeyId || m[3] !== config.region) return false;
  const hash = createHash('sha256').update(body).digest('hex');
  if (req.headers['x-amz-content-sha256'] !== hash) return false;
  const signed = m[4]!.split(';');
  const canonical = [
    req.method,
    req.url!.split('?')[0],
    '',
    signed.map((h) => `${h}:${String(req.headers[h]).trim()}\n`).join(''),
    m[4],
    hash,
  ].join('\n');
  const date = String(req.headers['x-amz-date']);
  const scope = `${m[2]}/${config.region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${date}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key: Buffer = createHmac('sha256', `AWS4${config.secretAccessKey}`).update(m[2]!).digest();
  for (const part of [config.region, 's3', 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex') === m[5];
}

const objects = new Map<string, { body: Buffer; type: string }>();
let server: http.Server;
let store: MediaStore;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!verify(req, body)) {
        res.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      const key = req.url!;
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) res.writeHead(404).end('NoSuchKey');
        else res.writeHead(200, { 'content-type': found.type }).end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  config.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  store = s3MediaStore(config);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('S3 media store', () => {
  it('puts, gets and removes signed objects path-style', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake');
    await store.put('p-abc-thumb.webp', { bytes, contentType: 'image/webp' });
    expect(objects.get('/shop-media/p-abc-thumb.webp')?.type).toBe('image/webp');
    expect(await store.get('p-abc-thumb.webp')).toEqual({ bytes, contentType: 'image/webp' });
    expect(await store.get('p-none-thumb.webp')).toBeNull();
    await store.remove(['p-abc-thumb.webp']);
    expect(objects.size).toBe(0);
  });

  it('fails loudly on a wrong secret instead of pretending the file is missing', async () => {
    const wrong = s3MediaStore({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(
      wrong.put('p-abc-thumb.webp', { bytes: Buffer.from('x'), contentType: 'image/webp' }),
    ).rejects.toThrow(/HTTP 403/);
    await expect(wrong.get('p-abc-thumb.webp')).rejects.toThrow(/HTTP 403/);
  });

  it('never stores or asks for a name that is not a rendered picture', async () => {
    await expect(
      store.put('../etc/passwd', { bytes: Buffer.from('x'), contentType: 'text/plain' }),
    ).rejects.toThrow();
    expect(await store.get('../../secret-thumb.webp')).toBeNull();
    for (const bad of ['x.webp', 'a-thumb.png', 'A-thumb.webp', '-thumb.webp', 'a-thumb.webp/'])
      expect(isMediaFileName(bad)).toBe(false);
    expect(isMediaFileName('p-0a1b-full.webp')).toBe(true);
  });

  it('signs with the date and region of the scope', () => {
    const headers = signS3Request(
      config,
      { method: 'GET', url: new URL('https://s3.example/b/k?b=2&a=1') },
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(headers['x-amz-date']).toBe('20260102T030405Z');
    expect(headers.authorization).toContain('/20260102/eu-central-1/s3/aws4_request');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date');
  });
});

describe('the media folder as a cache', () => {
  it('reads from the store once, then from the folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-'));
    const bytes = Buffer.from('picture bytes');
    await store.put('p-cache-large.webp', { bytes, contentType: 'image/webp' });
    expect(await readMediaFile(store, dir, 'p-cache-large.webp')).toEqual(bytes);
    expect(readFileSync(path.join(dir, 'p-cache-large.webp'))).toEqual(bytes);
    expect(readdirSync(dir)).toEqual(['p-cache-large.webp']);
    objects.clear();
    expect(await readMediaFile(store, dir, 'p-cache-large.webp')).toEqual(bytes);
    expect(await readMediaFile(store, dir, 'p-gone-large.webp')).toBeNull();
    expect(await readMediaFile(store, dir, '../p-cache-large.webp')).toBeNull();
  });
});
