import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, ok } from '#app/domain/kernel/result.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { orderRefundLines, orderRefunds } from '#app/domain/payments/refunds.schema.ts';
import type { InvoiceRow } from './invoices.schema.ts';
import { issueCancellationInvoice, issueInvoice } from './invoices.server.ts';
import { type RefundParts, refundCancellationLines } from './refund-lines.rules.ts';

/**
 * The cancellation invoice of one partial refund: its lines, shipping and free amount with
 * their VAT, naming the order's invoice. Issued once per refund (a repeated call finds the
 * first one). Nothing is issued for a refund that did not go through, one that is the rest of a
 * refunded or cancelled order, or an order moved to refunded or cancelled by now: the
 * cancellation of that change takes back whatever is left. An order without an invoice has
 * nothing to cancel.
 */
export async function issueRefundCancellation(
  db: Tx,
  refundId: number,
): Promise<Result<InvoiceRow | null>> {
  const [row] = await db
    .select({ refund: orderRefunds, status: orders.status })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId));
  if (!row || row.refund.status !== 'succeeded' || row.refund.origin === 'order_status') {
    return ok(null);
  }
  if (row.status === 'refunded' || row.status === 'cancelled') return ok(null);
  const lines = await db
    .select({ line: orderRefundLines, item: orderItems })
    .from(orderRefundLines)
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(eq(orderRefundLines.refundId, refundId))
    .orderBy(orderRefundLines.id);
  const parts: RefundParts = {
    lines: lines.map(({ line, item }) => ({
      name: item.name,
      detail: item.variation.map((v) => `${v.attribute}: ${v.value}`).join(', '),
      sku: item.sku,
      quantity: line.quantity,
      amount: line.amount,
      tax: line.tax,
      rate: item.taxRate,
    })),
    shipping: row.refund.shippingAmount,
    free: row.refund.freeAmount,
  };
  const issued = await issueCancellationInvoice(db, row.refund.orderId, {
    refundId,
    lines: (invoice, left, t) =>
      refundCancellationLines(parts, invoice, left, { refund: t('invoice.pdf.refund') }),
  });
  if (!issued.ok && issued.error.code === 'invoice.error.not_invoiced') return ok(null);
  return issued;
}

/**
 * The order's invoice (issued once, as `issueInvoice`), followed by a cancellation invoice for
 * every partial refund made before it: with invoices issued on completion, a refund can come
 * first, and the invoice then lists everything sold. Repeated calls find what is issued.
 */
export async function issueInvoiceAfterRefunds(
  db: Tx,
  orderId: number,
  options: Parameters<typeof issueInvoice>[2] = {},
): ReturnType<typeof issueInvoice> {
  const issued = await issueInvoice(db, orderId, options);
  if (!issued.ok) return issued;
  const earlier = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'succeeded')))
    .orderBy(asc(orderRefunds.id));
  for (const refund of earlier) await issueRefundCancellation(db, refund.id);
  return issued;
}
