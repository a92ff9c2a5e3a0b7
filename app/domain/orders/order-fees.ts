// An order's fee lines (the cash on delivery fee); safe to import in the browser.
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import type { OrderFeeLine, OrderRow, OrderTaxLine } from './orders.schema.ts';

const COD_FEE: Localized = { de: 'Nachnahmegebühr', en: 'Cash on delivery fee' };
const FEES: Localized = { de: 'Gebühren', en: 'Fees' };

export type OrderFee = {
  key: string;
  name: string;
  gross: number;
  tax: number;
  /** The VAT per rate; empty for fees derived from an order placed before they were stored. */
  taxes: OrderTaxLine[];
};

/** The name of an order's fee row: the cash on delivery fee, or fees in general. */
export function orderFeeName(paymentMethod: string, locale: string): string {
  return localize(paymentMethod === 'cod' ? COD_FEE : FEES, locale === 'en' ? 'en' : 'de');
}

/** A stored fee line's name in the reader's language; a kind the shop does not know keeps its own. */
export function feeLineName(line: Pick<OrderFeeLine, 'kind' | 'name'>, locale: string): string {
  return line.kind === 'cod' ? orderFeeName('cod', locale) : line.name;
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
> & { feeLines?: OrderFeeLine[] | null };

/**
 * The fees an order charged: its stored fee lines. An order placed before they were stored
 * (null) shows what its total holds beyond items, shipping and deposits: the totals engine
 * adds every figure exactly, so that rest is the fees' gross and VAT, and the only fee placed
 * then was the one for cash on delivery.
 */
export function orderFees(order: Sums, locale: string): OrderFee[] {
  if (order.feeLines) {
    return order.feeLines.map((line) => ({
      key: line.kind,
      name: feeLineName(line, locale),
      gross: line.total,
      tax: line.tax,
      taxes: line.taxes,
    }));
  }
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
      taxes: [],
    },
  ];
}
