// Pictures an import names: the shop's own picture addresses (an export's), addresses on an
// allow-list fetched with care against server-side request forgery, or file names in the ZIP
// uploaded beside the CSV. Storing goes through `storePicture` alone, so the picture store
// can change behind it.
import { randomBytes } from 'node:crypto';
import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { renderImage } from '#app/domain/media/images.server.ts';
import { images } from './catalog.schema.ts';
import { slugify } from './product-writes.server.ts';

export const PICTURE_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 3,
  zipEntries: 2000,
  zipTotalBytes: 500 * 1024 * 1024,
  zipRatio: 100,
};

export type PictureError =
  | 'picture_not_allowed'
  | 'picture_private_address'
  | 'picture_fetch_failed'
  | 'picture_too_large'
  | 'picture_unreadable'
  | 'picture_not_in_zip'
  | 'picture_not_image'
  | 'picture_redirect_other_host';

export type PictureResult =
  { ok: true; imageId: number | null } | { ok: false; code: PictureError };

export type PictureSourceOptions = {
  /** The shop's own origin, e.g. https://laden.example */
  shopOrigin: string;
  /** Other origins pictures may come from. */
  allowedOrigins: string[];
  mediaDir: string;
  /** Files of the uploaded ZIP by name (lower case, without folders). */
  zipFiles?: Map<string, Uint8Array>;
  /** For tests: resolve host names differently. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Test-only switch (a picture server on this host): private addresses allowed. */
  allowPrivateAddresses?: boolean;
};

/** JPEG, PNG, GIF, WebP or AVIF, told by the first bytes, whatever the server claims. */
export function looksLikePicture(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16));
  if (b.length < 12) return false;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return true;
  const ascii = b.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return true;
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return true;
  return ascii.slice(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii.slice(8, 12));
}

class PrivateRefused extends Error {}

/**
 * The lookup a picture download connects with: the addresses are judged at connect time, so a
 * name that answers differently after the check cannot reach inside.
 */
function pinnedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: dns.LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | dns.LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dns.lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      if (found.length === 0 || (!allowPrivate && found.some((a) => isPrivateAddress(a.address))))
        return callback(new PrivateRefused(), []);
      if (options.all) return callback(null, found);
      return callback(null, found[0]!.address, found[0]!.family);
    });
  };
}

type Answer =
  | { kind: 'redirect'; location: string | null }
  | { kind: 'body'; status: number; bytes: Buffer | null }
  | { kind: 'private' }
  | { kind: 'failed' };

/** One GET, no redirect followed, the body cut off past `max` bytes (then `bytes` is null). */
function getOnce(url: URL, allowPrivate: boolean, signal: AbortSignal, max: number) {
  return new Promise<Answer>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: pinnedLookup(allowPrivate) as never,
        agent: false,
        signal,
        headers: { accept: 'image/*' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          return resolve({ kind: 'redirect', location: res.headers.location ?? null });
        }
        if (Number(res.headers['content-length'] ?? '0') > max) {
          res.destroy();
          return resolve({ kind: 'body', status, bytes: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > max) {
            res.destroy();
            resolve({ kind: 'body', status, bytes: null });
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ kind: 'body', status, bytes: Buffer.concat(chunks) }));
        res.on('error', () => resolve({ kind: 'failed' }));
      },
    );
    request.on('error', (error) =>
      resolve(error instanceof PrivateRefused ? { kind: 'private' } : { kind: 'failed' }),
    );
  });
}

/** The one place an imported picture is stored: rendered into the media folder, a row in `images`. */
export async function storePicture(
  db: Tx,
  bytes: Buffer,
  name: string,
  mediaDir: string,
): Promise<number> {
  const stem = slugify(path.parse(name).name).slice(0, 60) || 'picture';
  const key = `${stem}-${randomBytes(4).toString('hex')}`;
  const rendered = await renderImage(bytes, key, mediaDir);
  const [row] = await db
    .insert(images)
    .values({
      key,
      width: rendered.width,
      height: rendered.height,
      alt: { de: '' },
      sizes: rendered.sizes,
    })
    .returning({ id: images.id });
  return row!.id;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** Loopback, private, link-local, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  // The same in hex, as URLs write it: ::ffff:a00:1 is 10.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return PRIVATE.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Reads a ZIP's pictures, refusing ZIP bombs: too many entries, too many bytes, too high a ratio. */
export function readPictureZip(
  bytes: Uint8Array,
  limits = PICTURE_LIMITS,
): { ok: true; files: Map<string, Uint8Array> } | { ok: false; code: 'zip_invalid' | 'zip_bomb' } {
  let entries = 0;
  let total = 0;
  let refused = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      // The sizes the directory declares are checked before anything is inflated.
      filter(file) {
        entries += 1;
        total += file.originalSize;
        const ratio = file.originalSize / Math.max(1, file.size);
        if (
          entries > limits.zipEntries ||
          total > limits.zipTotalBytes ||
          file.originalSize > limits.maxBytes ||
          ratio > limits.zipRatio
        ) {
          refused = true;
        }
        return !refused && !file.name.endsWith('/');
      },
    });
  } catch {
    return refused ? { ok: false, code: 'zip_bomb' } : { ok: false, code: 'zip_invalid' };
  }
  if (refused) return { ok: false, code: 'zip_bomb' };
  const map = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) {
    // A declared size that lies is caught here: inflated bytes beyond the limit.
    if (data.length > limits.maxBytes) return { ok: false, code: 'zip_bomb' };
    map.set(path.posix.basename(name).toLowerCase(), data);
  }
  return { ok: true, files: map };
}

