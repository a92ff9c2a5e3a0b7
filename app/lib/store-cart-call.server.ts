import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import type { DomainError, Result } from './errors.ts';
import { shop } from './request.server.ts';
import type { Session } from './session.server.ts';
import { apiError, json, readBody, requireNonce, storeSession } from './store-api.server.ts';
import { cartJson } from './store-serializers.server.ts';

type Args = { request: Request; context: AppLoadContext };

/**
 * The steps every state-changing Store API cart call shares: read the body, check the
 * nonce, parse the input, change the cart, answer with the whole cart (or the error).
 */
export async function cartCall<T>(
  args: Args,
  call: {
    schema: z.ZodType<T>;
    /** The error for input the schema refuses, by the first offending parameter. */
    invalid: (param: string) => DomainError;
    change: (session: Session, input: T) => Promise<Result<unknown>>;
    status?: number;
  },
): Promise<Response> {
  const { db, locale, currency, env, t } = shop(args);
  const body = await readBody(args.request, t);
  if ('response' in body) return body.response;
  const guard = await requireNonce(args, body.fields);
  if ('response' in guard) return guard.response;
  const { headers } = await storeSession(args);
  const parsed = call.schema.safeParse(body.fields);
  if (!parsed.success) {
    return apiError(call.invalid(String(parsed.error.issues[0]?.path[0] ?? '')), t, headers);
  }
  const result = await call.change(guard.session, parsed.data);
  if (!result.ok) return apiError(result.error, t, headers);
  const cart = await loadCart(db, guard.session, { currency, locale });
  return json(cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL }), {
    status: call.status ?? 200,
    headers,
  });
}
