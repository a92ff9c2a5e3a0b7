import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  type KeyHolder,
  OAUTH_WINDOW_SECONDS,
  keyHolder,
  recordAccess,
  spendNonce,
} from '#app/domain/api-keys/api-keys.server.ts';
import type { ApiKeyPermission } from '#app/domain/api-keys/api-keys.schema.ts';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import { type Session, verifyNonce } from '#app/lib/session.server.ts';
import {
  SIGNATURE_METHODS,
  type SignatureMethod,
  parseAuthorizationHeader,
  sameSignature,
  sign,
  signatureBaseString,
} from './oauth.ts';

/** Who calls the REST API: an API key's owner, or a staff member's browser session. */
export type Principal = {
  customerId: number;
  permissions: ApiKeyPermission;
  keyId: number | null;
  actor: Actor;
};

/** Query parameters that carry credentials, never input of an endpoint. */
export const AUTH_PARAMS = /^(oauth_.*|consumer_key|consumer_secret|_wpnonce)$/;

const OAUTH_REQUIRED = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

const unauthorized = (code: string, params?: Record<string, string>) =>
  domainError('unauthorized', code, params);

/**
 * Whether the caller reached the shop over HTTPS. The shop's server speaks plain HTTP; behind
 * a trusted proxy (TRUST_PROXY) the proxy's `X-Forwarded-Proto` says how the client came.
 */
export function isHttps(request: Request, env: Env): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  if (!env.TRUST_PROXY) return false;
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

export type AuthInput = {
  request: Request;
  env: Env;
  db: Tx;
  /** The query's parameters, and a form body's (OAuth signs both). */
  signed: readonly (readonly [string, string])[];
  session: () => Promise<Session | null>;
  now?: Date;
};

/**
 * Authenticates a REST API v3 call the way WooCommerce does: consumer key and secret (HTTP
 * Basic or query) over HTTPS only, OAuth 1.0a one-legged signatures (over HTTP, or HTTPS), or a
 * staff member's session with the `X-WP-Nonce`. Then checks the key's permission for the method.
 */
export async function authenticate(input: AuthInput): Promise<Result<Principal>> {
  const { request, env, db } = input;
  const query = new URL(request.url).searchParams;
  const https = isHttps(request, env);
  const basic = basicCredentials(request, query);
  let holder: KeyHolder | null = null;
  if (basic) {
    if (!https) return fail(unauthorized('rest.error.basic_needs_https'));
    holder = await keyHolder(db, basic.key, env.API_KEY_SECRET);
    if (!holder) return fail(unauthorized('rest.error.consumer_key_invalid'));
    if (!sameSignature(basic.secret, holder.secret)) {
      return fail(unauthorized('rest.error.consumer_secret_invalid'));
    }
  } else {
    const oauth = await oauthHolder(input, https);
    if (!oauth.ok) return oauth;
    holder = oauth.value;
  }
  if (holder) return keyPrincipal(db, holder, request.method);
  return sessionPrincipal(input);
}

