import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type Stripe from 'stripe';
import type { ShopContext } from '#app/lib/context.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Database, Tx } from '#app/lib/db.server.ts';
import { isSameOriginRequest } from '#app/lib/origin.ts';
import {
  sandboxActive,
  sandboxKeys,
  shopBaseUrl,
  shopPublicOrigin,
} from '#app/domain/payments/stripe-setup.server.ts';
import * as ops from '#sandbox/stripe/domain/operations.server.ts';
import { type SandboxError, SandboxFailure, type Params } from '#sandbox/stripe/domain/params.ts';
import {
  anyObject,
  claimIdempotency,
  dueForAdvance,
  setWebhookOptions,
  storeIdempotent,
  webhookOptions,
} from '#sandbox/stripe/domain/store.server.ts';
import { deliveryLog, releaseDeliveries } from '#sandbox/stripe/domain/deliveries.server.ts';
import { FormError, decodeForm } from './form.ts';
import { sandboxPump } from './runtime.server.ts';
import { type HostedPage, renderHostedPage, renderQrSvg, sandboxLocale } from './pages.server.ts';

export const SANDBOX_PREFIX = '/__sandbox/stripe/';
const MAX_BODY = 256 * 1024;

const STATUS: Record<SandboxError['kind'], number> = {
  card: 402,
  invalid: 400,
  missing: 404,
  idempotency: 400,
  auth: 401,
  permission: 403,
  state: 400,
};

/** True for the addresses the sandbox answers (cheap: checked on every request). */
export function isSandboxPath(pathname: string): boolean {
  return pathname.startsWith('/v1/') || pathname.startsWith(SANDBOX_PREFIX);
}

type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  run(tx: Tx, caller: ops.Caller, ids: string[], params: Params): Promise<ops.Outcome>;
};

const ID = '([A-Za-z0-9_]{1,255})';
const r = (method: Route['method'], path: string, run: Route['run']): Route => ({
  method,
  pattern: new RegExp(`^/v1/${path.replace(/:id/g, ID)}$`),
  run,
});

const ROUTES: Route[] = [
  r('POST', 'customers', (tx, c, _, p) => ops.createCustomer(tx, c, p)),
  r('GET', 'customers/:id', (tx, c, [id]) => ops.retrieveCustomer(tx, c, id!)),
  r('POST', 'customers/:id', (tx, c, [id], p) => ops.updateCustomer(tx, c, id!, p)),
  r('GET', 'customers/:id/payment_methods', (tx, c, [id], p) =>
    ops.listPaymentMethods(tx, c, p, id!),
  ),
  r('POST', 'payment_methods', (tx, c, _, p) => ops.createPaymentMethod(tx, c, p)),
  r('GET', 'payment_methods', (tx, c, _, p) => ops.listPaymentMethods(tx, c, p)),
  r('GET', 'payment_methods/:id', (tx, c, [id]) => ops.retrievePaymentMethod(tx, c, id!)),
  r('POST', 'payment_methods/:id', (tx, c, [id], p) => ops.updatePaymentMethod(tx, c, id!, p)),
  r('POST', 'payment_methods/:id/attach', (tx, c, [id], p) =>
    ops.attachPaymentMethod(tx, c, id!, p),
  ),
  r('POST', 'payment_methods/:id/detach', (tx, c, [id]) => ops.detachPaymentMethod(tx, c, id!)),
  r('POST', 'confirmation_tokens', (tx, c, _, p) => ops.createConfirmationToken(tx, c, p)),
  r('GET', 'confirmation_tokens/:id', (tx, c, [id]) => ops.retrieveConfirmationToken(tx, c, id!)),
  // What the SDK's testHelpers.confirmationTokens.create calls (server-side tests).
  r('POST', 'test_helpers/confirmation_tokens', (tx, c, _, p) =>
    ops.createConfirmationToken(tx, c, p),
  ),
  r('POST', 'payment_intents', (tx, c, _, p) => ops.createPaymentIntent(tx, c, p)),
  r('GET', 'payment_intents/:id', (tx, c, [id], p) => ops.retrievePaymentIntent(tx, c, id!, p)),
  r('POST', 'payment_intents/:id', (tx, c, [id], p) => ops.updatePaymentIntent(tx, c, id!, p)),
  r('POST', 'payment_intents/:id/confirm', (tx, c, [id], p) =>
    ops.confirmPaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'payment_intents/:id/cancel', (tx, c, [id], p) =>
    ops.cancelPaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'payment_intents/:id/capture', (tx, c, [id], p) =>
    ops.capturePaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'setup_intents', (tx, c, _, p) => ops.createSetupIntent(tx, c, p)),
  r('GET', 'setup_intents/:id', (tx, c, [id], p) => ops.retrieveSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id', (tx, c, [id], p) => ops.updateSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id/confirm', (tx, c, [id], p) => ops.confirmSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id/cancel', (tx, c, [id], p) => ops.cancelSetupIntent(tx, c, id!, p)),
  r('POST', 'refunds', (tx, c, _, p) => ops.createRefund(tx, c, p)),
  r('GET', 'refunds/:id', (tx, c, [id]) => ops.retrieveRefund(tx, c, id!)),
  r('GET', 'charges/:id', (tx, c, [id]) => ops.retrieveCharge(tx, c, id!)),
  r('GET', 'events', (tx, c, _, p) => ops.listEvents(tx, c, p)),
  r('GET', 'events/:id', (tx, c, [id]) => ops.retrieveEvent(tx, c, id!)),
];

/**
 * Answers the sandbox's addresses (`/v1/...`, `/__sandbox/stripe/...`) while the sandbox is
 * active; returns false for every other request so the shop handles it.
 */
export async function handleSandboxRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: ShopContext,
  clientDir: string,
): Promise<boolean> {
  if (!sandboxActive(context.env)) return false;
  res.setHeader('Cache-Control', 'no-store');
  if (url.pathname.startsWith('/v1/')) {
    await api(req, res, url, context);
    return true;
  }
  await browserSide(req, res, url, context, clientDir);
  return true;
}

