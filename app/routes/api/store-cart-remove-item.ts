import type { Route } from './+types/store-cart-remove-item';
import { loadCart, removeItem } from '#app/domain/cart/cart.server.ts';
import { removeItemSchema } from '#app/domain/cart/cart.validation.ts';
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
  const parsed = removeItemSchema.safeParse(body.fields);
  const { headers } = await storeSession(args);
  if (!parsed.success) {
    return apiError(
      { code: 'woocommerce_rest_cart_invalid_key', status: 409, message: 'cart.error.invalid_key' },
      t,
      headers,
    );
  }
  const result = await removeItem(db, guard.session, parsed.data.key);
  if (!result.ok) return apiError(result.error, t, headers);
  const cart = await loadCart(db, guard.session, { currency, locale });
  return json(cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL }), { headers });
}
