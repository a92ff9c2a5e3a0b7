/**
 * What went wrong, in the domain's words. Each wire format (Store API, wc-ajax, pages) maps
 * the kind to its own status and the code to its own error code, in one table of its own.
 */
export type ErrorKind =
  | 'invalid'
  | 'not_found'
  | 'conflict'
  | 'out_of_stock'
  | 'limit'
  | 'unauthorized'
  | 'forbidden'
  | 'payment_declined'
  | 'unavailable'
  | 'too_large'
  | 'rate_limited'
  | 'not_allowed';

export type ErrorParams = Record<string, string | number>;

export type DomainError = {
  kind: ErrorKind;
  /** Stable code of the failure; also the message catalog key that words it. */
  code: string;
  params?: ErrorParams;
};

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: DomainError): Result<never> => ({ ok: false, error });

export const domainError = (kind: ErrorKind, code: string, params?: ErrorParams): DomainError =>
  params ? { kind, code, params } : { kind, code };

/** The one "not there" failure: a page answers with its 404 page, an API with 404 JSON. */
export const notFound = (code = 'error.not_found_text', params?: ErrorParams): DomainError =>
  domainError('not_found', code, params);
