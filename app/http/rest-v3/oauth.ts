import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a (RFC 5849 §3.6) asks: only unreserved stay. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export type OAuthParams = Record<string, string>;

/**
 * The signature base string (RFC 5849 §3.4.1): method, base URL without query, and every
 * parameter but the signature, encoded, sorted by name then value, joined and encoded again.
 */
export function signatureBaseString(
  method: string,
  baseUrl: string,
  params: readonly (readonly [string, string])[],
): string {
  const pairs = params
    .filter(([name]) => name !== 'oauth_signature')
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(pairs)].join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const SIGNATURE_METHODS = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256' } as const;
export type SignatureMethod = keyof typeof SIGNATURE_METHODS;

/** HMAC of the base string with `consumer secret&` (one-legged: no token secret). */
export function sign(base: string, consumerSecret: string, method: SignatureMethod): string {
  return createHmac(SIGNATURE_METHODS[method], `${percentEncode(consumerSecret)}&`)
    .update(base)
    .digest('base64');
}

export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The `oauth_*` parameters of an `Authorization: OAuth …` header (realm is not signed). */
export function parseAuthorizationHeader(header: string | null): OAuthParams {
  if (!header || !/^OAuth\s/i.test(header.trim())) return {};
  const params: OAuthParams = {};
  for (const match of header
    .trim()
    .slice(6)
    .matchAll(/([A-Za-z0-9_-]+)="([^"]*)"/g)) {
    const [, name, value] = match;
    if (!name!.startsWith('oauth_')) continue;
    try {
      params[name!] = decodeURIComponent(value!);
    } catch {
      params[name!] = value!;
    }
  }
  return params;
}