// ---------------------------------------------------------------- REST API

function keyOf(req: http.IncomingMessage, env: Env): ops.Caller['key'] | null {
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

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
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

function errorBody(error: SandboxError, requestId: string) {
  return {
    error: {
      ...error.body,
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    },
  };
}

/** Where hosted pages live for the browser: the configured address, or the bound one in tests. */
export function publicOrigin(env: Env): string {
  return shopPublicOrigin(env);
}

async function api(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: ShopContext,
) {
  const { env, db } = context;
  const requestId = `req_${randomBytes(10).toString('hex')}`;
  const headers = { 'Request-Id': requestId, 'Stripe-Version': '2026-01-01.sandbox' };
  const method = (req.method ?? 'GET').toUpperCase();
  const key = keyOf(req, env);
  if (!key) {
    req.resume();
    return sendJson(
      res,
      401,
      errorBody(
        {
          kind: 'auth',
          body: {
            type: 'authentication_error',
            message: 'Invalid API Key provided. The Stripe sandbox accepts only its own keys.',
          },
        },
        requestId,
      ),
      headers,
    );
  }
  const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
  if (raw === null) {
    return sendJson(
      res,
      413,
      errorBody(
        {
          kind: 'invalid',
          body: { type: 'invalid_request_error', message: 'Request body too large.' },
        },
        requestId,
      ),
      headers,
    );
  }
  let params: Params;
  try {
    params = decodeForm(raw) as Params;
  } catch (error) {
    const param = error instanceof FormError ? error.param : undefined;
    return sendJson(
      res,
      400,
      errorBody(
        {
          kind: 'invalid',
          body: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            ...(param ? { param } : {}),
            message: `Invalid request parameter${param ? `: ${param}` : ''}.`,
          },
        },
        requestId,
      ),
      headers,
    );
  }
  let match: RegExpExecArray | null = null;
  const route = ROUTES.find(
    (candidate) =>
      candidate.method === method && (match = candidate.pattern.exec(url.pathname)) !== null,
  );
  if (!route || !match) {
    return sendJson(
      res,
      404,
      errorBody(
        {
          kind: 'missing',
          body: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname.slice(0, 200)}). The Stripe sandbox serves the subset of Stripe's API the shop uses.`,
          },
        },
        requestId,
      ),
      headers,
    );
  }
  const ids = (match as RegExpExecArray).slice(1);
  const expand = Array.isArray(params.expand)
    ? (params.expand as unknown[]).filter((e): e is string => typeof e === 'string')
    : [];
  delete params.expand;
  const idempotencyHeader = req.headers['idempotency-key'];
  const idempotencyKey =
    method === 'POST' && typeof idempotencyHeader === 'string' && idempotencyHeader
      ? idempotencyHeader.slice(0, 255)
      : null;
  const caller: ops.Caller = {
    key,
    secret: env.SESSION_SECRET,
    publicOrigin: publicOrigin(env),
    requestId,
    idempotencyKey,
  };
  const requestHash = createHash('sha256')
    .update(`${method} ${url.pathname}\n${raw}`)
    .digest('hex');

  type Answer = { status: number; body: unknown; replayed?: boolean };
  let answer: Answer;
  try {
    const run = async (tx: Tx): Promise<Answer> => {
      if (idempotencyKey) {
        const claim = await claimIdempotency(tx, `${key}:${idempotencyKey}`, requestHash);
        if (claim.state === 'mismatch') {
          throw new SandboxFailure({
            kind: 'idempotency',
            body: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (claim.state === 'replay') {
          return {
            status: claim.response.status as number,
            body: claim.response.body,
            replayed: true,
          };
        }
      }
      const outcome = await route.run(tx, caller, ids, params);
      const result: Answer = outcome.ok
        ? { status: 200, body: await expandPaths(tx, outcome.body, expand) }
        : { status: STATUS[outcome.error.kind], body: errorBody(outcome.error, requestId) };
      if (idempotencyKey) {
        await storeIdempotent(tx, `${key}:${idempotencyKey}`, {
          status: result.status,
          body: result.body,
        });
      }
      return result;
    };
    answer = method === 'GET' ? await run(db) : await db.transaction(run);
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    answer = { status: STATUS[error.error.kind], body: errorBody(error.error, requestId) };
  }
  if (method === 'POST') sandboxPump(env, db).kick();
  return sendJson(res, answer.status, answer.body, {
    ...headers,
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });
}

/** Replaces ids by their objects along `expand[]` paths (`customer`, `latest_charge`, `data.payment_method`). */
async function expandPaths(tx: Tx, body: unknown, paths: string[]): Promise<unknown> {
  for (const p of paths.slice(0, 20)) {
    await expandPath(tx, body, p.split('.').slice(0, 4));
  }
  return body;
}

async function expandPath(tx: Tx, node: unknown, parts: string[]): Promise<void> {
  if (!node || typeof node !== 'object' || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  const target = node as Record<string, unknown>;
  if (head === 'data' && Array.isArray(target.data)) {
    for (const item of target.data) await expandPath(tx, item, rest);
    return;
  }
  if (!Object.hasOwn(target, head)) return;
  const value = target[head];
  if (typeof value === 'string') {
    const found = await anyObject(tx, value);
    if (found) target[head] = found;
  }
  await expandPath(tx, target[head], rest);
}

// ---------------------------------------------------------------- browser side and control

const ASSETS: Record<string, string> = {
  'stripe.js': 'stripe.js',
  'frame.js': 'frame.js',
};

async function browserSide(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: ShopContext,
  clientDir: string,
) {
  const { env, db } = context;
  const method = (req.method ?? 'GET').toUpperCase();
  const rest = url.pathname.slice(SANDBOX_PREFIX.length);
  const asset = ASSETS[rest];
  if (asset && (method === 'GET' || method === 'HEAD')) {
    const file = path.join(clientDir, '..', 'sandbox', asset);
    if (!existsSync(file)) return sendText(res, 404, 'Not found');
    const body = readFileSync(file);
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': body.length,
    });
    return res.end(method === 'HEAD' ? undefined : body);
  }
  if (rest.startsWith('control/')) return control(req, res, rest.slice(8), env, db);

  const locale = sandboxLocale(url, req.headers.cookie, env.SHOP_LOCALE);
  // Pages of the sandbox may be framed by the shop's own pages (card form, challenge dialog).
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  const csp =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; form-action 'self'; base-uri 'none'";
  res.setHeader('Content-Security-Policy', csp);

  if (rest === 'frame' && method === 'GET') {
    return sendHtml(res, 200, renderHostedPage({ kind: 'frame', locale, url }));
  }
  const qrImage = /^qr\/((?:pi|seti)_[A-Za-z0-9]{1,60})\.svg$/.exec(rest);
  if (qrImage && method === 'GET') {
    const svg = renderQrSvg(qrImage[1]!);
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Length': Buffer.byteLength(svg),
    });
    return res.end(svg);
  }
  const action =
    /^(three_d_secure|authorize|voucher|qr|blik)\/((?:pi|seti)_[A-Za-z0-9]{1,60})$/.exec(rest);
  if (!action) return sendText(res, 404, 'Not found');
  const kind = action[1] as HostedPage;
  const id = action[2]!;
  const nonce = url.searchParams.get('nonce') ?? url.searchParams.get('client_secret') ?? '';
  const framed = url.searchParams.get('frame') === '1';
  if (method === 'GET') {
    const found = await ops.actionPage(db, id, nonce);
    if (!found) {
      return sendHtml(res, 404, renderHostedPage({ kind: 'gone', locale, url }));
    }
    const { intent, methodType } = found;
    return sendHtml(res, 200, renderHostedPage({ kind, locale, url, intent, methodType }));
  }
  if (method !== 'POST') return sendText(res, 405, 'Method not allowed');
  const own = [publicOrigin(env), shopBaseUrl(env), `http://${req.headers.host ?? ''}`];
  if (!isSameOriginRequest({ get: (n) => headerOf(req, n) }, own)) {
    req.resume();
    return sendText(res, 403, 'Forbidden');
  }
  const body = await readBody(req);
  const form = new URLSearchParams(body ?? '');
  const approve = form.get('outcome') === 'approve';
  let outcome: ops.ActionOutcome;
  try {
    outcome = await db.transaction((tx) =>
      ops.completeAction(tx, { requestId: null, idempotencyKey: null }, id, nonce, approve),
    );
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    return sendHtml(res, 404, renderHostedPage({ kind: 'gone', locale, url }));
  }
  sandboxPump(env, db).kick();
  const intent = outcome.intent;
  const status = redirectStatus(intent);
  const returnUrl = safeReturnUrl(outcome.returnUrl);
  if (!framed && returnUrl) {
    const target = new URL(returnUrl);
    const prefix = intent.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
    target.searchParams.set(prefix, intent.id);
    target.searchParams.set(`${prefix}_client_secret`, intent.client_secret ?? '');
    target.searchParams.set('redirect_status', status);
    res.writeHead(303, { Location: target.toString() });
    return res.end();
  }
  return sendHtml(res, 200, renderHostedPage({ kind: 'done', locale, url, intent, status }));
}

