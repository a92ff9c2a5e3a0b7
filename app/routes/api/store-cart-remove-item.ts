import type { Route } from './+types/store-cart-remove-item';
import { removeItem } from '#app/domain/cart/cart.server.ts';
import { removeItemSchema } from '#app/domain/cart/cart.validation.ts';
import { shop } from '#app/lib/request.server.ts';
import { methodNotAllowed } from '#app/lib/store-api.server.ts';
import { cartCall } from '#app/lib/store-cart-call.server.ts';
import { invalidKey } from '#app/domain/cart/cart.errors.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

/** POST key: removes that line from the session's cart. */
export async function action(args: Route.ActionArgs) {
  const { db } = shop(args);
  return cartCall(args, {
    schema: removeItemSchema,
    invalid: () => invalidKey,
    change: (session, input) => removeItem(db, session, input.key),
  });
}
