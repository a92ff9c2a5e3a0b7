import { createHash } from 'node:crypto';
import type http from 'node:http';
import { type MediaStore, readMediaFile } from '#app/domain/media/media-store.server.ts';
import { logRequestError } from './ops.ts';

function plain(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * A rendered picture under `/media/`: this instance's cached copy, else the shared store's
 * (then cached). The caller has checked that the name is a rendered WebP file's.
 */
export async function sendPicture(options: {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  store: MediaStore;
  mediaDir: string;
  name: string;
  method: string;
  requestId: string;
}) {
  const { req, res, name } = options;
  let bytes: Buffer | null;
  try {
    bytes = await readMediaFile(options.store, options.mediaDir, name);
  } catch (error) {
    logRequestError(options.requestId, error);
    return plain(res, 503, 'Service unavailable');
  }
  if (!bytes) return plain(res, 404, 'Not found');
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'public, max-age=604800');
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    return res.end();
  }
  res.writeHead(200, {
    'Content-Type': 'image/webp',
    'Content-Length': bytes.length,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(options.method === 'HEAD' ? undefined : bytes);
}
