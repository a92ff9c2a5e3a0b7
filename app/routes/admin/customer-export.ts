import type { Route } from './+types/customer-export';
import { handleCustomerExport, refuseExportGet } from '#app/http/admin/customers.server.ts';

/** The customer's data export as a JSON download; staff only, a POST with the session's token. */
export async function action(args: Route.ActionArgs) {
  return handleCustomerExport(args);
}

export async function loader(args: Route.LoaderArgs) {
  return refuseExportGet(args);
}
