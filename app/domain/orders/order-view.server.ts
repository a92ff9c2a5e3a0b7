import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import { customerMayCancel, needsPayment } from './lifecycle.rules.ts';
import { orderFees } from './order-fees.ts';
import type { OrderView } from './order.view.ts';
import type { OrderRow } from './orders.schema.ts';
import { orderDetails } from './orders.server.ts';
import { shipmentsOf } from './shipments.server.ts';
import { mayWithdraw } from './withdrawal.server.ts';

export function vatOf(order: OrderRow): TaxTreatment {
  if (order.taxTreatment === 'reverse_charge') {
    return {
      kind: 'reverse_charge',
      country: order.taxCountry,
      vatId: order.billingAddress.vat_id ?? '',
    };
  }
  return { kind: order.taxTreatment, country: order.taxCountry };
}

/**
 * An order as its pages and mails show it, with the bank details its payment asks for (see
 * orderView in payments, which knows them).
 */
export async function assembleOrderView(
  db: Tx,
  order: OrderRow,
  bankDetails: OrderView['bankDetails'],
): Promise<OrderView> {
  const [{ items, notes }, shipments] = await Promise.all([
    orderDetails(db, order),
    shipmentsOf(db, order.id),
  ]);
  const shipping = { ...emptyAddress(), ...order.shippingAddress };
  const billing = { ...emptyAddress(), ...order.billingAddress };
  const differs = (Object.keys(shipping) as (keyof typeof shipping)[]).some(
    (k) => k !== 'email' && (shipping[k] ?? '') !== (billing[k] ?? ''),
  );
  return {
    id: order.id,
    number: order.number,
    key: order.orderKey,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paymentMethod: order.paymentMethod,
    paymentMethodTitle: order.paymentMethodTitle,
    currency: order.currency,
    billing,
    shipping,
    shipsToDifferentAddress: order.shippingLines.length > 0 && differs,
    customerNote: order.customerNote,
    items: items.map((i) => ({
      name: i.name,
      variation: i.variation,
      quantity: i.quantity,
      total: i.total,
      subtotal: i.subtotal,
      sku: i.sku,
    })),
    itemsTotal: order.itemsTotal,
    discountTotal: order.discountTotal,
    coupons: order.couponLines.map((c) => ({ code: c.code, discount: c.discount })),
    shipping_lines: order.shippingLines.map((s) => ({ name: s.name, total: s.total })),
    depositTotal: order.depositTotal,
    fees: orderFees(order, order.locale).map((f) => ({ key: f.key, name: f.name, total: f.gross })),
    total: order.total,
    taxLines: order.taxLines,
    bankDetails,
    notes: notes
      .filter((n) => n.forCustomer || n.code === 'order.note.placed')
      .map((n) => ({ code: n.code, params: n.params, createdAt: n.createdAt.toISOString() })),
    needsPayment: needsPayment(order.status, order.total),
    mayCancel: customerMayCancel(order.status),
    pickupPoint: order.pickupPoint ?? null,
    withdrawnAt: order.withdrawnAt?.toISOString() ?? null,
    mayWithdraw: mayWithdraw(order),
    vat: vatOf(order),
    shipments,
  };
}
