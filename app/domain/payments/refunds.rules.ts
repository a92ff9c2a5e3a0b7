import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import { roundMinor } from '#app/domain/pricing/rounding.ts';
import type { OrderStatus } from '#app/domain/orders/orders.schema.ts';

/** An order line as sold, with what earlier refunds (pending or succeeded) took of it. */
export type RefundableLine = {
  id: number;
  quantity: number;
  /** Gross after discounts, and the VAT it contains: what the customer paid for the line. */
  total: number;
  tax: number;
  refundedQuantity: number;
};

export type RefundState = {
  lines: RefundableLine[];
  /** Shipping paid and not yet refunded. */
  shippingLeft: number;
  /** Paid and not yet refunded (or reserved by a pending refund). */
  amountLeft: number;
};

export type RefundRequest = {
  lines: { itemId: number; quantity: number; restock: boolean }[];
  shipping: number;
  free: number;
};

export type PlannedLine = {
  itemId: number;
  quantity: number;
  amount: number;
  tax: number;
  restock: boolean;
};
export type RefundPlan = {
  lines: PlannedLine[];
  itemsAmount: number;
  shippingAmount: number;
  freeAmount: number;
  amount: number;
};

/** Paid orders can be refunded: paid statuses, or any order with a payment date. */
export function mayRefund(order: { status: OrderStatus; paidAt: Date | null }): boolean {
  if (order.status === 'processing' || order.status === 'completed') return true;
  return order.paidAt !== null && order.status !== 'pending' && order.status !== 'failed';
}

/**
 * The share of a line that `quantity` more units are worth, after `before` units were refunded.
 * Taken as the difference of two cumulative shares, so refunding every unit in any number of
 * steps gives back the line's total exactly, never a cent more or less.
 */
export function lineShare(
  line: Pick<RefundableLine, 'quantity' | 'total' | 'tax'>,
  before: number,
  quantity: number,
): { amount: number; tax: number } {
  const upTo = (units: number, value: number) =>
    units >= line.quantity ? value : roundMinor((value * units) / line.quantity);
  return {
    amount: upTo(before + quantity, line.total) - upTo(before, line.total),
    tax: upTo(before + quantity, line.tax) - upTo(before, line.tax),
  };
}

const QUANTITY_STEP = 1000;
const whole = (n: number) => Math.round(n * QUANTITY_STEP);

/**
 * What a refund request comes to, checked against what is left of the order: every line is one
 * of the order's and at most its units not yet refunded, shipping at most what is left of it,
 * the whole more than zero and at most what is left of the payment. Amounts per unit come from
 * the order's stored lines, never from the request.
 */
export function planRefund(state: RefundState, request: RefundRequest): Result<RefundPlan> {
  const byId = new Map(state.lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const lines: PlannedLine[] = [];
  for (const wanted of request.lines) {
    if (wanted.quantity === 0) continue;
    const line = byId.get(wanted.itemId);
    if (!line || seen.has(wanted.itemId)) {
      return fail(domainError('invalid', 'admin.refund.error.line', { line: wanted.itemId }));
    }
    seen.add(wanted.itemId);
    const fractionalLine = !Number.isInteger(line.quantity);
    if (
      !(wanted.quantity > 0) ||
      (!fractionalLine && !Number.isInteger(wanted.quantity)) ||
      whole(wanted.quantity) > whole(line.quantity) - whole(line.refundedQuantity)
    ) {
      return fail(
        domainError('invalid', 'admin.refund.error.quantity', {
          line: wanted.itemId,
          left: (whole(line.quantity) - whole(line.refundedQuantity)) / QUANTITY_STEP,
        }),
      );
    }
    const share = lineShare(line, line.refundedQuantity, wanted.quantity);
    lines.push({ itemId: line.id, quantity: wanted.quantity, restock: wanted.restock, ...share });
  }
  if (!Number.isSafeInteger(request.shipping) || request.shipping < 0) {
    return fail(
      domainError('invalid', 'admin.refund.error.shipping', { left: state.shippingLeft }),
    );
  }
  if (request.shipping > state.shippingLeft) {
    return fail(
      domainError('invalid', 'admin.refund.error.shipping', { left: state.shippingLeft }),
    );
  }
  if (!Number.isSafeInteger(request.free) || request.free < 0) {
    return fail(domainError('invalid', 'admin.refund.error.free'));
  }
  const itemsAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const amount = itemsAmount + request.shipping + request.free;
  if (amount <= 0) return fail(domainError('invalid', 'admin.refund.error.empty'));
  if (amount > state.amountLeft) {
    return fail(
      domainError('limit', 'admin.refund.error.too_much', { amount, left: state.amountLeft }),
    );
  }
  return ok({
    lines,
    itemsAmount,
    shippingAmount: request.shipping,
    freeAmount: request.free,
    amount,
  });
}

/** Money typed by staff or an API client: digits with at most two decimals (`12,34`, `12.34`). */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A quantity typed by staff: digits with at most three decimals. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,6}(?:[.,]\d{1,3})?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}
