import type { Route } from './+types/invoice-file';
import { downloadAdminInvoice } from '#app/http/admin/invoices.server.ts';

/** One of the order's documents as issued, for staff. */
export async function loader(args: Route.LoaderArgs) {
  return downloadAdminInvoice(args);
}
