import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Env } from '#app/lib/env.server.ts';
import { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import type { Caller } from '../domain/caller.ts';
import type { SandboxError } from '../domain/params.ts';

/** Reading requests and writing answers, shared by the API, the hosted pages and the control calls. */
const MAX_BODY = 256 * 1024;

export const STATUS: Record<SandboxError['kind'], number> = {
  card: 402,
  invalid: 400,
  missing: 404,
  idempotency: 400,
  auth: 401,
  permission: 403,
  state: 400,
};

/** Which of the sandbox's keys the request carries (Bearer or Basic, as the SDK sends it). */
export function keyOf(req: http.IncomingMessage, env: Env): Caller['key'] | null {
  const header = req.headers.authorization ?? '';
  let given = '';
  if (header.startsWith('Bearer ')) given = header.slice(7).trim();
  else if (header.startsWith('Basic ')) {
    given = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
  }
  const keys = sandboxKeys(env);
  if (same(given, keys.secretKey)) return 'secret';
  if (same(given, keys.publishableKey)) return 'publishable';
  return null;
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}
export function errorBody(error: SandboxError, requestId: string) {
  return {
    error: {
      ...error.body,
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    },
  };
}

/** Where hosted pages live for the browser: the configured address, or the bound one in tests. */ export function headerOf(
  req: http.IncomingMessage,
  name: string,
): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

export function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