function redirectStatus(intent: Stripe.PaymentIntent | Stripe.SetupIntent): string {
  if (intent.status === 'succeeded' || intent.status === 'requires_capture') return 'succeeded';
  if (intent.status === 'processing') return 'pending';
  return 'failed';
}

function safeReturnUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

function headerOf(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

async function control(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  action: string,
  env: Env,
  db: Database,
) {
  // Test tooling only: with the secret key, never in production (the sandbox never runs there).
  if (env.NODE_ENV === 'production' || keyOf(req, env) !== 'secret') {
    req.resume();
    return sendJson(res, 403, { error: { type: 'invalid_request_error', message: 'Forbidden' } });
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (action === 'deliveries' && method === 'GET') {
    return sendJson(res, 200, { object: 'list', data: await deliveryLog(db) });
  }
  if (method !== 'POST') return sendText(res, 405, 'Method not allowed');
  const body = await readBody(req);
  let form: Params;
  try {
    form = decodeForm(body ?? '') as Params;
  } catch {
    return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'Bad form' } });
  }
  const pump = sandboxPump(env, db);
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  if (action === 'advance') {
    const id = text('payment_intent') || undefined;
    const ids = await dueForAdvance(db, true, id);
    let advanced = 0;
    for (const each of ids) {
      if (
        await db.transaction((tx) =>
          ops.advance(tx, { requestId: null, idempotencyKey: null }, each),
        )
      ) {
        advanced++;
      }
    }
    await pump.drain();
    return sendJson(res, 200, { advanced });
  }
  if (action === 'webhooks') {
    const current = await webhookOptions(db);
    const int = (name: string, min: number, max: number, fallback: number) => {
      const v = text(name);
      if (!/^\d+$/.test(v)) return fallback;
      return Math.min(max, Math.max(min, Number(v)));
    };
    const options = {
      delayMs: int('delay_ms', 0, 3_600_000, current.delayMs),
      duplicates: int('duplicates', 1, 20, current.duplicates),
      hold: text('hold') ? text('hold') === 'true' : current.hold,
    };
    await setWebhookOptions(db, options);
    return sendJson(res, 200, {
      delay_ms: options.delayMs,
      duplicates: options.duplicates,
      hold: options.hold,
    });
  }
  if (action === 'deliver') {
    const released = await releaseDeliveries(db, text('order') === 'reverse');
    await pump.drain();
    return sendJson(res, 200, { released, deliveries: await deliveryLog(db) });
  }
  return sendText(res, 404, 'Not found');
}

function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
