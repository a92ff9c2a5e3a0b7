import { and, asc, desc, inArray, lt } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type CsvOrder } from './admin-orders-csv.rules.ts';
import { adminOrderCondition } from './admin-orders.server.ts';
import type { AdminOrderQuery } from './admin-orders.view.ts';
import { orderItems, orders } from './orders.schema.ts';

/** Orders per query while exporting: memory stays flat however many orders match. */
export const EXPORT_BATCH = 200;

export type ExportSelection =
  { kind: 'filter'; query: AdminOrderQuery } | { kind: 'ids'; ids: readonly number[] };

/**
 * The orders of an export, newest first, in keyset batches by id with their lines: each batch
 * is one query for the orders and one for their lines.
 */
export async function* exportOrderBatches(
  db: Tx,
  selection: ExportSelection,
): AsyncGenerator<CsvOrder[]> {
  const where =
    selection.kind === 'ids'
      ? inArray(orders.id, [...selection.ids])
      : adminOrderCondition(selection.query);
  let cursor: number | null = null;
  for (;;) {
    const batch = await db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        billing: orders.billingAddress,
        paymentMethodTitle: orders.paymentMethodTitle,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        totalTax: orders.totalTax,
        shippingTotal: orders.shippingTotal,
        shippingTax: orders.shippingTax,
        depositTotal: orders.depositTotal,
        depositTax: orders.depositTax,
        shippingLines: orders.shippingLines,
        feeLines: orders.feeLines,
      })
      .from(orders)
      .where(and(where, cursor === null ? undefined : lt(orders.id, cursor)))
      .orderBy(desc(orders.id))
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const byOrder = new Map<number, CsvOrder['items']>();
    for (const item of items) {
      const list = byOrder.get(item.orderId) ?? [];
      list.push({
        name: item.name,
        sku: item.sku,
        quantity: Number(item.quantity),
        unitPrice: item.unitPrice,
        total: item.total,
        tax: item.tax,
        taxRate: item.taxRate,
      });
      byOrder.set(item.orderId, list);
    }
    yield batch.map(({ id, ...order }) => ({ ...order, items: byOrder.get(id) ?? [] }));
    if (batch.length < EXPORT_BATCH) return;
    cursor = batch.at(-1)!.id;
  }
}
