import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { sessions } from '#db/schema.ts';
import { readCookie, serializeCookie } from './cookies.ts';
import type { Tx } from './db.server.ts';
import type { Env } from './env.server.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

export type Session = {
  idHash: string;
  customerId: number | null;
  data: Record<string, unknown>;
  /**
   * What the session's cart depends on, as it stood when the session was read: the cart's
   * revision and the row versions of its products and coupons. Null without a cart.
   */
  cartState: string | null;
};

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

export function hasSessionCookie(request: Request): boolean {
  return readCookie(request.headers.get('cookie'), SESSION_COOKIE) !== undefined;
}

const loaded = new WeakMap<object, Promise<Session | null>>();

/**
 * The request's session, or null; loaded once per request however many loaders ask.
 * `scope` is the per-request load context: React Router hands the action and the loaders
 * that follow it different Request objects but the same context, so a session the action
 * starts is the one the loaders see.
 */
export function readSession(
  db: Tx,
  request: Request,
  scope: object = request,
): Promise<Session | null> {
  let pending = loaded.get(scope);
  if (!pending) {
    pending = loadSession(db, readCookie(request.headers.get('cookie'), SESSION_COOKIE));
    loaded.set(scope, pending);
  }
  return pending;
}

async function loadSession(db: Tx, id: string | undefined): Promise<Session | null> {
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  return sessionByHash(db, hashSessionId(id));
}

/**
 * Read with the session, so a kept answer about the cart costs no query of its own. The cart's
 * revision moves with its lines, coupons and customer (database triggers); `xmin`, the version
 * of a row, changes with every update of a product or coupon in it (a price, the stock),
 * whoever writes it.
 */
const cartStateOfSession = sql<string | null>`(
  select c.revision::text
    || ':' || coalesce((
      select sum(p.xmin::text::bigint) from cart_items i
      join products p on p.id = i.product_id or p.id = i.variation_id
      where i.cart_id = c.id), 0)::text
    || ':' || coalesce((
      select sum(k.xmin::text::bigint) from cart_coupons cc
      join coupons k on k.id = cc.coupon_id
      where cc.cart_id = c.id), 0)::text
  from carts c where c.session_id_hash = "sessions"."id_hash"
)`;

async function sessionByHash(db: Tx, idHash: string): Promise<Session | null> {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      customerId: sessions.customerId,
      data: sessions.data,
      cartState: cartStateOfSession,
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Deletes expired sessions; their carts and captcha challenges go with them. */
export async function purgeExpiredSessions(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ idHash: sessions.idHash });
  return gone.length;
}

export type StartedSession = { session: Session; setCookie: string | null };

/** Returns the request's session, creating one (and its cookie) when there is none. */
export async function ensureSession(
  db: Tx,
  request: Request,
  env: Env,
  scope: object = request,
): Promise<StartedSession> {
  const existing = await readSession(db, request, scope);
  if (existing) return { session: existing, setCookie: null };
  const id = randomBytes(32).toString('base64url');
  const session: Session = {
    idHash: hashSessionId(id),
    customerId: null,
    data: {},
    cartState: null,
  };
  await db.insert(sessions).values({
    idHash: session.idHash,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  loaded.set(scope, Promise.resolve(session));
  return { session, setCookie: sessionCookie(id, env) };
}

function sessionCookie(id: string, env: Env, persistent = true): string {
  return serializeCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: env.NODE_ENV === 'production' && env.SHOP_URL.startsWith('https:'),
    // Without "remember me" the cookie ends with the browser session.
    ...(persistent ? { maxAge: SESSION_DAYS * 86_400 } : {}),
  });
}

/** How long a login without "remember me" lives on the server, however long the browser runs. */
const BROWSER_SESSION_HOURS = 48;

/**
 * A new session under a new id for a customer who just logged in (or changed the password):
 * the old id is never reused, so a session id fixed or seen before the login is worth
 * nothing. The caller moves the old session's cart and deletes the old session, in the same
 * transaction. With `remember` the cookie lasts 30 days; otherwise it ends with the browser.
 */
