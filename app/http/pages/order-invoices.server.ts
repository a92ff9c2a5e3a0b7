import type { AppLoadContext } from 'react-router';
import { invoiceFile, orderInvoices } from '#app/domain/invoices/invoices.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { findOrderFor } from '#app/domain/orders/orders.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import type { InvoiceLink } from '#app/domain/invoices/invoice-links.view.ts';
import { invoiceNumberOf, pdfResponse } from '../admin/invoices.server.ts';
import { shop } from '../request.server.ts';
import { pageNotFound } from './not-found.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: { orderId?: string; file?: string };
};

/**
 * The order's documents as links for the customer's pages: under the account page for its
 * owner, under the order-received page with the order's key for anyone who has it.
 */
export async function invoiceLinks(
  db: Tx,
  order: OrderRow,
  via: 'account' | 'received',
): Promise<InvoiceLink[]> {
  const base =
    via === 'account'
      ? `/my-account/view-order/${order.id}/invoices/`
      : `/checkout/order-received/${order.id}/invoices/`;
  const query = via === 'received' ? `?key=${encodeURIComponent(order.orderKey)}` : '';
  return (await orderInvoices(db, order.id)).map((d) => ({
    kind: d.kind,
    number: d.number,
    href: `${base}${encodeURIComponent(d.number)}.pdf${query}`,
  }));
}

/**
 * A customer's download: the account address opens only for the signed-in owner (as the
 * view-order page), the order-received address also with the order's key. Anyone else, and
 * a number that is not this order's, gets the 404 page.
 */
export async function downloadCustomerInvoice(args: Args, via: 'account' | 'received') {
  const { db, session } = shop(args);
  const current = await session();
  const id = /^\d{1,10}$/.test(args.params.orderId ?? '') ? Number(args.params.orderId) : 0;
  const key = via === 'received' ? new URL(args.request.url).searchParams.get('key') : null;
  const order = await findOrderFor(db, id, { key, customerId: current?.customerId ?? null });
  const number = invoiceNumberOf(args.params.file);
  const file = order && number ? await invoiceFile(db, order.id, number) : null;
  if (!file) pageNotFound();
  return pdfResponse(file);
}
