import type { Route } from './+types/store-cart-add-item';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { addItemSchema } from '#app/domain/cart/cart.validation.ts';
import { shop } from '#app/lib/request.server.ts';
import {
  apiError,
  json,
  methodNotAllowed,
  readBody,
  requireNonce,
  storeSession,
} from '#app/lib/store-api.server.ts';
import { cartJson } from '#app/lib/store-serializers.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

export async function action(args: Route.ActionArgs) {
  const { db, locale, currency, env, t } = shop(args);
  const body = await readBody(args.request, t);
  if ('response' in body) return body.response;
  const guard = await requireNonce(args, body.fields);
  if ('response' in guard) return guard.response;
  const parsed = addItemSchema.safeParse(body.fields);
  if (!parsed.success) {
    const param = String(parsed.error.issues[0]?.path[0] ?? 'id');
    return apiError(
      {
        code: 'rest_invalid_param',
        status: 400,
        message: param === 'quantity' ? 'error.invalid_quantity' : 'error.invalid_param',
        params: { param },
      },
      t,
    );
  }
  const { headers } = await storeSession(args);
  const result = await addItem(db, guard.session, parsed.data, { currency, locale });
  if (!result.ok) return apiError(result.error, t, headers);
  const cart = await loadCart(db, guard.session, { currency, locale });
  return json(cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL }), {
    status: 201,
    headers,
  });
}
