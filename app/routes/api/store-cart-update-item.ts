import type { Route } from './+types/store-cart-update-item';
import { loadCart, updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import { updateItemSchema } from '#app/domain/cart/cart.validation.ts';
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

/** POST key, quantity: sets a line's quantity under the product's quantity rules and stock. */
export async function action(args: Route.ActionArgs) {
  const { db, locale, currency, env, t } = shop(args);
  const body = await readBody(args.request, t);
  if ('response' in body) return body.response;
  const guard = await requireNonce(args, body.fields);
  if ('response' in guard) return guard.response;
  const { headers } = await storeSession(args);
  const parsed = updateItemSchema.safeParse(body.fields);
  if (!parsed.success) {
    const param = String(parsed.error.issues[0]?.path[0] ?? 'key');
    return param === 'key'
      ? apiError(
          {
            code: 'woocommerce_rest_cart_invalid_key',
            status: 409,
            message: 'cart.error.invalid_key',
          },
          t,
          headers,
        )
      : apiError(
          {
            code: 'rest_invalid_param',
            status: 400,
            message: 'error.invalid_quantity',
            params: { param },
          },
          t,
          headers,
        );
  }
  const result = await updateItemQuantity(db, guard.session, parsed.data, { locale });
  if (!result.ok) return apiError(result.error, t, headers);
  const cart = await loadCart(db, guard.session, { currency, locale });
  return json(cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL }), { headers });
}
