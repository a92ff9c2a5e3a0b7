import type { Route } from './+types/store-cart';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { json, methodNotAllowed, storeSession } from '#app/lib/store-api.server.ts';
import { cartJson } from '#app/lib/store-serializers.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, currency, env } = shop(args);
  const { session, headers } = await storeSession(args);
  const cart = await loadCart(db, session, { currency, locale });
  return json(cartJson(cart, { currency, locale, shopUrl: env.SHOP_URL }), { headers });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
