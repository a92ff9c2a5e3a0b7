import type { Route } from './+types/store-cart-add-item';
import { addItem } from '#app/domain/cart/cart.server.ts';
import { addItemSchema } from '#app/domain/cart/cart.validation.ts';
import { shop } from '#app/lib/request.server.ts';
import { methodNotAllowed } from '#app/lib/store-api.server.ts';
import { cartCall } from '#app/lib/store-cart-call.server.ts';
import { invalidParam } from '#app/domain/cart/cart.errors.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

/** POST id, quantity, variation: adds to the session's cart; 201 with the cart. */
export async function action(args: Route.ActionArgs) {
  const { db, currency, locale } = shop(args);
  return cartCall(args, {
    schema: addItemSchema,
    invalid: (param) => invalidParam(param || 'id'),
    change: (session, input) => addItem(db, session, input, { currency, locale }),
    status: 201,
  });
}
