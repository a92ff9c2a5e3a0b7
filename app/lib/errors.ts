/** Failures a shopper can cause; each maps to one HTTP status and one message in the catalog. */
export type DomainError = {
  code: string;
  status: 400 | 403 | 404 | 409 | 413 | 429;
  /** A key of the message catalog. */
  message: string;
  params?: Record<string, string | number>;
};

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: DomainError): Result<never> => ({ ok: false, error });

/** Thrown for things that are simply not there; routes turn it into their 404 page. */
export class NotFound extends Error {
  constructor(what = 'Not found') {
    super(what);
  }
}
