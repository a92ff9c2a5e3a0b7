import type { z } from 'zod';
import { type DomainError, type Result, domainError } from '#app/domain/kernel/result.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { type EndpointArgs, type Fields, readBody } from '../endpoint.server.ts';
import { shop, unsafeInputError } from '../request.server.ts';
import { type Headers, json, jsonError } from '../response.ts';
import { AUTH_PARAMS, type Principal, authenticate } from './auth.server.ts';
import { REST_V3_CODES } from './codes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RestContext<I> = Omit<ReturnType<typeof shop>, 'session' | 'startSession'> & {
  args: EndpointArgs;
  url: URL;
  input: I;
  principal: Principal;
  /** Route parameters (`{id}`, `{note_id}`). */
  params: Record<string, string | undefined>;
};

/** A successful answer: the body, and extra headers (paging) or another status. */
export type RestAnswer = { body: unknown; status?: number; headers?: Headers };

export type RestHandler<I> = {
  schema: z.ZodType<I>;
  handle: (ctx: RestContext<I>) => Promise<Result<RestAnswer>>;
};

type Handlers = Partial<Record<Method, RestHandler<never>>>;

/** Binds a handler's input type to its schema. */
export const restHandler = <I>(handler: RestHandler<I>) => handler as unknown as RestHandler<never>;

/**
 * One REST API v3 route: the method picks the handler; the caller is authenticated (and the
 * key's permission checked) before its input is read; the query and the body are parsed with
 * the handler's schema; every failure is answered in WooCommerce's `{code, message, data}`.
 */
export function defineRestRoute(handlers: Handlers) {
  const run = async (args: EndpointArgs): Promise<Response> => {
    const base = shop(args);
    const method = (
      args.request.method.toUpperCase() === 'HEAD' ? 'GET' : args.request.method.toUpperCase()
    ) as Method;
    const fail = (error: DomainError, headers?: Headers) => restError(error, base.t, headers);
    const handler = handlers[method];
    if (!handler) return fail(domainError('not_found', 'rest.error.no_route'));
    const url = new URL(args.request.url);
    const query = readQuery(url);
    const unsafeQuery = unsafeInputError(query);
    if (unsafeQuery) return fail(unsafeQuery);
    let body: Fields = {};
    const signed = phpPairs(url.searchParams);
    if (method !== 'GET') {
      const read = await readBody(args.request);
      if (!read.ok) return fail(read.error);
      body = read.value;
      // OAuth signs a form body's fields, not a JSON body.
      const type = args.request.headers.get('content-type') ?? '';
      if (type.includes('application/x-www-form-urlencoded')) {
        for (const [name, value] of Object.entries(body)) signed.push([name, String(value)]);
      }
    }
    const authed = await authenticate({
      request: args.request,
      env: base.env,
      db: base.db,
      signed,
      session: base.session,
    });
    if (!authed.ok) {
      // As WooCommerce: a refused Basic login names the scheme to use.
      const basic = /^Basic\s/i.test(args.request.headers.get('authorization') ?? '');
      return fail(
        authed.error,
        basic && authed.error.kind === 'unauthorized'
          ? { 'WWW-Authenticate': 'Basic realm="WooCommerce API"' }
          : undefined,
      );
    }
    const fields: Fields = {};
    for (const [name, value] of Object.entries({ ...query, ...body })) {
      if (!AUTH_PARAMS.test(name)) fields[name] = value;
    }
    const parsed = handler.schema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const param = String(issue?.path[0] ?? '');
      return fail(domainError('invalid', 'error.invalid_param', { param }));
    }
    const { session: _read, startSession: _start, ...request } = base;
    const answer = await handler.handle({
      ...request,
      args,
      url,
      input: parsed.data as never,
      principal: authed.value,
      params: args.params,
    });
    if (!answer.ok) return fail(answer.error);
    return json(answer.value.body, {
      status: answer.value.status ?? 200,
      headers: answer.value.headers,
    });
  };
  return { loader: run, action: run };
}

export function restError(error: DomainError, t: Translate, headers?: Headers): Response {
  return jsonError(error, REST_V3_CODES, t, headers);
}

/**
 * The query as PHP reads it, so requests signed for WooCommerce verify here: `name[]` collects
 * a list (`status[]=a&status[]=b`); a plain name repeated keeps its last value (the official
 * client sends its query twice, once in the address and once more with the OAuth parameters).
 */
function readQuery(url: URL): Fields {
  const fields: Fields = {};
  for (const [rawName, value] of url.searchParams) {
    if (rawName.endsWith('[]')) {
      const name = rawName.slice(0, -2);
      const prior = fields[name];
      fields[name] = Array.isArray(prior) ? [...(prior as string[]), value] : [value];
    } else {
      fields[rawName] = value;
    }
  }
  return fields;
}

/** The query's pairs as signed: lists in full, a repeated plain name once with its last value. */
function phpPairs(query: URLSearchParams): [string, string][] {
  const last = new Map<string, string>();
  const lists: [string, string][] = [];
  for (const [name, value] of query) {
    if (name.endsWith('[]')) lists.push([name, value]);
    else last.set(name, value);
  }
  return [...last, ...lists];
}

/** Any other address under `/wp-json/wc/v3/`: WordPress's `rest_no_route`, before any login. */
export const noRestRoute = {
  loader: (args: EndpointArgs) =>
    Promise.resolve(restError(domainError('not_found', 'rest.error.no_route'), shop(args).t)),
  action: (args: EndpointArgs) =>
    Promise.resolve(restError(domainError('not_found', 'rest.error.no_route'), shop(args).t)),
};