export async function createCustomerSession(
  db: Tx,
  env: Env,
  input: { customerId: number; remember: boolean; data?: Record<string, unknown> },
  scope?: object,
): Promise<StartedSession> {
  const id = randomBytes(32).toString('base64url');
  const lifetimeMs = input.remember ? SESSION_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
  const session: Session = {
    idHash: hashSessionId(id),
    customerId: input.customerId,
    data: { ...input.data, remember: input.remember },
    // Read afresh by the next request, once the caller has moved the cart over.
    cartState: null,
  };
  await db.insert(sessions).values({
    idHash: session.idHash,
    customerId: input.customerId,
    data: session.data,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  if (scope) loaded.set(scope, Promise.resolve(session));
  return { session, setCookie: sessionCookie(id, env, input.remember) };
}

/** Ends one session; its cart goes with it unless it was kept beforehand. */
export async function deleteSession(db: Tx, idHash: string, scope?: object): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  if (scope) loaded.set(scope, Promise.resolve(null));
}

/** Ends every session of a customer but `except` (after a password change, on deletion). */
export async function deleteCustomerSessions(
  db: Tx,
  customerId: number,
  except?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.customerId, customerId), except ? ne(sessions.idHash, except) : undefined),
    );
}

/** The cookie that makes the browser forget its session id. */
export function clearSessionCookie(env: Env): string {
  return serializeCookie(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'Lax',
    secure: env.NODE_ENV === 'production' && env.SHOP_URL.startsWith('https:'),
    maxAge: 0,
  });
}

/** The request-forgery token of a session: derived, so nothing else has to be stored. */
export function sessionNonce(session: Pick<Session, 'idHash'>, env: Env): string {
  return createHmac('sha256', env.SESSION_SECRET)
    .update(`nonce:${session.idHash}`)
    .digest('base64url')
    .slice(0, 32);
}

export function verifyNonce(session: Session | null, candidate: unknown, env: Env): boolean {
  if (!session || typeof candidate !== 'string' || candidate.length !== 32) return false;
  const expected = Buffer.from(sessionNonce(session, env));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The nonce as sent in a header (Nonce or X-WP-Nonce). */
export function nonceFromHeaders(request: Request): string | null {
  return request.headers.get('nonce') ?? request.headers.get('x-wp-nonce');
}

/** How long a `Cart-Token` stays valid: headless clients renew it with every cart answer. */
export const CART_TOKEN_SECONDS = 2 * 86_400;
const CART_TOKEN = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/;

const cartTokenSignature = (payload: string, env: Env) =>
  createHmac('sha256', env.SESSION_SECRET).update(`cart-token:${payload}`).digest('base64url');

/**
 * The `Cart-Token` of a session: its id hash and an expiry, signed. Headless clients send it
 * instead of the cookie; it names the cart, never reveals the session id itself.
 */
export function cartToken(session: Session, env: Env, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ s: session.idHash, e: Math.floor(now / 1000) + CART_TOKEN_SECONDS }),
  ).toString('base64url');
  return `${payload}.${cartTokenSignature(payload, env)}`;
}

/** The session id hash a well-signed, unexpired token names; null for anything else. */
export function verifyCartToken(token: string, env: Env, now = Date.now()): string | null {
  if (!CART_TOKEN.test(token)) return null;
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(cartTokenSignature(payload, env));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { s, e } = (claims ?? {}) as { s?: unknown; e?: unknown };
  if (typeof s !== 'string' || typeof e !== 'number' || e * 1000 <= now) return null;
  return s;
}

/**
 * The session a `Cart-Token` names, if the session still lives; remembered for the request
 * like a cookie's session, so every loader of the request sees the same cart.
 */
export async function sessionFromCartToken(
  db: Tx,
  token: string,
  env: Env,
  scope: object,
): Promise<Session | null> {
  const idHash = verifyCartToken(token, env);
  const session = idHash ? await sessionByHash(db, idHash) : null;
  if (session) loaded.set(scope, Promise.resolve(session));
  return session;
}

/**
 * The id hash of the request's session without asking the database: the one this request
 * already loaded or started, else the cookie's. Whether that session still lives is for the
 * caller's query to check.
 */
export async function sessionIdHashOf(request: Request, scope: object): Promise<string | null> {
  const pending = loaded.get(scope);
  if (pending) return (await pending)?.idHash ?? null;
  const id = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
  return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? hashSessionId(id) : null;
}
