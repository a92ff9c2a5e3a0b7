/**
 * Reading the API's parameters as Stripe does: wrong types and bad values fail with Stripe's
 * invalid_request_error naming the parameter, never with a crash.
 */
export type Params = Record<string, unknown>;

export type SandboxErrorKind =
  'card' | 'invalid' | 'missing' | 'idempotency' | 'auth' | 'permission' | 'state';

export type SandboxErrorBody = {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  param?: string;
  message: string;
  doc_url?: string;
  request_log_url?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
};

export type SandboxError = { kind: SandboxErrorKind; body: SandboxErrorBody };

/** Thrown inside an operation; the transaction rolls back and the error is answered. */
export class SandboxFailure extends Error {
  constructor(readonly error: SandboxError) {
    super(error.body.message);
  }
}

export function invalid(
  param: string | undefined,
  message: string,
  code = 'parameter_invalid',
): SandboxFailure {
  return new SandboxFailure({
    kind: 'invalid',
    body: { type: 'invalid_request_error', code, ...(param ? { param } : {}), message },
  });
}

export function missingParam(param: string): SandboxFailure {
  return invalid(param, `Missing required param: ${param}.`, 'parameter_missing');
}

export function noSuch(type: string, id: string, param = 'id'): SandboxFailure {
  return new SandboxFailure({
    kind: 'missing',
    body: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${type}: '${id.slice(0, 100)}'`,
    },
  });
}

export function unexpectedState(
  message: string,
  code = 'payment_intent_unexpected_state',
): SandboxFailure {
  return new SandboxFailure({
    kind: 'invalid',
    body: { type: 'invalid_request_error', code, message },
  });
}

const MAX_STRING = 5000;

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string') throw invalid(name, `Invalid string: ${name} must be a string.`);
  if (value.length > max)
    throw invalid(name, `Invalid string: ${name} must be at most ${max} characters.`);
  if (value.includes('\u0000'))
    throw invalid(name, `Invalid string: ${name} must not contain NUL characters.`);
  return value;
}

export function optString(
  p: Params,
  name: string,
  max = MAX_STRING,
  path = name,
): string | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  return text(v, path, max);
}

export function reqString(p: Params, name: string, max = MAX_STRING, path = name): string {
  const v = optString(p, name, max, path);
  if (v === undefined || v === '') throw missingParam(path);
  return v;
}

/** Stripe's empty string: unset the field. */
export function optNullableString(
  p: Params,
  name: string,
  max = MAX_STRING,
  path = name,
): string | null | undefined {
  const v = optString(p, name, max, path);
  return v === '' ? null : v;
}

export function optInt(
  p: Params,
  name: string,
  min: number,
  max: number,
  path = name,
): number | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  const s = text(v, path, 20);
  if (!/^-?\d+$/.test(s)) throw invalid(path, `Invalid integer: ${s.slice(0, 40)}`);
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw invalid(path, `Invalid integer: ${name} must be between ${min} and ${max}.`);
  }
  return n;
}

export function optBool(p: Params, name: string, path = name): boolean | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  const s = text(v, path, 10);
  if (s === 'true') return true;
  if (s === 'false') return false;
  throw invalid(path, `Invalid boolean: ${s}`);
}

export function optEnum<T extends string>(
  p: Params,
  name: string,
  values: readonly T[],
  path = name,
): T | undefined {
  const v = optString(p, name, 100, path);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) {
    throw invalid(path, `Invalid ${name}: must be one of ${values.join(', ')}`);
  }
  return v as T;
}

export function optObject(p: Params, name: string, path = name): Params | undefined {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw invalid(path, `Invalid object: ${path} must be a hash.`);
  }
  return v as Params;
}

export function optStringArray(p: Params, name: string, path = name): string[] | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw invalid(path, `Invalid array: ${path} must be an array.`);
  if (v.length > 100) throw invalid(path, `Invalid array: ${path} has too many entries.`);
  return v.map((item, i) => text(item, `${path}[${i}]`, 200));
}

export function metadataOf(
  p: Params,
  previous: Record<string, string> = {},
): Record<string, string> | undefined {
  if (p.metadata === '') return {};
  const m = optObject(p, 'metadata');
  if (!m) return undefined;
  const out = { ...previous };
  for (const [k, v] of Object.entries(m)) {
    if (k.length > 40)
      throw invalid(`metadata[${k.slice(0, 40)}]`, 'Metadata keys can have up to 40 characters.');
    const value = text(v, `metadata[${k}]`, 500);
    if (value === '') delete out[k];
    else out[k] = value;
  }
  if (Object.keys(out).length > 50) throw invalid('metadata', 'Metadata can have up to 50 keys.');
  return out;
}

export function addressOf(p: Params, name: string) {
  const a = optObject(p, name);
  if (!a) return undefined;
  const field = (k: string) => optNullableString(a, k, 200, `${name}[${k}]`) ?? null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}
