import { createHmac, randomBytes } from 'node:crypto';
import WooCommerceRestApi from '@woocommerce/woocommerce-rest-api';
import OAuth from 'oauth-1.0a';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { createApiKey } from '#app/domain/api-keys/api-keys.server.ts';
import type { ApiKeyPermission } from '#app/domain/api-keys/api-keys.schema.ts';
import type { CustomerRole } from '#app/domain/customers/customers.schema.ts';
import type { TestShop } from './shop.ts';
import { signedInCustomer } from './customers.ts';

export * as webhookRows from './webhook-authorization.ts';

export type TestKey = {
  id: number;
  consumerKey: string;
  consumerSecret: string;
  customerId: number;
  description: string;
};

/** A staff account with an API key of the given permissions, made as `npm run api-key` does. */
export async function staffKey(
  shop: TestShop,
  permissions: ApiKeyPermission,
  role: CustomerRole = 'shop_manager',
): Promise<TestKey> {
  const owner = await signedInCustomer(shop.database.db, { role });
  const description = `ERP ${permissions} ${randomBytes(3).toString('hex')}`;
  const created = await createApiKey(
    shop.database.db,
    { email: owner.customer.email, permissions, description },
    shop.env.API_KEY_SECRET,
    SYSTEM_ACTOR,
  );
  if (!created.ok) throw new Error(created.error.code);
  return { ...created.value, customerId: owner.customer.id, description };
}

/** The official WooCommerce client: over plain HTTP it signs every call with OAuth 1.0a. */
export function officialClient(
  shop: TestShop,
  key: Pick<TestKey, 'consumerKey' | 'consumerSecret'>,
) {
  return new WooCommerceRestApi({
    url: shop.url,
    consumerKey: key.consumerKey,
    consumerSecret: key.consumerSecret,
    version: 'wc/v3',
  });
}

/**
 * A request signed with OAuth 1.0a by hand (the oauth-1.0a library), with a chosen timestamp
 * or nonce: for replays and stale timestamps the official client never sends.
 */
export function signedUrl(
  url: string,
  method: string,
  key: Pick<TestKey, 'consumerKey' | 'consumerSecret'>,
  options: {
    timestamp?: number;
    nonce?: string;
    signatureMethod?: 'HMAC-SHA1' | 'HMAC-SHA256';
  } = {},
): string {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA1';
  const oauth = new OAuth({
    consumer: { key: key.consumerKey, secret: key.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (text, secret) =>
      createHmac(signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256', secret)
        .update(text)
        .digest('base64'),
  });
  const data: Record<string, string> = {
    oauth_consumer_key: key.consumerKey,
    oauth_nonce: options.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: signatureMethod,
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  const target = new URL(url);
  data.oauth_signature = oauth.getSignature(
    {
      url: `${target.origin}${target.pathname}`,
      method,
      data: Object.fromEntries(target.searchParams),
    },
    undefined,
    data as never,
  );
  for (const [name, value] of Object.entries(data)) target.searchParams.set(name, value);
  return target.href;
}

export function basicAuth(key: Pick<TestKey, 'consumerKey' | 'consumerSecret'>): string {
  return `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
}

/** Headers of a call the trusted proxy forwarded from an HTTPS client. */
export const VIA_HTTPS = { 'x-forwarded-proto': 'https' };

export type RestAnswer = { status: number; headers: Headers; body: any };

/**
 * One call to `/wp-json/wc/v3/{path}` over "HTTPS" (the trusted proxy's header) with HTTP Basic
 * as `key` (none: no credentials). A string body is sent as it is, anything else as JSON.
 */
export async function restCall(
  shop: { url: string },
  key: TestKey | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<RestAnswer> {
  const response = await fetch(`${shop.url}/wp-json/wc/v3/${path}`, {
    method,
    headers: {
      ...VIA_HTTPS,
      ...(key ? { authorization: basicAuth(key) } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}
