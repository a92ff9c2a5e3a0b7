import type { Route } from './+types/sitemap-pages';
import { pagesSitemapResponse } from '#app/http/seo/sitemap.server.ts';

export function loader(args: Route.LoaderArgs) {
  return pagesSitemapResponse(args);
}