function basicCredentials(request: Request, query: URLSearchParams) {
  const key = query.get('consumer_key');
  const secret = query.get('consumer_secret');
  if (key && secret) return { key, secret };
  const header = request.headers.get('authorization') ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The key of a signed request; null when the request carries no OAuth parameter at all. */
async function oauthHolder(input: AuthInput, https: boolean): Promise<Result<KeyHolder | null>> {
  const { request, env, db } = input;
  const header = parseAuthorizationHeader(request.headers.get('authorization'));
  const params = new Map<string, string>(input.signed.filter(([n]) => n.startsWith('oauth_')));
  for (const [name, value] of Object.entries(header)) params.set(name, value);
  if (![...params.keys()].some((name) => (OAUTH_REQUIRED as readonly string[]).includes(name))) {
    return ok(null);
  }
  const missing = OAUTH_REQUIRED.filter((name) => !params.get(name));
  if (missing.length > 0) {
    return fail(unauthorized('rest.error.missing_oauth', { params: missing.join(', ') }));
  }
  const holder = await keyHolder(db, params.get('oauth_consumer_key')!, env.API_KEY_SECRET);
  if (!holder) return fail(unauthorized('rest.error.consumer_key_invalid'));
  const method = params.get('oauth_signature_method')!;
  if (!(method in SIGNATURE_METHODS)) return fail(unauthorized('rest.error.signature_method'));
  // A `+` sent unencoded in the query reads as a space.
  const given = params.get('oauth_signature')!.replaceAll(' ', '+');
  const signed = [
    ...input.signed.filter(([name]) => !name.startsWith('oauth_')),
    ...[...params].filter(([name]) => name !== 'oauth_signature'),
  ];
  const url = new URL(request.url);
  const path = url.pathname;
  // The address as the client saw it: this host (http or https), or the shop's configured one.
  const bases = [
    `${https ? 'https' : 'http'}://${url.host}${path}`,
    `${new URL(env.SHOP_URL).origin}${path}`,
  ];
  const matches = bases.some((base) =>
    sameSignature(
      given,
      sign(
        signatureBaseString(request.method, base, signed),
        holder.secret,
        method as SignatureMethod,
      ),
    ),
  );
  if (!matches) return fail(unauthorized('rest.error.signature_mismatch'));
  const timestamp = Number(params.get('oauth_timestamp'));
  const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (
    !/^\d{1,12}$/.test(params.get('oauth_timestamp')!) ||
    Math.abs(now - timestamp) > OAUTH_WINDOW_SECONDS
  ) {
    return fail(unauthorized('rest.error.timestamp'));
  }
  const nonce = params.get('oauth_nonce')!;
  if (nonce.length > 200 || !(await spendNonce(db, holder.id, nonce, timestamp, input.now))) {
    return fail(unauthorized('rest.error.nonce_used'));
  }
  return ok(holder);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function keyPrincipal(db: Tx, holder: KeyHolder, method: string): Promise<Result<Principal>> {
  const writing = WRITES.has(method.toUpperCase());
  if (writing && holder.permissions === 'read') {
    return fail(domainError('forbidden', 'rest.error.no_write'));
  }
  if (!writing && holder.permissions === 'write') {
    return fail(domainError('forbidden', 'rest.error.no_read'));
  }
  // A key outlives its owner's staff role only as a key that may do nothing.
  if (!canEditContent(holder)) return fail(domainError('forbidden', 'rest.error.cannot_view'));
  await recordAccess(db, holder.id);
  return ok({
    customerId: holder.customerId,
    permissions: holder.permissions,
    keyId: holder.id,
    actor: {
      channel: 'api',
      id: holder.customerId,
      label: holder.description || `…${holder.truncatedKey}`,
    },
  });
}

/**
 * A browser session counts only with its nonce (`X-WP-Nonce` or `_wpnonce`), as in WordPress:
 * without one the call is anonymous, so no other site can make a signed-in manager's browser
 * change orders.
 */
async function sessionPrincipal(input: AuthInput): Promise<Result<Principal>> {
  const { request, env, db } = input;
  const nonce =
    request.headers.get('x-wp-nonce') ?? new URL(request.url).searchParams.get('_wpnonce');
  if (nonce === null || nonce === '') return fail(unauthorized('rest.error.cannot_view'));
  const session = await input.session();
  if (!session || !verifyNonce(session, nonce, env)) {
    return fail(domainError('forbidden', 'rest.error.cookie_nonce'));
  }
  const viewer = await customerOfSession(db, session.idHash);
  if (!viewer) return fail(unauthorized('rest.error.cannot_view'));
  if (!canEditContent(viewer)) return fail(domainError('forbidden', 'rest.error.cannot_view'));
  return ok({
    customerId: viewer.id,
    permissions: 'read_write',
    keyId: null,
    actor: { channel: 'api', id: viewer.id, label: viewer.email },
  });
}
