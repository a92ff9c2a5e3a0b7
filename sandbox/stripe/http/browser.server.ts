import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type Stripe from 'stripe';
import type { Database } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { ShopContext } from '#app/lib/context.server.ts';
import { isSameOriginRequest } from '#app/lib/origin.ts';
import { shopBaseUrl, shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import { deliveryLog, releaseDeliveries } from '../domain/deliveries.server.ts';
import {
  type ActionOutcome,
  actionPage,
  advance,
  completeAction,
} from '../domain/next-actions.server.ts';
import { type Params, SandboxFailure } from '../domain/params.ts';
import { dueForAdvance, setWebhookOptions, webhookOptions } from '../domain/store.server.ts';
import { decodeForm } from './form.ts';
import { type HostedPage, renderHostedPage, renderQrSvg, sandboxLocale } from './pages.server.ts';
import { headerOf, keyOf, readBody, sendHtml, sendJson, sendText } from './respond.server.ts';
import { sandboxPump } from './runtime.server.ts';

/**
 * What the browser reaches under /__sandbox/stripe/: the sandbox's Stripe.js and card frame,
 * the hosted next-action pages, and the control calls of the tests.
 */
export const SANDBOX_PREFIX = '/__sandbox/stripe/';

const ASSETS: Record<string, string> = {
  'stripe.js': 'stripe.js',
  'frame.js': 'frame.js',
};

export async function browserSide(
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
    const found = await actionPage(db, id, nonce);
    if (!found) {
      return sendHtml(res, 404, renderHostedPage({ kind: 'gone', locale, url }));
    }
    const { intent, methodType } = found;
    return sendHtml(res, 200, renderHostedPage({ kind, locale, url, intent, methodType }));
  }
  if (method !== 'POST') return sendText(res, 405, 'Method not allowed');
  const own = [shopPublicOrigin(env), shopBaseUrl(env), `http://${req.headers.host ?? ''}`];
  if (!isSameOriginRequest({ get: (n) => headerOf(req, n) }, own)) {
    req.resume();
    return sendText(res, 403, 'Forbidden');
  }
  const body = await readBody(req);
  const form = new URLSearchParams(body ?? '');
  const approve = form.get('outcome') === 'approve';
  let outcome: ActionOutcome;
  try {
    outcome = await db.transaction((tx) =>
      completeAction(tx, { requestId: null, idempotencyKey: null }, id, nonce, approve),
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
        await db.transaction((tx) => advance(tx, { requestId: null, idempotencyKey: null }, each))
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
