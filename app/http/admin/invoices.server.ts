import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import type { Session } from '#app/lib/session.server.ts';
import { invoiceFile, orderInvoices } from '#app/domain/invoices/invoices.server.ts';
import { issueInvoiceAfterRefunds } from '#app/domain/invoices/refund-invoices.server.ts';
import type { InvoicePanel } from '#app/domain/invoices/invoice-links.view.ts';
import { isInvoiceNumberShape } from '#app/domain/invoices/numbering.rules.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { PAID } from '#app/domain/orders/lifecycle.rules.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0] & { params: { id?: string; file?: string } };

/** The invoice panel's answers after its form, named in the address (`?invoice=`). */
export const INVOICE_NOTICES = ['created', 'exists', 'refused', 'expired'] as const;
export type InvoiceNotice = (typeof INVOICE_NOTICES)[number];

export function adminInvoicePath(orderId: number, number: string): string {
  return `/admin/orders/${orderId}/invoices/${encodeURIComponent(number)}.pdf`;
}

export async function invoicePanel(
  db: Tx,
  env: Env,
  current: Session,
  order: OrderRow,
  url: URL,
): Promise<InvoicePanel> {
  const documents = await orderInvoices(db, order.id);
  const shown = url.searchParams.get('invoice');
  const notice = INVOICE_NOTICES.find((n) => n === shown);
  const number = url.searchParams.get('number');
  return {
    orderId: order.id,
    documents: documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedAt: d.issuedAt.toISOString(),
      gross: d.totals.gross,
      currency: d.currency,
      zugferd: d.format === 'zugferd',
      href: adminInvoicePath(order.id, d.number),
    })),
    mayCreate:
      order.paidAt !== null &&
      PAID.includes(order.status) &&
      !documents.some((d) => d.kind === 'invoice'),
    security: sessionNonce(current, env),
    notice: notice
      ? { kind: notice, number: number && isInvoiceNumberShape(number) ? number : null }
      : null,
  };
}

/** `/admin/orders/{id}` or 404: the id as the address has it. */
async function orderOf(db: Tx, id: string | undefined): Promise<OrderRow> {
  if (!/^[1-9]\d{0,8}$/.test(id ?? '')) pageNotFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)))
    .limit(1);
  if (!order) pageNotFound();
  return order;
}

/**
 * "Create invoice now" for a paid order without one: a plain form post with the session's
 * token, answered by going back to the order with a notice. A second post finds the invoice.
 */
export async function createInvoiceAction(args: Args) {
  const { db, env, current, viewer } = await staffShop(args);
  const order = await orderOf(db, args.params.id);
  const back = (notice: InvoiceNotice, number?: string) =>
    redirect(
      `/admin/orders/${order.id}?invoice=${notice}${number ? `&number=${encodeURIComponent(number)}` : ''}#invoices`,
    );
  const read = await readForm(args.request);
  if (!read.ok || !verifyNonce(current, read.value.get('security'), env)) return back('expired');
  const issued = await issueInvoiceAfterRefunds(db, order.id, {
    actor: { channel: 'admin', id: viewer.id, label: viewer.email },
  });
  if (!issued.ok) return back('refused');
  const { invoice, created } = issued.value;
  return back(created ? 'created' : 'exists', invoice.number);
}

/** The address's `{number}.pdf` as a number, or null. */
export function invoiceNumberOf(file: string | undefined): string | null {
  const match = /^(.+)\.pdf$/.exec(file ?? '');
  return match && isInvoiceNumberShape(match[1]!) ? match[1]! : null;
}

/** The stored bytes as a PDF answer: never cached by shared caches, never sniffed. */
export function pdfResponse(file: { number: string; pdf: Buffer; sha256: string }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(file.pdf.length),
      'content-disposition': `attachment; filename="${file.number}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      etag: `"${file.sha256}"`,
    },
  });
}

/** Staff download of an order's document, bytes as issued. */
export async function downloadAdminInvoice(args: Args) {
  const { db } = await staffShop(args);
  const order = await orderOf(db, args.params.id);
  const number = invoiceNumberOf(args.params.file);
  const file = number ? await invoiceFile(db, order.id, number) : null;
  if (!file) pageNotFound();
  return pdfResponse(file);
}
