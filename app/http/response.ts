import type { DomainError } from '#app/domain/kernel/result.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { STATUS_OF_KIND } from './status.ts';

export type Headers = Record<string, string>;

/** JSON with the shop's API headers; never cached by browsers or proxies. */
export function json(body: unknown, init: { status?: number; headers?: Headers } = {}): Response {
  return jsonText(JSON.stringify(body), init);
}

/** The same for a body serialized already (a kept answer). */
export function jsonText(
  body: string,
  init: { status?: number; headers?: Headers } = {},
): Response {
  return new Response(body, {
    status: init.status ?? 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  });
}

/** How one wire format names a domain failure. */
/** A file made for this visitor only (a captcha's picture or sound): never kept by a cache. */
export function uncachedFile(bytes: Buffer, contentType: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'no-store',
    },
  });
}

export type ErrorCodes = {
  /** Domain code -> the format's error code. */
  codes: Readonly<Record<string, string>>;
  /** The format's code for a domain code it does not list. */
  fallback: (error: DomainError) => string;
  /** Every answer carries the caller's session token in a `Nonce` header (Store API). */
  sendsNonce?: boolean;
  /** Calls may name their session by a `Cart-Token` header, and answers carry one (Store API). */
  cartToken?: boolean;
};

/**
 * The error shape every JSON endpoint uses: code, translated message, data.status and params,
 * and whatever else the endpoint adds to `data` (the Store API's cart routes add the cart).
 */
export function jsonError(
  error: DomainError,
  format: ErrorCodes,
  t: Translate,
  headers?: Headers,
  extra: Record<string, unknown> = {},
): Response {
  const status = STATUS_OF_KIND[error.kind];
  return json(
    {
      code: format.codes[error.code] ?? format.fallback(error),
      message: t(error.code as TextKey, error.params),
      data: { ...extra, status, params: error.params ?? {} },
    },
    { status, headers },
  );
}
