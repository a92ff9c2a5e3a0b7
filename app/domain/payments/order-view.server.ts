import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderView } from '#app/domain/orders/order.view.ts';
import { assembleOrderView } from '#app/domain/orders/order-view.server.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { bankTransferDetails } from './offline.ts';
import { paymentSettings } from './payments.server.ts';

/** An order as its pages and mails show it: a bank transfer still to be made shows the account. */
export async function orderView(db: Tx, order: OrderRow): Promise<OrderView> {
  const bacsOpen =
    order.paymentMethod === 'bacs' && (order.status === 'on-hold' || order.status === 'pending');
  const bankDetails = bacsOpen ? bankTransferDetails(await paymentSettings(db), order) : [];
  return assembleOrderView(db, order, bankDetails);
}
