import type { Route } from './+types/sitemap-categories';
import { categorySitemapResponse } from '#app/http/seo/sitemap.server.ts';

export function loader(args: Route.LoaderArgs) {
  return categorySitemapResponse(args);
}
