import type { Route } from './+types/order-invoice-file';
import { downloadCustomerInvoice } from '#app/http/pages/order-invoices.server.ts';

/** An invoice PDF of the customer's order, from the account page or the order-received page. */
export async function loader(args: Route.LoaderArgs) {
  const via = new URL(args.request.url).pathname.startsWith('/my-account/')
    ? 'account'
    : 'received';
  return downloadCustomerInvoice(args, via);
}
