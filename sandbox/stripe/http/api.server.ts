import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { ShopContext } from '#app/lib/context.server.ts';
import type { Tx } from '#app/lib/db.server.ts';
import { shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import type { Caller } from '../domain/caller.ts';
import { type Params, SandboxFailure } from '../domain/params.ts';
import { anyObject, claimIdempotency, storeIdempotent } from '../domain/store.server.ts';
import { FormError, decodeForm } from './form.ts';
import { STATUS, errorBody, keyOf, readBody, sendJson } from './respond.server.ts';
import { findRoute } from './routes.ts';
import { sandboxPump } from './runtime.server.ts';
import { checkParams } from '../params/check.ts';
import type { ParamTable } from '../params/schema.ts';
import derived from '../params/table.json';

/**
 * Stripe's REST API (`/v1/...`): the key, the form body, the parameters checked against the
 * SDK's own types, the idempotency key, then the operation in one transaction.
 */
const TABLE = derived as ParamTable;

export async function api(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  context: ShopContext,
) {
  const { env, db } = context;
  const requestId = `req_${randomBytes(10).toString('hex')}`;
  const headers = { 'Request-Id': requestId, 'Stripe-Version': '2026-01-01.sandbox' };
  const method = (req.method ?? 'GET').toUpperCase();
  const key = keyOf(req, env);
  if (!key) {
    req.resume();
    return sendJson(
      res,
      401,
      errorBody(
        {
          kind: 'auth',
          body: {
            type: 'authentication_error',
            message: 'Invalid API Key provided. The Stripe sandbox accepts only its own keys.',
          },
        },
        requestId,
      ),
      headers,
    );
  }
  const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
  if (raw === null) {
    return sendJson(
      res,
      413,
      errorBody(
        {
          kind: 'invalid',
          body: { type: 'invalid_request_error', message: 'Request body too large.' },
        },
        requestId,
      ),
      headers,
    );
  }
  let params: Params;
  try {
    params = decodeForm(raw) as Params;
  } catch (error) {
    const param = error instanceof FormError ? error.param : undefined;
    return sendJson(
      res,
      400,
      errorBody(
        {
          kind: 'invalid',
          body: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            ...(param ? { param } : {}),
            message: `Invalid request parameter${param ? `: ${param}` : ''}.`,
          },
        },
        requestId,
      ),
      headers,
    );
  }
  const found = findRoute(method, url.pathname);
  if (!found) {
    return sendJson(
      res,
      404,
      errorBody(
        {
          kind: 'missing',
          body: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname.slice(0, 200)}). The Stripe sandbox serves the subset of Stripe's API the shop uses.`,
          },
        },
        requestId,
      ),
      headers,
    );
  }
  const { route, ids } = found;
  // Refused before the idempotency key is claimed: Stripe keeps no answer for a bad request.
  const refusal = checkParams(TABLE, route.key, params, key);
  if (refusal) return sendJson(res, STATUS[refusal.kind], errorBody(refusal, requestId), headers);
  const expand = Array.isArray(params.expand)
    ? (params.expand as unknown[]).filter((e): e is string => typeof e === 'string')
    : [];
  delete params.expand;
  const idempotencyHeader = req.headers['idempotency-key'];
  const idempotencyKey =
    method === 'POST' && typeof idempotencyHeader === 'string' && idempotencyHeader
      ? idempotencyHeader.slice(0, 255)
      : null;
  const caller: Caller = {
    key,
    secret: env.SESSION_SECRET,
    publicOrigin: shopPublicOrigin(env),
    requestId,
    idempotencyKey,
  };
  const requestHash = createHash('sha256')
    .update(`${method} ${url.pathname}\n${raw}`)
    .digest('hex');

  type Answer = { status: number; body: unknown; replayed?: boolean };
  let answer: Answer;
  try {
    const run = async (tx: Tx): Promise<Answer> => {
      if (idempotencyKey) {
        const claim = await claimIdempotency(tx, `${key}:${idempotencyKey}`, requestHash);
        if (claim.state === 'mismatch') {
          throw new SandboxFailure({
            kind: 'idempotency',
            body: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (claim.state === 'replay') {
          return {
            status: claim.response.status as number,
            body: claim.response.body,
            replayed: true,
          };
        }
      }
      const outcome = await route.run(tx, caller, ids, params);
      const result: Answer = outcome.ok
        ? { status: 200, body: await expandPaths(tx, outcome.body, expand) }
        : { status: STATUS[outcome.error.kind], body: errorBody(outcome.error, requestId) };
      if (idempotencyKey) {
        await storeIdempotent(tx, `${key}:${idempotencyKey}`, {
          status: result.status,
          body: result.body,
        });
      }
      return result;
    };
    answer = method === 'GET' ? await run(db) : await db.transaction(run);
  } catch (error) {
    if (!(error instanceof SandboxFailure)) throw error;
    answer = { status: STATUS[error.error.kind], body: errorBody(error.error, requestId) };
  }
  if (method === 'POST') sandboxPump(env, db).kick();
  return sendJson(res, answer.status, answer.body, {
    ...headers,
    ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });
}

/** Replaces ids by their objects along `expand[]` paths (`customer`, `latest_charge`, `data.payment_method`). */
async function expandPaths(tx: Tx, body: unknown, paths: string[]): Promise<unknown> {
  for (const p of paths.slice(0, 20)) {
    await expandPath(tx, body, p.split('.').slice(0, 4));
  }
  return body;
}

async function expandPath(tx: Tx, node: unknown, parts: string[]): Promise<void> {
  if (!node || typeof node !== 'object' || parts.length === 0) return;
  const [head, ...rest] = parts as [string, ...string[]];
  const target = node as Record<string, unknown>;
  if (head === 'data' && Array.isArray(target.data)) {
    for (const item of target.data) await expandPath(tx, item, rest);
    return;
  }
  if (!Object.hasOwn(target, head)) return;
  const value = target[head];
  if (typeof value === 'string') {
    const found = await anyObject(tx, value);
    if (found) target[head] = found;
  }
  await expandPath(tx, target[head], rest);
}
