import { redirect } from 'react-router';
import type { Route } from './+types/order-invoices';
import { createInvoiceAction } from '#app/http/admin/invoices.server.ts';
import { staffShop } from '#app/http/admin/staff.server.ts';

/** The form's address answers a visit with the order page (staff only). */
export async function loader(args: Route.LoaderArgs) {
  await staffShop(args);
  return redirect(`/admin/orders/${encodeURIComponent(args.params.id)}#invoices`);
}

/** "Create invoice now". */
export async function action(args: Route.ActionArgs) {
  return createInvoiceAction(args);
}
