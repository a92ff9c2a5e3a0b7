import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { isUnsafeText } from '#app/lib/hostile-input.ts';

export type ReceivedFile = {
  field: string;
  /** Sanitised for display and mail; never used as a path. */
  name: string;
  size: number;
  /** Detected from the content, not taken from the browser. */
  type: string;
  /** Where the bytes wait for mailing: a random name in the private upload folder. */
  path: string;
  /** Cut off at a size limit: no bytes kept. */
  oversized?: boolean;
};

export type ReceivedForm = {
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** Files cut off while streaming because they crossed the size limit. */
  oversized: string[];
  /** Set when the body was not readable multipart or form data at all. */
  broken: boolean;
  /** The first field whose name or value holds text the shop refuses (decision 0009). */
  unsafeField?: string;
};

export const UPLOAD_LIMITS = {
  fields: 60,
  fieldBytes: 64 * 1024,
  files: 10,
  /** Per request; a form's own limits are lower and checked by its rules. */
  totalFileBytes: 10 * 1024 * 1024,
};

export type UploadLimits = typeof UPLOAD_LIMITS & {
  /** One file's limit; the request's total when not given. */
  fileBytes?: number;
};

/** Signatures of the file types the shop's forms accept. */
const MAGIC: { type: string; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

export function detectType(head: Buffer): string {
  const found = MAGIC.find((m) => m.bytes.every((b, i) => head[i] === b));
  return found?.type ?? 'application/octet-stream';
}

const UNSAFE_NAME_CHAR = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]/u;

/**
 * A file name safe to show and to put into a mail: no path, no control characters, no
 * undecodable bytes, no hidden-file dot, one extension only ("a.pdf.exe" becomes
 * "a_pdf.exe", which no rule accepts as a PDF).
 */
export function sanitiseFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    // Control characters (C0, DEL and C1), the bidirectional marks and overrides that disguise
    // an extension ("x\u202Efdp.exe" shows as "xexe.pdf"), the replacement character of
    // undecodable bytes, and path or shell specials.
    .filter((ch) => !UNSAFE_NAME_CHAR.test(ch) && !'"<>:|?*'.includes(ch))
    .join('')
    .trim()
    .replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/\./g, '_').slice(0, 80);
  const ext =
    dot > 0
      ? cleaned
          .slice(dot)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return `${stem || 'datei'}${ext}`;
}

/** The extension a file's detected content calls for: a PNG named .pdf does not pass. */
export function extensionMatchesContent(name: string, type: string): boolean {
  const ext = path.extname(name).toLowerCase();
  const expected = EXTENSIONS[type];
  if (!expected) return false;
  return ext === expected || (type === 'image/jpeg' && ext === '.jpeg');
}

/**
 * Reads a multipart (or url-encoded) form while it streams in: limits are enforced on the
 * way, files go straight to `uploadDir` under random names.
 */
export async function receiveForm(
  request: Request,
  uploadDir: string,
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<ReceivedForm> {
  const result: ReceivedForm = { fields: {}, files: [], oversized: [], broken: false };
  const contentType = request.headers.get('content-type') ?? '';
  if (
    !request.body ||
    !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)
  ) {
    result.broken = true;
    return result;
  }
  await mkdir(uploadDir, { recursive: true, mode: 0o700 });
  let totalBytes = 0;
  const writes: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: {
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
          files: limits.files,
          fileSize: limits.fileBytes ?? limits.totalFileBytes,
        },
      });
    } catch {
      result.broken = true;
      resolve();
      return;
    }
    parser.on('field', (name, value) => {
      if (name.length > 100) return;
      if (isUnsafeText(name) || isUnsafeText(value)) {
        result.unsafeField ??= name;
        return;
      }
      (result.fields[name] ??= []).push(value);
    });
    parser.on('file', (field, stream, info) => {
      if (!info.filename) {
        stream.resume();
        return;
      }
      const file: ReceivedFile = {
        field,
        name: sanitiseFileName(info.filename),
        size: 0,
        type: 'application/octet-stream',
        path: path.join(uploadDir, randomBytes(16).toString('hex')),
      };
      const out = createWriteStream(file.path, { mode: 0o600 });
      let head: Buffer | null = null;
      let cut = false;
      stream.on('data', (chunk: Buffer) => {
        if (cut) return;
        if (!head) {
          head = chunk.subarray(0, 16);
          file.type = detectType(head);
        }
        totalBytes += chunk.length;
        if (totalBytes > limits.totalFileBytes) {
          cut = true;
          file.oversized = true;
          result.oversized.push(field);
          return;
        }
        file.size += chunk.length;
        out.write(chunk);
      });
      stream.on('limit', () => {
        if (!cut) result.oversized.push(field);
        cut = true;
        file.oversized = true;
      });
      writes.push(
        new Promise<void>((done) => {
          stream.on('end', () => out.end(() => done()));
          stream.on('error', () => out.end(() => done()));
        }),
      );
      result.files.push(file);
    });
    parser.on('error', () => {
      result.broken = true;
      resolve();
    });
    parser.on('close', () => resolve());
    Readable.fromWeb(request.body as unknown as NodeReadableStream)
      .on('error', () => {
        result.broken = true;
        resolve();
      })
      .pipe(parser);
  });
  await Promise.all(writes);
  // Files cut off at the limit are not kept half-written.
  const cutOff = (f: ReceivedFile) =>
    f.oversized || (limits.fileBytes === undefined && result.oversized.includes(f.field));
  for (const file of result.files.filter(cutOff)) {
    await rm(file.path, { force: true });
    file.path = '';
  }
  return result;
}

export async function discardFiles(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.filter((f) => f.path).map((f) => rm(f.path, { force: true })));
}

/** Files of messages that could not be mailed are kept this long for the owner, then removed. */
export const UPLOAD_RETENTION_MS = 14 * 86_400_000;

/** Removes uploads older than the retention period; returns how many went. */
export async function purgeOldUploads(uploadDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(uploadDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(uploadDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > UPLOAD_RETENTION_MS) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
