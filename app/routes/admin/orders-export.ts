import type { Route } from './+types/orders-export';
import { exportOrdersCsv } from '#app/http/admin/order-list.server.ts';

/** The orders of the list's filter, or of `ids=`, as CSV; staff only. */
export async function loader(args: Route.LoaderArgs) {
  return exportOrdersCsv(args);
}
