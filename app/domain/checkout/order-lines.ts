// The shipping and fee lines an order stores, from the cart as priced at placement.
import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { OrderFeeLine, OrderShippingLine } from '#app/domain/orders/orders.schema.ts';
import type { ShippingShare } from '#app/domain/pricing/totals/totals.ts';

const taxesOf = (shares: readonly ShippingShare[] | undefined) =>
  (shares ?? []).map((s) => ({ rate: s.rate, amount: s.tax }));

export function shippingLinesOf(view: CartView): OrderShippingLine[] {
  const chosen = view.shipping.chosen;
  const totals = view.totals.breakdown.shipping;
  if (!chosen) return [];
  return [
    {
      packageId: 0,
      rateId: chosen.rateId,
      methodId: chosen.methodId,
      name: chosen.name,
      total: totals?.gross ?? 0,
      tax: totals?.tax ?? 0,
      taxes: taxesOf(totals?.shares),
    },
  ];
}

/** The fees as charged (the cash on delivery fee), each with its VAT per rate. */
export function feeLinesOf(view: CartView): OrderFeeLine[] {
  return view.totals.breakdown.fees.map((fee) => ({
    kind: fee.key,
    name: fee.name,
    total: fee.gross,
    tax: fee.tax,
    taxes: fee.shares
      ? taxesOf(fee.shares)
      : fee.tax
        ? [{ rate: fee.taxRate, amount: fee.tax }]
        : [],
  }));
}
