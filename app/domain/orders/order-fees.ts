// An order's fee lines (the cash on delivery fee); safe to import in the browser.
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import type { OrderRow } from './orders.schema.ts';

const COD_FEE: Localized = { de: 'Nachnahmegebühr', en: 'Cash on delivery fee' };
const FEES: Localized = { de: 'Gebühren', en: 'Fees' };

export type OrderFee = { key: string; name: string; gross: number; tax: number };

/** The name of an order's fee row: the cash on delivery fee, or fees in general. */
export function orderFeeName(paymentMethod: string, locale: string): string {
  return localize(paymentMethod === 'cod' ? COD_FEE : FEES, locale === 'en' ? 'en' : 'de');
}

type Sums = Pick<
  OrderRow,
  | 'paymentMethod'
  | 'total'
  | 'totalTax'
  | 'itemsTotal'
  | 'itemsTax'
  | 'discountTotal'
  | 'discountTax'
  | 'shippingTotal'
  | 'shippingTax'
  | 'depositTotal'
  | 'depositTax'
>;

/**
 * The fees an order charged: what its total holds beyond items, shipping and deposits. The
 * totals engine adds every figure exactly, so the rest is the fees' gross and VAT; the only
 * fee placed today is the one for cash on delivery.
 */
export function orderFees(order: Sums, locale: string): OrderFee[] {
  const gross =
    order.total -
    (order.itemsTotal - order.discountTotal) -
    order.shippingTotal -
    order.depositTotal;
  if (gross <= 0) return [];
  const tax =
    order.totalTax - (order.itemsTax - order.discountTax) - order.shippingTax - order.depositTax;
  const cod = order.paymentMethod === 'cod';
  return [
    {
      key: cod ? 'cod' : 'fees',
      name: orderFeeName(order.paymentMethod, locale),
      gross,
      tax: Math.max(0, Math.min(tax, gross)),
    },
  ];
}
