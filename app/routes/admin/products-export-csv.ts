import type { Route } from './+types/products-export-csv';
import { exportProductsCsv } from '#app/http/admin/product-export.server.ts';

/** The products of the chosen filter as WooCommerce's product CSV; staff only. */
export async function loader(args: Route.LoaderArgs) {
  return exportProductsCsv(args);
}
