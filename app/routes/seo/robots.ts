import type { Route } from './+types/robots';
import { robotsResponse } from '#app/http/seo/sitemap.server.ts';

export function loader(args: Route.LoaderArgs) {
  return robotsResponse(args);
}
