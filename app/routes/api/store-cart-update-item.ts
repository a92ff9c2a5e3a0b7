import type { Route } from './+types/store-cart-update-item';
import { updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import { updateItemSchema } from '#app/domain/cart/cart.validation.ts';
import { shop } from '#app/lib/request.server.ts';
import { methodNotAllowed } from '#app/lib/store-api.server.ts';
import { cartCall } from '#app/lib/store-cart-call.server.ts';
import { invalidKey, invalidParam } from '#app/domain/cart/cart.errors.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

/** POST key, quantity: sets a line's quantity under the product's quantity rules and stock. */
export async function action(args: Route.ActionArgs) {
  const { db, locale } = shop(args);
  return cartCall(args, {
    schema: updateItemSchema,
    invalid: (param) => (param === 'quantity' ? invalidParam(param) : invalidKey),
    change: (session, input) => updateItemQuantity(db, session, input, { locale }),
  });
}
