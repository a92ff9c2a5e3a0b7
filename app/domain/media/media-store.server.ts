import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { mediaFiles } from './media.schema.ts';
import { writeAtomically } from './images.server.ts';

/** One stored file: the rendered bytes and their type. */
export type MediaFile = { bytes: Buffer; contentType: string };

/**
 * Where rendered pictures live for every instance of the shop. Each instance's media folder
 * only caches what it read from here.
 */
export type MediaStore = {
  kind: 'database' | 's3';
  put(name: string, file: MediaFile): Promise<void>;
  get(name: string): Promise<MediaFile | null>;
  remove(names: string[]): Promise<void>;
};

/** The only names the shop stores or serves: a picture key and one of its sizes, as WebP. */
const MEDIA_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,150}-(thumb|medium|large|full)\.webp$/;

export function isMediaFileName(name: string): boolean {
  return MEDIA_FILE_NAME.test(name);
}

function checkName(name: string) {
  if (!isMediaFileName(name)) throw new Error(`Not a media file name: ${name}`);
}

/** The default store: a table of the shop's own database (bytea). */
export function databaseMediaStore(db: Tx): MediaStore {
  return {
    kind: 'database',
    async put(name, file) {
      checkName(name);
      const row = { bytes: file.bytes, contentType: file.contentType, size: file.bytes.length };
      await db
        .insert(mediaFiles)
        .values({ name, ...row })
        .onConflictDoUpdate({ target: mediaFiles.name, set: row });
    },
    async get(name) {
      if (!isMediaFileName(name)) return null;
      const [row] = await db
        .select({ bytes: mediaFiles.bytes, contentType: mediaFiles.contentType })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, name));
      return row ?? null;
    },
    async remove(names) {
      const valid = names.filter(isMediaFileName);
      if (valid.length > 0) await db.delete(mediaFiles).where(inArray(mediaFiles.name, valid));
    },
  };
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/**
 * Signs a path-style request with AWS Signature Version 4 (header variant), which every
 * S3-compatible store (AWS, MinIO, Ceph, Garage, R2...) accepts.
 */
export function signS3Request(
  config: S3Config,
  request: { method: string; url: URL; body?: Buffer; headers?: Record<string, string> },
  now = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(request.body ?? Buffer.alloc(0));
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()]),
    ),
    host: request.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...request.url.searchParams]
    .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(v)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    request.url.pathname,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${config.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${config.secretAccessKey}`, day), config.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  delete headers.host;
  return headers;
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A bucket of an S3-compatible store, addressed path-style (`endpoint/bucket/name`). */
export function s3MediaStore(config: S3Config, fetchImpl: typeof fetch = fetch): MediaStore {
  const base = config.endpoint.replace(/\/+$/, '');
  const call = async (method: string, name: string, body?: Buffer, type?: string) => {
    const url = new URL(`${base}/${config.bucket}/${name}`);
    const headers = signS3Request(config, {
      method,
      url,
      body,
      headers: type ? { 'content-type': type } : undefined,
    });
    return fetchImpl(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  };
  return {
    kind: 's3',
    async put(name, file) {
      checkName(name);
      const res = await call('PUT', name, file.bytes, file.contentType);
      if (!res.ok) throw new Error(`The media bucket refused ${name}: HTTP ${res.status}`);
      await res.body?.cancel();
    },
    async get(name) {
      if (!isMediaFileName(name)) return null;
      const res = await call('GET', name);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw new Error(`The media bucket did not give ${name}: HTTP ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      return { bytes, contentType: res.headers.get('content-type') ?? 'image/webp' };
    },
    async remove(names) {
      for (const name of names.filter(isMediaFileName)) {
        const res = await call('DELETE', name);
        await res.body?.cancel();
        if (!res.ok && res.status !== 404)
          throw new Error(`The media bucket kept ${name}: HTTP ${res.status}`);
      }
    },
  };
}

/**
 * A media file for `/media/...`: from the instance's folder when it is there, else from the
 * store, then written into the folder (atomically) for the next request. Null when neither has it.
 */
export async function readMediaFile(
  store: MediaStore,
  mediaDir: string,
  name: string,
): Promise<Buffer | null> {
  if (!isMediaFileName(name)) return null;
  const file = path.join(mediaDir, name);
  try {
    return await readFile(file);
  } catch {
    // Not cached on this instance yet.
  }
  const stored = await store.get(name);
  if (!stored) return null;
  await mkdir(mediaDir, { recursive: true });
  await writeAtomically(file, (tmp) => writeFile(tmp, stored.bytes));
  return stored.bytes;
}
