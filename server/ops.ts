import { randomUUID, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { ShopContext } from '#app/lib/context.server.ts';
import { describe, migrationState } from '#app/lib/db.server.ts';
import { logger } from '#app/lib/log.server.ts';
import {
  httpDuration,
  httpRequests,
  registry,
  renderCache,
  webhookFailures,
} from '#app/lib/metrics.server.ts';
import { wcAjaxAddress } from './wc-ajax-query.ts';

/** Set once the shop is shutting down: readiness answers 503 so proxies send no more. */
export type Lifecycle = { stopping: boolean };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const INCOMING_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const WEBHOOK_ROUTES: Record<string, string> = { '/payments/stripe/webhook': 'stripe' };

/**
 * Gives the request its id (a proxy's X-Request-Id is kept, else a new one), sends it back, and
 * when the answer is done writes one log line and the request metrics. The line names the
 * route pattern, never the path or query (ids, order keys) and no header (cookies, tokens).
 */
export function observeRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  patternOf: (pathname: string) => string,
  lifecycle: Lifecycle,
): string {
  const started = process.hrtime.bigint();
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  // A connection kept open past the shutdown would hold it up.
  if (lifecycle.stopping) res.shouldKeepAlive = false;
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
    let pathname = '/';
    try {
      const address = new URL(req.url ?? '/', 'http://shop');
      // `/?wc-ajax=<action>` is the classic call it names, not the home page.
      pathname = (wcAjaxAddress(address) ?? address).pathname;
    } catch {
      // An address that does not parse is logged under its pattern, 'unmatched'.
    }
    const route = pathname === '/' ? '/' : patternOf(pathname);
    const status = res.writableFinished ? res.statusCode : 499;
    const labels = { route, method, status: String(status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
    const cache = res.getHeader('x-render-cache');
    if (cache === 'HIT' || cache === 'MISS') renderCache.inc({ result: cache.toLowerCase() });
    if (status >= 400 && WEBHOOK_ROUTES[route])
      webhookFailures.inc({ endpoint: WEBHOOK_ROUTES[route] });
    logger.info(
      { reqId: id, method, route, status, ms: Math.round(seconds * 10_000) / 10 },
      'request',
    );
  });
  return id;
}

/** A failure while answering: the database's own message, not the ORM's wrapper with values. */
export function logRequestError(id: string, error: unknown): void {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const stack = error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 8) : [];
  logger.error(
    { reqId: id, error: describe(cause), type: (cause as Error)?.name, stack },
    'request failed',
  );
}

/**
 * /healthz (the process and its database answer), /readyz (and the schema is migrated, and the
 * shop is not shutting down) and /metrics. Returns false for every other path.
 */
export async function answerOps(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  context: ShopContext,
  lifecycle: Lifecycle,
): Promise<boolean> {
  if (pathname !== '/healthz' && pathname !== '/readyz' && pathname !== '/metrics') return false;
  const method = (req.method ?? 'GET').toUpperCase();
  req.resume();
  res.setHeader('Cache-Control', 'no-store');
  if (method !== 'GET' && method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    send(res, method, 405, 'application/json; charset=utf-8', '{"status":"method not allowed"}');
    return true;
  }
  if (pathname === '/metrics') {
    if (!metricsAllowed(req, context.env.METRICS_TOKEN)) {
      send(res, method, 404, 'text/plain; charset=utf-8', 'Not found');
      return true;
    }
    send(res, method, 200, registry.contentType, await registry.metrics());
    return true;
  }
  const up = await context.database.ping(2000);
  if (pathname === '/healthz') {
    const body = { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' };
    send(res, method, up ? 200 : 503, 'application/json; charset=utf-8', JSON.stringify(body));
    return true;
  }
  const migrations = up ? await migrationState(context.database) : 'unknown';
  const ready = up && migrations === 'applied' && !lifecycle.stopping;
  const body = {
    status: ready ? 'ready' : lifecycle.stopping ? 'stopping' : 'unavailable',
    database: up ? 'up' : 'down',
    migrations,
  };
  send(res, method, ready ? 200 : 503, 'application/json; charset=utf-8', JSON.stringify(body));
  return true;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Loopback without a proxy in between (a proxy on the same machine connects from loopback too,
 * but says whom it forwards), or the bearer token from METRICS_TOKEN.
 */
function metricsAllowed(req: http.IncomingMessage, token: string | undefined): boolean {
  const auth = req.headers.authorization ?? '';
  if (token && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice('Bearer '.length));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const forwarded =
    req.headers['x-forwarded-for'] ?? req.headers.forwarded ?? req.headers['x-real-ip'];
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && forwarded === undefined;
}

function send(
  res: http.ServerResponse,
  method: string,
  status: number,
  type: string,
  body: string,
) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(method === 'HEAD' ? undefined : body);
}
