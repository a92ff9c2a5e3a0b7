import type { ErrorKind } from '#app/domain/kernel/result.ts';

/** The HTTP status of each kind of failure; every wire format and page answers with these. */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  out_of_stock: 400,
  limit: 400,
  unavailable: 400,
  payment_declined: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  not_allowed: 405,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};
