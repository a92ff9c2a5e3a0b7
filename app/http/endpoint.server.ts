import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { type DomainError, type Result, domainError } from '#app/domain/kernel/result.ts';
import {
  type Session,
  cartToken,
  nonceFromHeaders,
  sessionFromCartToken,
  sessionNonce,
  verifyNonce,
} from '#app/lib/session.server.ts';
import { shop, unsafeInputError } from './request.server.ts';
import { type ErrorCodes, type Headers, json, jsonError } from './response.ts';

export const MAX_BODY_BYTES = 64 * 1024;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointArgs = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};
export type Fields = Record<string, unknown>;

export type EndpointContext<I> = Omit<ReturnType<typeof shop>, 'session' | 'startSession'> & {
  args: EndpointArgs;
  url: URL;
  input: I;
  /** Sent with every answer of the call, success or failure (session cookie, `Nonce`). */
  headers: Headers;
  /** The caller's session: checked by `nonce`, started or read as `session` asks. */
  session: Session | null;
};

export type EndpointSpec<I> = {
  methods: readonly Method[];
  /** How failures are named on this wire. */
  codes: ErrorCodes;
  /** Parses the body (or the query of a GET); a refusal names the first offending field. */
  schema?: z.ZodType<I>;
  /** The failure for input the schema refuses; default: `rest_invalid_param` naming the field. */
  invalid?: (param: string) => DomainError;
  /** Fields whose absence is refused as `error.missing_param` (WordPress's required arguments). */
  required?: readonly string[];
  /** State-changing calls that need the session's token (`Nonce`, `X-WP-Nonce` or `security`). */
  nonce?: boolean;
  /** 'start': the call has a session afterwards; 'read': the caller's session, if any. */
  session?: 'start' | 'read';
  /** 'raw': the handler reads the request body itself (multipart uploads). */
  body?: 'raw';
  /** Status of a successful JSON answer. */
  status?: number;
  /** More `data` for a failure once the caller is known (the Store API's cart routes: the cart). */
  errorData?: (ctx: EndpointContext<unknown>) => Promise<Record<string, unknown>>;
  handle: (ctx: EndpointContext<I>) => Promise<Response | Result<unknown>>;
};

const isAbsent = (fields: unknown, param: string) =>
  fields !== null &&
  typeof fields === 'object' &&
  (fields as Record<string, unknown>)[param] === undefined;

const invalidParam = (param: string) => domainError('invalid', 'error.invalid_param', { param });

/**
 * One JSON (or form) endpoint: method check, body limits, token check, input parsing, and
 * every failure mapped through the wire format's table. Route modules export its loader
 * and action.
 */
export function defineEndpoint<I = Fields>(spec: EndpointSpec<I>) {
  const run = async (args: EndpointArgs): Promise<Response> => {
    const base = shop(args);
    const method = args.request.method.toUpperCase();
    const fail = (error: DomainError, headers?: Headers) =>
      jsonError(error, spec.codes, base.t, headers);
    if (
      !spec.methods.includes(method as Method) &&
      !(method === 'HEAD' && spec.methods.includes('GET'))
    ) {
      return fail(domainError('not_allowed', 'error.method_not_allowed'), {
        Allow: spec.methods.join(', '),
      });
    }
    const url = new URL(args.request.url);
    let fields: Fields;
    if (method === 'GET' || method === 'HEAD') {
      fields = Object.fromEntries(url.searchParams);
    } else if (spec.body === 'raw') {
      fields = {};
    } else {
      const body = await readBody(args.request);
      if (!body.ok) return fail(body.error);
      fields = body.value;
    }
    let session: Session | null = null;
    // A Cart-Token names the session instead of a cookie. Only a script the shopper runs can
    // send the header (no other site can without our consent), so it needs no nonce.
    const token = spec.codes.cartToken ? args.request.headers.get('cart-token') : null;
    if (token !== null) {
      session = await sessionFromCartToken(base.db, token, base.env, args.context);
      if (!session) return fail(domainError('unauthorized', 'error.invalid_cart_token'));
    }
    if (spec.nonce && token === null) {
      const checked = await checkNonce(args, fields);
      if (!checked.ok) return fail(checked.error);
      session = checked.value;
    }
    const headers: Headers = {};
    if (spec.session === 'start' && token === null) {
      const started = await base.startSession();
      session = started.session;
      if (started.setCookie) headers['Set-Cookie'] = started.setCookie;
    } else if (spec.session === 'read' && !session) {
      session = await base.session();
    }
    if (session && spec.codes.sendsNonce) headers.Nonce = sessionNonce(session, base.env);
    if (session && spec.codes.cartToken) headers['Cart-Token'] = cartToken(session, base.env);
    const { session: _read, startSession: _start, ...request } = base;
    const context = { ...request, args, url, headers, session };
    const refuse = async (error: DomainError) =>
      spec.errorData
        ? jsonError(
            error,
            spec.codes,
            base.t,
            headers,
            await spec.errorData({ ...context, input: undefined }),
          )
        : fail(error, headers);
    let input = fields as I;
    if (spec.schema) {
      const parsed = spec.schema.safeParse(fields);
      if (!parsed.success) {
        const param = String(parsed.error.issues[0]?.path[0] ?? '');
        if (spec.required?.includes(param) && isAbsent(fields, param)) {
          return refuse(domainError('invalid', 'error.missing_param', { param }));
        }
        return refuse((spec.invalid ?? invalidParam)(param));
      }
      input = parsed.data;
    }
    const answer = await spec.handle({ ...context, input });
    if (answer instanceof Response) return answer;
    if (!answer.ok) return refuse(answer.error);
    return json(answer.value, { status: spec.status ?? 200, headers });
  };
  return { loader: run, action: run };
}

/** A JSON or form-encoded body as fields; oversized or malformed bodies are refused. */
export async function readBody(request: Request): Promise<Result<Fields>> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) {
    return { ok: false, error: domainError('too_large', 'error.request_too_large') };
  }
  let fields: Fields | null = null;
  if (type.includes('application/x-www-form-urlencoded')) {
    fields = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim() === '') {
    fields = {};
  } else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        fields = parsed as Fields;
      }
    } catch {
      // answered below
    }
  }
  if (!fields) return { ok: false, error: domainError('invalid', 'error.invalid_json') };
  // NUL and lone surrogates stop here, whatever the endpoint does with the field (decision 0009).
  const unsafe = unsafeInputError(fields);
  return unsafe ? { ok: false, error: unsafe } : { ok: true, value: fields };
}

/** The session whose token the call carries in a header or the `security` field. */
async function checkNonce(args: EndpointArgs, fields: Fields): Promise<Result<Session>> {
  const { env, session: current } = shop(args);
  // WordPress's ajax calls (the payment provider's) name the field `_ajax_nonce`.
  const candidate = nonceFromHeaders(args.request) ?? fields.security ?? fields._ajax_nonce;
  if (candidate === undefined || candidate === null || candidate === '') {
    return { ok: false, error: domainError('forbidden', 'error.missing_nonce') };
  }
  const session = await current();
  if (!session || !verifyNonce(session, candidate, env)) {
    return { ok: false, error: domainError('forbidden', 'error.invalid_nonce') };
  }
  return { ok: true, value: session };
}