/** Finds, fetches and stores the pictures a row names; one instance per import. */
export class PictureSource {
  private readonly cache = new Map<string, number>();
  constructor(private readonly options: PictureSourceOptions) {}

  /** After a rolled back product: pictures stored in it are gone. */
  clear() {
    this.cache.clear();
  }

  private allowed(url: URL): boolean {
    return (
      url.origin === this.options.shopOrigin || this.options.allowedOrigins.includes(url.origin)
    );
  }

  /** Whether a host's addresses are all public; the shop's own host needs no check. */
  private async publicHost(url: URL): Promise<boolean> {
    if (url.origin === this.options.shopOrigin || this.options.allowPrivateAddresses) return true;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : this.options.resolveHost
        ? await this.options.resolveHost(host)
        : (await lookup(host, { all: true })).map((a) => a.address);
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a));
  }

  /** Checks a reference without fetching or storing (the dry run). */
  async check(db: Tx, ref: string): Promise<PictureResult> {
    return this.resolve(db, ref, true);
  }

  async resolve(db: Tx, ref: string, dryRun = false): Promise<PictureResult> {
    const cached = this.cache.get(ref);
    if (cached !== undefined) return { ok: true, imageId: cached };
    let url: URL | null = null;
    try {
      url = /^https?:\/\//i.test(ref) ? new URL(ref) : null;
    } catch {
      return { ok: false, code: 'picture_not_allowed' };
    }
    if (!url) return this.fromZip(db, ref, dryRun);
    if (!this.allowed(url)) return { ok: false, code: 'picture_not_allowed' };
    // The shop's own picture (an export's address): the stored picture itself.
    const own = /^\/media\/([a-z0-9][a-z0-9-]*)-(?:thumb|medium|large|full)\.webp$/.exec(
      url.pathname,
    );
    if (url.origin === this.options.shopOrigin && own) {
      const [row] = await db
        .select({ id: images.id })
        .from(images)
        .where(eq(images.key, own[1]!))
        .limit(1);
      if (row) {
        this.cache.set(ref, row.id);
        return { ok: true, imageId: row.id };
      }
    }
    try {
      if (!(await this.publicHost(url))) return { ok: false, code: 'picture_private_address' };
    } catch {
      return { ok: false, code: 'picture_fetch_failed' };
    }
    if (dryRun) return { ok: true, imageId: null };
    const fetched = await this.fetchChecked(url);
    if (!fetched.ok) return fetched;
    return this.store(db, ref, fetched.bytes, url.pathname);
  }

  private async fetchChecked(
    start: URL,
  ): Promise<{ ok: true; bytes: Buffer } | { ok: false; code: PictureError }> {
    let url = start;
    const signal = AbortSignal.timeout(PICTURE_LIMITS.timeoutMs);
    // The shop's own address may be a private one (the shop behind a proxy).
    const allowPrivate =
      !!this.options.allowPrivateAddresses || start.origin === this.options.shopOrigin;
    for (let hop = 0; hop <= PICTURE_LIMITS.maxRedirects; hop++) {
      const answer = await getOnce(url, allowPrivate, signal, PICTURE_LIMITS.maxBytes);
      if (answer.kind === 'private') return { ok: false, code: 'picture_private_address' };
      if (answer.kind === 'failed') return { ok: false, code: 'picture_fetch_failed' };
      if (answer.kind === 'redirect') {
        if (!answer.location) return { ok: false, code: 'picture_fetch_failed' };
        let next: URL;
        try {
          next = new URL(answer.location, url);
        } catch {
          return { ok: false, code: 'picture_fetch_failed' };
        }
        // Redirects stay on the address the file named: no hop to another host.
        if (next.origin !== start.origin) return { ok: false, code: 'picture_redirect_other_host' };
        url = next;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        return { ok: false, code: 'picture_fetch_failed' };
      }
      if (!answer.bytes) return { ok: false, code: 'picture_too_large' };
      return { ok: true, bytes: answer.bytes };
    }
    return { ok: false, code: 'picture_fetch_failed' };
  }

  private async fromZip(db: Tx, ref: string, dryRun: boolean): Promise<PictureResult> {
    const name = path.posix.basename(ref.replace(/\\/g, '/')).toLowerCase();
    const data = this.options.zipFiles?.get(name);
    if (!data) return { ok: false, code: 'picture_not_in_zip' };
    if (dryRun) return { ok: true, imageId: null };
    return this.store(db, ref, Buffer.from(data), name);
  }

  private async store(db: Tx, ref: string, bytes: Buffer, name: string): Promise<PictureResult> {
    if (!looksLikePicture(bytes)) return { ok: false, code: 'picture_not_image' };
    try {
      const id = await storePicture(db, bytes, name, this.options.mediaDir);
      this.cache.set(ref, id);
      return { ok: true, imageId: id };
    } catch {
      return { ok: false, code: 'picture_unreadable' };
    }
  }
}
