import type { Route } from './+types/sitemap-products';
import { productSitemapResponse } from '#app/http/seo/sitemap.server.ts';

export function loader(args: Route.LoaderArgs) {
  return productSitemapResponse(args);
}
