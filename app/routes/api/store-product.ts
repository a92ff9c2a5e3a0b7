import type { Route } from './+types/store-product';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, json, methodNotAllowed } from '#app/lib/store-api.server.ts';
import { productJson } from '#app/lib/store-serializers.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, currency, env, t } = shop(args);
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : null;
  const product = id === null ? null : await getProduct(db, { id }, locale);
  if (!product)
    return apiError(
      {
        code: 'woocommerce_rest_product_invalid_id',
        status: 404,
        message: 'cart.error.invalid_product',
      },
      t,
    );
  return json(productJson(product, { currency, locale, shopUrl: env.SHOP_URL }));
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
