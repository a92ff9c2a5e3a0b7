import type { OrderStatus } from './orders.schema.ts';

/** Where each status may go next; anything else is refused. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['on-hold', 'processing', 'completed', 'cancelled', 'failed'],
  'on-hold': ['pending', 'processing', 'completed', 'cancelled', 'failed'],
  processing: ['on-hold', 'completed', 'cancelled', 'refunded'],
  completed: ['refunded'],
  failed: ['pending', 'on-hold', 'processing', 'cancelled'],
  cancelled: [],
  refunded: [],
};

/** Statuses in which the order holds its goods (stock taken, coupon uses counted). */
export const HOLDS_STOCK: readonly OrderStatus[] = [
  'pending',
  'on-hold',
  'processing',
  'completed',
];

/** Statuses that count as paid. */
export const PAID: readonly OrderStatus[] = ['processing', 'completed'];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The customer may pay for these (order-pay page). */
export function needsPayment(status: OrderStatus, total: number): boolean {
  return (status === 'pending' || status === 'failed') && total > 0;
}

/** The customer may cancel these from their account, as WooCommerce allows. */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === 'pending' || status === 'failed';
}

/** What a transition does to stock and coupon uses. */
export function transitionEffects(from: OrderStatus, to: OrderStatus) {
  const held = HOLDS_STOCK.includes(from);
  const holds = HOLDS_STOCK.includes(to);
  return { restock: held && !holds, reduce: !held && holds };
}
