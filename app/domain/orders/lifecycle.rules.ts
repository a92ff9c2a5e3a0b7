import type { OrderStatus } from './orders.schema.ts';

/**
 * What a change of an order's status does besides setting it. Effects inside the database run
 * in the change's transaction; the others are queued in the outbox in that same transaction
 * and carried out after the commit by the outbox worker.
 */
export type OrderEffect =
  /** Stock of the lines back, coupon uses released. */
  | 'release_goods'
  /** Stock and coupon uses taken again (fails the change when the goods are gone). */
  | 'retake_goods'
  /** The payment date is set (once). */
  | 'mark_paid'
  /** The completion date is set. */
  | 'mark_completed'
  /** Queued: an open payment at the provider is cancelled, so it cannot be paid any more. */
  | 'cancel_payment'
  /** Queued: what is left of the payment is refunded at the provider. */
  | 'refund_payment'
  /** Queued: subscriptions follow the order and the customer and the shop are told. */
  | 'announce';

/** Statuses in which the order holds its goods (stock taken, coupon uses counted). */
export const HOLDS_STOCK: readonly OrderStatus[] = [
  'pending',
  'on-hold',
  'processing',
  'completed',
];

/** Statuses that count as paid. */
export const PAID: readonly OrderStatus[] = ['processing', 'completed'];

const RELEASE: OrderEffect[] = ['release_goods', 'announce'];
const RETAKE: OrderEffect[] = ['retake_goods', 'announce'];

/**
 * Every allowed change and its effects; a change not listed is refused. Goods are released
 * when the order leaves the statuses that hold them and taken again when it returns to them.
 */
export const TRANSITIONS: Readonly<
  Record<OrderStatus, Readonly<Partial<Record<OrderStatus, readonly OrderEffect[]>>>>
> = {
  pending: {
    'on-hold': ['announce'],
    processing: ['mark_paid', 'announce'],
    completed: ['mark_paid', 'mark_completed', 'announce'],
    cancelled: [...RELEASE, 'cancel_payment'],
    failed: RELEASE,
  },
  'on-hold': {
    pending: ['announce'],
    processing: ['mark_paid', 'announce'],
    completed: ['mark_paid', 'mark_completed', 'announce'],
    cancelled: [...RELEASE, 'cancel_payment'],
    failed: RELEASE,
  },
  processing: {
    'on-hold': ['announce'],
    completed: ['mark_completed', 'announce'],
    cancelled: [...RELEASE, 'refund_payment'],
    refunded: [...RELEASE, 'refund_payment'],
  },
  completed: {
    refunded: [...RELEASE, 'refund_payment'],
  },
  failed: {
    pending: RETAKE,
    'on-hold': RETAKE,
    processing: [...RETAKE, 'mark_paid'],
    cancelled: ['announce', 'cancel_payment'],
  },
  cancelled: {},
  refunded: {},
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from][to] !== undefined;
}

/** Effects that refunds recorded one by one (money back, lines restocked as chosen) already did. */
export const DONE_BY_RECORDED_REFUNDS: readonly OrderEffect[] = ['refund_payment', 'release_goods'];

/**
 * The effects of a change. `refundsRecorded`: the order moves to refunded because its recorded
 * refunds gave everything back; the payment is not refunded again and no stock comes back
 * beyond the lines each refund restocked (coupon uses stay counted).
 */
export function transitionEffects(
  from: OrderStatus,
  to: OrderStatus,
  options: { refundsRecorded?: boolean } = {},
): readonly OrderEffect[] {
  const effects = TRANSITIONS[from][to] ?? [];
  return options.refundsRecorded
    ? effects.filter((effect) => !DONE_BY_RECORDED_REFUNDS.includes(effect))
    : effects;
}

/**
 * Which mail a change sends, when its caller does not choose: the order confirmation when the
 * order leaves the wait for payment, else the new status; nothing when it waits again.
 * `unpaid_cancelled` and `renewal_failed` are chosen by the jobs that make those changes.
 */
export type Announcement = 'new_order' | 'status' | 'unpaid_cancelled' | 'renewal_failed' | 'none';

export function defaultAnnouncement(from: OrderStatus, to: OrderStatus): Announcement {
  if ((from === 'pending' || from === 'failed') && (to === 'processing' || to === 'on-hold')) {
    return 'new_order';
  }
  return to === 'pending' ? 'none' : 'status';
}

/** The mail of a placed order's first change: the confirmation once it no longer waits. */
export function placementAnnouncement(_from: OrderStatus, to: OrderStatus): Announcement {
  return to === 'processing' || to === 'on-hold' || to === 'completed' ? 'new_order' : 'none';
}

/** The customer paying an order that waits (order-pay): told of any status but pending. */
export function paymentAnnouncement(from: OrderStatus, to: OrderStatus): Announcement {
  return to === 'pending' || from === to ? 'none' : 'status';
}

/** The customer may pay for these (order-pay page). */
export function needsPayment(status: OrderStatus, total: number): boolean {
  return (status === 'pending' || status === 'failed') && total > 0;
}

/** The customer may cancel these from their account, as WooCommerce allows. */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === 'pending' || status === 'failed';
}
