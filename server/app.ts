import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type ServerBuild, createRequestHandler } from 'react-router';
import type { ShopContext } from '#app/lib/context.server.ts';
import type { Personal } from '#app/components/personal.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import { readCookie } from '#app/lib/cookies.ts';
import { pageCookieVariant } from '#app/lib/page-cookies.ts';
import { isSameOriginRequest, isStateChanging } from '#app/lib/origin.ts';
import { LANG_COOKIE, requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import { type UrlRefusal, refuseUrl } from '#app/lib/hostile-input.ts';
import { handleSandboxRequest, isSandboxPath } from '#sandbox/stripe/http/handler.server.ts';
import { followStoredStripeKeys } from '#app/domain/payments/stripe-keys.server.ts';
import { loadShopName } from '#app/domain/settings/shop-name.server.ts';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './headers.ts';
import { type CachedPage, RenderCache } from './render-cache.ts';
import { type StaticFile, chooseEncoding, contentType, loadStaticFiles } from './static.ts';
import { type Lifecycle, answerOps, logRequestError, observeRequest } from './ops.ts';
import { routePatterns, serverPattern } from './route-pattern.ts';
import { wcAjaxAddress } from './wc-ajax-query.ts';
import { isMediaFileName } from '#app/domain/media/media-store.server.ts';
import { sendPicture } from './media.ts';
import { mediaStoreOf } from '#app/http/media-store.server.ts';

export const MAX_BODY_BYTES = 12 * 1024 * 1024;
/** Picture uploads of the back office: several files of up to 20 MB each are checked one by one. */
export const MAX_UPLOAD_BODY_BYTES = 64 * 1024 * 1024;
const UPLOAD_PATH = /^\/admin\/products\/(\d{1,9}\/pictures|import)(\.data)?$/;

/** The body size a request may have: larger for the picture upload. */
export function bodyLimitOf(pathname: string): number {
  return UPLOAD_PATH.test(pathname) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}
/** The answers an endpoint may mark as kept, and how long one is repeated at most. */
const KEPT_PATHS = new Set(['/wc/store/v1/cart']);
const KEPT_ANSWER_MS = 5_000;
const JSON_PATHS = /^\/(wc\/|wc-ajax\/|forms\/|wp-json\/)/;

export type ShopServerOptions = {
  build: ServerBuild;
  context: ShopContext;
  clientDir: string;
  mediaDir: string;
  /** Seconds a page rendered for a visitor without a session may be reused; 0 disables it. */
  renderCacheSeconds?: number;
  lifecycle?: Lifecycle;
};

export function createShopServer(options: ShopServerOptions): http.Server {
  const handler = createShopHandler(options);
  const { KEEP_ALIVE_TIMEOUT, HEADERS_TIMEOUT } = options.context.env;
  const server = http.createServer(
    {
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT * 1000,
      headersTimeout: HEADERS_TIMEOUT * 1000,
      // Node wants the whole request's limit at least as long as the headers'.
      requestTimeout: Math.max(30, HEADERS_TIMEOUT) * 1000,
    },
    handler,
  );
  return server;
}

export function createShopHandler({
  build,
  context,
  clientDir,
  mediaDir,
  renderCacheSeconds = 5,
  lifecycle = { stopping: false },
}: ShopServerOptions) {
  const { env } = context;
  const mediaStore = mediaStoreOf(env, context.db);
  const production = env.NODE_ENV === 'production';
  const baseHeaders = securityHeaders(production, env.SHOP_URL.startsWith('https:'));
  const staticFiles = loadStaticFiles(clientDir);
  // Production mode always: error details never reach the browser.
  const handleRequest = createRequestHandler(build, 'production');
  const cache = renderCacheSeconds > 0 ? new RenderCache(renderCacheSeconds * 1000, 1000) : null;
  const writeGeneration = context.database.writeGeneration;
  // Answers an endpoint marked as kept (decision 0018), repeated while the database stands still.
  const keptAnswers = writeGeneration ? new RenderCache(KEPT_ANSWER_MS, 10_000) : null;
  const shopOrigin = new URL(env.SHOP_URL).origin;
  const { personalData, personalize } = build.entry.module as unknown as PersonalParts;
  const appPattern = routePatterns(build);
  const patternOf = (pathname: string) =>
    serverPattern(pathname) ?? (staticFiles.has(pathname) ? pathname : appPattern(pathname));

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const requestId = observeRequest(req, res, patternOf, lifecycle);
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    const method = (req.method ?? 'GET').toUpperCase();
    const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(req.headers.host ?? '')
      ? req.headers.host!
      : new URL(env.SHOP_URL).host;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${host}`);
    } catch {
      return sendText(res, 400, 'Bad request');
    }
    // Hostile addresses stop here, before any route or query sees them (decision 0009).
    const refusal = refuseUrl(req.url ?? '/', url);
    url = wcAjaxAddress(url) ?? url;
    if (refusal && JSON_PATHS.test(url.pathname)) return refuseJson(req, res, url, refusal);
    try {
      // Stripe keys entered in the back office take effect without a restart, on every instance.
      await followStoredStripeKeys(context.env, context.db);
      // The display name every page shows, read before the page's loaders translate with it.
      // A failed read keeps the name read before.
      const shopName = await loadShopName(context.db).catch(() => '');
      if (await answerOps(req, res, url.pathname, context, lifecycle)) return;
      // The Stripe sandbox's API and pages, only while no Stripe keys are configured.
      if (!refusal && isSandboxPath(url.pathname)) {
        if (await handleSandboxRequest(req, res, url, context, clientDir)) return;
      }
      if (method === 'GET' || method === 'HEAD') {
        const file = staticFiles.get(url.pathname);
        if (file) return sendStatic(req, res, file, method);
        if (url.pathname.startsWith('/media/'))
          return sendMedia(req, res, url.pathname, method, requestId);
      }
      if (isStateChanging(method) && !refusal) {
        const own = [shopOrigin, `http://${host}`, `https://${host}`];
        if (!isSameOriginRequest({ get: (n) => header(req, n) }, own))
          return forbidden(req, res, url);
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > bodyLimitOf(url.pathname)) return sendText(res, 413, 'Payload too large');
      }
      const hasSession = readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined;
      const keptKey =
        keptAnswers && method === 'GET' && hasSession && !refusal && KEPT_PATHS.has(url.pathname)
          ? `${url.pathname}${url.search}\0${req.headers.cookie}\0${header(req, 'cart-token') ?? ''}`
          : null;
      const generation = keptKey ? writeGeneration!() : 0;
      if (keptKey) {
        const kept = keptAnswers!.get(keptKey);
        if (kept && kept.generation === generation) {
          return sendPage(
            req,
            res,
            kept.status,
            kept.headers,
            kept.body,
            method,
            kept.encoded,
            'HIT',
          );
        }
      }
      const dataRequest = url.pathname.endsWith('.data');
      const cacheKey =
        cache && !refusal && isCacheable(method, url, hasSession && dataRequest)
          ? // A renamed shop's pages are new pages: none rendered with the old name is served.
            `${url.pathname}${url.search}|${readCookie(req.headers.cookie, LANG_COOKIE) ?? ''}|${pageCookieVariant(req.headers.cookie)}|${shopName}`
          : null;
      const requestContext: ShopContext = {
        ...context,
        dataRequest,
        ...(refusal ? { refusedStatus: refusal.status } : {}),
      };
      const hit = cacheKey ? cache!.get(cacheKey) : undefined;
      // A visitor with a session gets a shared page only if its rendering read no session.
      if (hit && !(hasSession && hit.readsSession)) {
        if (hasSession) {
          const request = new Request(url, { headers: { cookie: req.headers.cookie ?? '' } });
          const own = await personalBody(hit.headers, hit.body, requestContext, request);
          if (own) return sendPage(req, res, hit.status, hit.headers, own, method, null, 'HIT');
        }
        return sendPage(req, res, hit.status, hit.headers, hit.body, method, hit.encoded, 'HIT');
      }

      // A refused page is rendered as a plain GET: no action runs and no body is read.
      if (refusal) req.resume();
      const request = await toFetchRequest(
        req,
        res,
        url,
        refusal ? 'GET' : method,
        clientAddress(req),
      );
      if (!request) return sendText(res, 413, 'Payload too large');
      // A context object per request: it scopes the session an action starts to its own loaders.
      // For a refused address the pages' loaders throw the 400 (414) page instead of reading it.
      const response = await handleRequest(request, requestContext);
      const body = Buffer.from(await response.arrayBuffer());
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
      // A response with a policy of its own (a mail preview's sandbox) keeps it.
      if (
        (response.headers.get('content-type') ?? '').startsWith('text/html') &&
        !response.headers.has('content-security-policy')
      ) {
        headers.push([
          'content-security-policy',
          contentSecurityPolicy(inlineScriptHashes(body.toString('utf8'))),
        ]);
      }
      if (
        keptKey &&
        requestContext.keptAnswer &&
        response.status === 200 &&
        !response.headers.has('set-cookie')
      ) {
        keptAnswers!.set(keptKey, {
          status: response.status,
          headers,
          body,
          readsSession: true,
          generation,
        });
      }
      const readsSession = requestContext.readsSession === true;
      let entry: CachedPage | null = null;
      if (
        cacheKey &&
        response.status === 200 &&
        !(hasSession && readsSession) &&
        !response.headers.has('set-cookie') &&
        !response.headers.get('cache-control')?.includes('no-store')
      ) {
        entry = cache!.set(cacheKey, { status: response.status, headers, body, readsSession });
      }
      const own = await personalBody(headers, body, requestContext, request);
      return sendPage(
        req,
        res,
        response.status,
        headers,
        own ?? body,
        method,
        own ? null : (entry?.encoded ?? null),
        cacheKey ? 'MISS' : null,
      );
    } catch (error) {
      logRequestError(requestId, error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error');
      else res.destroy();
    }
  };

  /** A page with the visitor's parts filled in, or null when there is nothing personal. */
  async function personalBody(
    headers: [string, string][],
    body: Buffer,
    requestContext: ShopContext,
    request: Request,
  ): Promise<Buffer | null> {
    const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    // Pages only: markup answers of the API paths (coupon notices, quick view) are fragments.
    if (!type.startsWith('text/html') || JSON_PATHS.test(new URL(request.url).pathname)) {
      return null;
    }
    const personal = await personalData(requestContext, request);
    if (!personal) return null;
    return personalize(body, personal, requestContext, request);
  }

  /** The visitor's address: the socket's, or behind a trusted proxy the first forwarded one. */
  function clientAddress(req: http.IncomingMessage): string {
    const forwarded = env.TRUST_PROXY
      ? header(req, 'x-forwarded-for')?.split(',')[0]?.trim()
      : undefined;
    return forwarded || req.socket.remoteAddress || 'unknown';
  }

  function forbidden(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const locale = requestLocale(
      new Request(url, { headers: { cookie: req.headers.cookie ?? '' } }),
      env.SHOP_LOCALE,
    );
    const message = serverTranslator(locale)('error.forbidden_origin');
    req.resume();
    if (JSON_PATHS.test(url.pathname)) {
      return sendJson(res, 403, { code: 'rest_forbidden_origin', message, data: { status: 403 } });
    }
    return sendText(res, 403, message);
  }

  /** The JSON error of the API paths for an address refused before routing. */
  function refuseJson(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    refusal: UrlRefusal,
  ) {
    const t = serverTranslator(
      requestLocale(
        new Request(url, { headers: { cookie: req.headers.cookie ?? '' } }),
        env.SHOP_LOCALE,
      ),
    );
    req.resume();
    res.setHeader('Cache-Control', 'no-store');
    return sendJson(res, refusal.status, {
      code: refusal.status === 414 ? 'rest_request_too_large' : 'rest_invalid_param',
      message: t(refusal.status === 414 ? 'error.url_too_long' : 'error.url_malformed'),
      data: { status: refusal.status, params: {} },
    });
  }

  function sendMedia(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pathname: string,
    method: string,
    requestId: string,
  ) {
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice('/media/'.length));
    } catch {
      return sendText(res, 400, 'Bad request');
    }
    if (isMediaFileName(name))
      return sendPicture({ req, res, store: mediaStore, mediaDir, name, method, requestId });
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.'))
      return sendText(res, 404, 'Not found');
    const file = path.join(mediaDir, name);
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) throw new Error('not a file');
      size = stat.size;
    } catch {
      return sendText(res, 404, 'Not found');
    }
    res.writeHead(200, {
      'Content-Type': contentType(file),
      'Content-Length': size,
      'Cache-Control': 'public, max-age=604800',
    });
    if (method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
    void req;
  }
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Page views may be shared: GET, not an API call. A page is rendered for nobody (the server
 * fills in each visitor's parts), but a data request with a session carries the visitor's data.
 */
function isCacheable(method: string, url: URL, personalData: boolean): boolean {
  if (method !== 'GET' || personalData) return false;
  return !JSON_PATHS.test(url.pathname);
}

/** What the app's server entry exports for filling a visitor's parts into a shared page. */
type PersonalParts = {
  personalData(context: ShopContext, request: Request): Promise<Personal | null>;
  personalize(
    page: Buffer,
    personal: Personal,
    context: ShopContext,
    request: Request,
  ): Promise<Buffer>;
};

async function toFetchRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  method: string,
  address: string,
): Promise<Request | null> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || name === CLIENT_ADDRESS_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_ADDRESS_HEADER, address);
  const controller = new AbortController();
  // A visitor who leaves before the answer is complete cancels the work for it.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let body: ArrayBuffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let total = 0;
    const limit = bodyLimitOf(url.pathname);
    for await (const chunk of req) {
      total += (chunk as Buffer).length;
      if (total > limit) return null;
      chunks.push(chunk as Buffer);
    }
    const joined = Buffer.concat(chunks);
    body = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length) as ArrayBuffer;
  }
  return new Request(url, { method, headers, body, signal: controller.signal });
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

function sendPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: [string, string][],
  body: Buffer,
  method: string,
  encodedCache: Map<string, Buffer> | null,
  cacheState: 'HIT' | 'MISS' | null,
) {
  for (const [name, value] of headers) {
    if (name === 'set-cookie') res.appendHeader('Set-Cookie', value);
    else if (
      name !== 'content-length' &&
      name !== 'content-encoding' &&
      name !== 'transfer-encoding'
    )
      res.setHeader(name, value);
  }
  if (cacheState) res.setHeader('X-Render-Cache', cacheState);
  const type = String(res.getHeader('content-type') ?? '');
  const encoding =
    body.length > 1024 && COMPRESSIBLE.test(type)
      ? chooseEncoding(header(req, 'accept-encoding') ?? undefined)
      : null;
  let payload = body;
  if (encoding) {
    payload = encodedCache?.get(encoding) ?? compress(body, encoding);
    encodedCache?.set(encoding, payload);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
  }
  res.setHeader('Content-Length', payload.length);
  res.statusCode = status;
  res.end(method === 'HEAD' ? undefined : payload);
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

function sendStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: StaticFile,
  method: string,
) {
  res.setHeader('Content-Type', file.type);
  res.setHeader('ETag', file.etag);
  res.setHeader(
    'Cache-Control',
    file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
  if (req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304;
    return res.end();
  }
  const encoding = chooseEncoding(header(req, 'accept-encoding') ?? undefined);
  const payload = (encoding && file[encoding]) || file.body;
  if (payload !== file.body) {
    res.setHeader('Content-Encoding', encoding!);
    res.setHeader('Vary', 'Accept-Encoding');
  }
  res.setHeader('Content-Length', payload.length);
  res.end(method === 'HEAD' ? undefined : payload);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
