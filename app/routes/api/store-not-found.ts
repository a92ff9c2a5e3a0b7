import type { Route } from './+types/store-not-found';
import { shop } from '#app/lib/request.server.ts';
import { json } from '#app/lib/store-api.server.ts';

function noRoute(args: { request: Request; context: Route.LoaderArgs['context'] }) {
  return json(
    {
      code: 'rest_no_route',
      message: shop(args).t('error.not_found_title'),
      data: { status: 404 },
    },
    { status: 404 },
  );
}

export const loader = (args: Route.LoaderArgs) => noRoute(args);
export const action = (args: Route.ActionArgs) => noRoute(args);
