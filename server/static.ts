import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type StaticFile = {
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
  immutable: boolean;
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest)|image\/svg)/;

/**
 * Reads the built client files into memory once, with gzip and brotli variants: the build's
 * precompressed copies (`.gz`, `.br` beside each file), or compressed here when a file has none.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (/\.(gz|br)$/.test(entry.name) && existsSync(full.slice(0, -3))) continue;
      if (statSync(full).size > 4 * 1024 * 1024) continue;
      const body = readFileSync(full);
      const type = contentType(full);
      const compress = COMPRESSIBLE.test(type) && body.length > 512;
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      files.set(urlPath, {
        body,
        type,
        gzip: compress ? (readIfThere(`${full}.gz`) ?? gzipSync(body, { level: 9 })) : null,
        br: compress
          ? (readIfThere(`${full}.br`) ??
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
          : null,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
        // Vite puts content hashes into every file name under /assets/.
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  };
  walk(root);
  return files;
}

const readIfThere = (file: string): Buffer | null => (existsSync(file) ? readFileSync(file) : null);

/** Picks the best encoding the client accepts. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}
