import type { Route } from './+types/sitemap-index';
import { sitemapIndexResponse } from '#app/http/seo/sitemap.server.ts';

export function loader(args: Route.LoaderArgs) {
  return sitemapIndexResponse(args);
}
