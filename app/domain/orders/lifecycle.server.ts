import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Actor, SYSTEM_ACTOR, recordChange } from '#app/domain/audit/audit.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { moveStock } from '#app/domain/catalog/stock.server.ts';
import { couponUses, coupons } from '#app/domain/coupons/coupons.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, domainError, notFound, ok } from '#app/domain/kernel/result.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  type Announcement,
  HOLDS_STOCK,
  PAID,
  canTransition,
  defaultAnnouncement,
  transitionEffects,
} from './lifecycle.rules.ts';
import { type OutboxEntry, enqueueBeside, signalOutbox } from './outbox.server.ts';
import {
  ORDER_PLACED_NOTE,
  Rollback,
  addOrderNotes,
  inTransaction,
  takeStock,
} from './orders.server.ts';
import {
  type OrderItemRow,
  type OrderRow,
  type OrderStatus,
  orderItems,
  orders,
} from './orders.schema.ts';
import { webhookEventRows } from '#app/domain/webhooks/webhooks.server.ts';

/** The follow-up of a change: subscriptions follow the order, then the mails go out. */
export const ORDER_CHANGED = 'order.changed';
export const PAYMENT_CANCEL = 'payment.cancel';
export const PAYMENT_REFUND = 'payment.refund';
/**
 * Queued by the follow-up of a change: the order's invoice once it is due (paid or completed,
 * as the shop decides), a cancellation invoice for what is left once it is cancelled or refunded.
 */
export const INVOICE_ISSUE = 'invoice.issue';
export const INVOICE_CANCEL = 'invoice.cancel';
/** Queued by a partial refund that went through: its own cancellation invoice. */
export const INVOICE_REFUND = 'invoice.refund';

/** `change` is the id of the change's own outbox entry: a repeat of it queues nothing new. */
export function invoiceFollowUps(orderId: number, to: OrderStatus, change: number): OutboxEntry[] {
  if (to === 'processing' || to === 'completed') {
    return [{ kind: INVOICE_ISSUE, orderId, dedupeKey: `invoice:${change}` }];
  }
  if (to === 'cancelled' || to === 'refunded') {
    return [{ kind: INVOICE_CANCEL, orderId, dedupeKey: `invoice-cancel:${orderId}` }];
  }
  return [];
}

export type OrderChanged = { from: OrderStatus; to: OrderStatus; announce: Announcement };

export type TransitionOptions = {
  /** The change happens only from these statuses (a guard against a change that came first). */
  expect?: readonly OrderStatus[];
  /** Paid although the new status is not a paid one (a debit on its way). */
  paid?: boolean;
  now?: Date;
  /** When the money arrived, if the change marks the order paid and it was not before. */
  paidAt?: Date;
  /** The mail this change sends; by default the one `defaultAnnouncement` picks. */
  announce?: Announcement | ((from: OrderStatus, to: OrderStatus) => Announcement);
  /**
   * 'after': the caller knows the order bought no subscription, so its follow-up changes
   * nothing the shopper's next page shows and runs after the answer. By default it runs
   * before the transition returns.
   */
  followUp?: 'now' | 'after';
  /** A further entry of the order's timeline, written with the change. */
  note?: { code: string; params?: Record<string, string | number>; forCustomer?: boolean };
  /** Who made the change, for the audit log (staff and API changes; the shop's own are not logged). */
  actor?: Actor;
  /**
   * The order is refunded by its recorded refunds (each refunded at the provider and restocked
   * as chosen): the change neither refunds the payment nor releases the goods again.
   */
  refundsRecorded?: boolean;
  /** The caller's own writes that belong with the change (an edited address), in its transaction. */
  together?: (tx: Tx, order: OrderRow) => Promise<void>;
};

/**
 * The one way an order changes status. In one transaction, under the order's row lock: the
 * change is checked against the table of allowed transitions, its effects inside the
 * database happen (goods released or taken again, dates), the timeline records it, and the
 * effects outside (mails, subscriptions, the payment provider) are queued in the outbox.
 */
export async function transitionOrder(
  db: Tx,
  orderId: number,
  to: OrderStatus,
  options: TransitionOptions = {},
): Promise<Result<{ from: OrderStatus; to: OrderStatus; order: OrderRow }>> {
  const result = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Rollback(notFound());
    const from = order.status;
    if (options.expect && !options.expect.includes(from)) {
      throw new Rollback(domainError('conflict', 'order.error.status_changed', { status: from }));
    }
    if (!canTransition(from, to)) {
      throw new Rollback(domainError('not_allowed', 'order.error.transition', { from, to }));
    }
    if (options.together) await options.together(tx, order);
    const effects = transitionEffects(from, to, { refundsRecorded: options.refundsRecorded });
    if (effects.includes('release_goods') && order.stockReduced) {
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      await giveBackStock(tx, orderId, items);
      await releaseCouponUses(tx, order);
    }
    if (effects.includes('retake_goods') && !order.stockReduced) {
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      await retakeStock(tx, orderId, items);
      await recountCouponUses(tx, order);
    }
    const [updated] = await tx
      .update(orders)
      .set(changedFields(order, to, effects, options))
      .where(eq(orders.id, orderId))
      .returning();
    const waitFor = await recordTransition(tx, updated!, from, to, effects, options);
    return { from, to, order: updated!, waitFor };
  });
  if (!result.ok) return result;
  // The order's subscriptions follow before the caller answers (the next page shows them);
  // the mails go afterwards.
  const { waitFor, ...changed } = result.value;
  await signalOutbox(db, waitFor);
  return ok(changed);
}

type Effects = ReturnType<typeof transitionEffects>;

/** The row's fields after a change to `to`. */
function changedFields(
  order: Pick<OrderRow, 'paidAt' | 'completedAt'>,
  to: OrderStatus,
  effects: Effects,
  options: TransitionOptions,
) {
  const now = options.now ?? new Date();
  const paid = effects.includes('mark_paid') || PAID.includes(to) || options.paid;
  return {
    status: to,
    stockReduced: HOLDS_STOCK.includes(to),
    updatedAt: now,
    paidAt: paid ? (order.paidAt ?? options.paidAt ?? now) : order.paidAt,
    completedAt: effects.includes('mark_completed') ? now : order.completedAt,
  };
}

/**
 * What a change writes beside the order's row, in its transaction: the timeline, the audit log
 * and the outbox. Returns the follow-up entries the caller waits for.
 */
async function recordTransition(
  tx: Tx,
  order: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
  effects: Effects,
  options: TransitionOptions,
  placedNow = false,
): Promise<number[]> {
  // A new order's placement and its first change share the timeline's insert and the webhooks'.
  await addOrderNotes(tx, order.id, [
    ...(placedNow ? [{ code: ORDER_PLACED_NOTE }] : []),
    { code: 'order.note.status_changed', params: { from, to } },
    ...(options.note ? [options.note] : []),
  ]);
  if (options.actor) {
    await recordChange(tx, options.actor, {
      entity: 'order',
      entityId: order.id,
      action: 'status',
      before: { status: from },
      after: { status: to },
    });
  }
  // The webhooks' deliveries and the change's own effects in one statement; the follow-up
  // entries first, as the worker takes them in order.
  const entries = outsideEffects(order, from, to, effects, options.announce);
  const queued = await enqueueBeside(
    tx,
    webhookEventRows(placedNow ? ['order.created', 'order.updated'] : 'order.updated', order.id),
    [
      ...entries.filter((e) => e.kind === ORDER_CHANGED),
      ...entries.filter((e) => e.kind !== ORDER_CHANGED),
    ],
  );
  const follow = queued.filter((q) => q.kind === ORDER_CHANGED).map((q) => q.id);
  return options.followUp === 'after' && order.subscriptionId === null ? [] : follow;
}

/**
 * A new order whose first change (from pending to `to`, the status its payment leads to) is
 * known before it is written: checked against the same table, its fields go into the order's
 * insert, and `record` writes the change's timeline and outbox entries in the same transaction,
 * returning the entries the caller signals after its commit. No goods move: a pending order
 * already holds them.
 */
export function transitionAtInsert(
  to: OrderStatus,
  options: TransitionOptions,
): {
  fields: ReturnType<typeof changedFields>;
  /** `placedNow`: the order's placement is recorded with it (`orderPlaced` in one go). */
  record: (tx: Tx, order: OrderRow, placedNow?: boolean) => Promise<number[]>;
} {
  const from: OrderStatus = 'pending';
  const effects = transitionEffects(from, to, {});
  const movesGoods = effects.includes('release_goods') || effects.includes('retake_goods');
  if (!canTransition(from, to) || movesGoods) {
    throw new Rollback(domainError('not_allowed', 'order.error.transition', { from, to }));
  }
  return {
    fields: changedFields({ paidAt: null, completedAt: null }, to, effects, options),
    record: (tx, order, placedNow) =>
      recordTransition(tx, order, from, to, effects, options, placedNow),
  };
}

function outsideEffects(
  order: OrderRow,
  from: OrderStatus,
  to: OrderStatus,
  effects: Effects,
  announce: TransitionOptions['announce'],
): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const mail =
    typeof announce === 'function'
      ? announce(from, to)
      : (announce ?? defaultAnnouncement(from, to));
  if (effects.includes('announce')) {
    const payload: OrderChanged = { from, to, announce: mail };
    entries.push({ kind: ORDER_CHANGED, orderId: order.id, payload });
  }
  if (order.paymentIntentId && effects.includes('cancel_payment')) {
    entries.push({
      kind: PAYMENT_CANCEL,
      orderId: order.id,
      payload: { intent: order.paymentIntentId },
      dedupeKey: `payment-cancel:${order.id}`,
    });
  }
  if (order.paymentIntentId && order.paidAt && effects.includes('refund_payment')) {
    entries.push({
      kind: PAYMENT_REFUND,
      orderId: order.id,
      payload: { intent: order.paymentIntentId },
      dedupeKey: `payment-refund:${order.id}`,
    });
  }
  return entries;
}

async function giveBackStock(tx: Tx, orderId: number, items: readonly OrderItemRow[]) {
  for (const item of items) {
    if (item.stockProductId === null) continue;
    await moveStock(tx, item.stockProductId, item.quantity, {
      reason: 'order_released',
      actor: SYSTEM_ACTOR,
      orderId,
    });
  }
}

async function retakeStock(tx: Tx, orderId: number, items: readonly OrderItemRow[]) {
  for (const item of items) {
    if (item.stockProductId === null) continue;
    const [row] = await tx
      .select({ backorders: products.backorders })
      .from(products)
      .where(eq(products.id, item.stockProductId));
    await takeStock(tx, {
      stockProductId: item.stockProductId,
      quantity: item.quantity,
      backorders: (row?.backorders ?? 'no') !== 'no',
      name: item.name,
      orderId,
      reason: 'order_retaken',
    });
  }
}

/** Gives the order's coupon uses back, so a cancelled order does not use up a limited coupon. */
async function releaseCouponUses(tx: Tx, order: OrderRow) {
  const email = order.billingAddress.email?.toLowerCase() ?? null;
  for (const line of order.couponLines) {
    await tx
      .update(coupons)
      .set({ usageCount: sql`greatest(${coupons.usageCount} - 1, 0)` })
      .where(eq(coupons.id, line.couponId));
    await tx.execute(sql`
      delete from ${couponUses} where id = (
        select id from ${couponUses}
        where coupon_id = ${line.couponId}
          and (email is not distinct from ${email} or customer_id is not distinct from ${order.customerId})
        order by used_at desc limit 1)`);
  }
}

async function recountCouponUses(tx: Tx, order: OrderRow) {
  for (const line of order.couponLines) {
    const counted = await tx
      .update(coupons)
      .set({ usageCount: sql`${coupons.usageCount} + 1` })
      .where(
        and(
          eq(coupons.id, line.couponId),
          sql`(${coupons.usageLimit} is null or ${coupons.usageCount} < ${coupons.usageLimit})`,
        ),
      )
      .returning({ id: coupons.id });
    if (counted.length === 0) {
      throw new Rollback(domainError('limit', 'coupon.error.usage_limit', { code: line.code }));
    }
    await tx.insert(couponUses).values({
      couponId: line.couponId,
      customerId: order.customerId,
      email: order.billingAddress.email?.toLowerCase() ?? null,
    });
  }
}

/** Minutes an unpaid (pending) order keeps its goods before it is cancelled. */
export const HOLD_MINUTES_SETTING = 'orders.hold_stock_minutes';
export const DEFAULT_HOLD_MINUTES = 60;
/** Whole minutes, at most a year: what the setting may hold (the back office checks the same). */
export const HOLD_MINUTES_LIMITS = { min: 1, max: 525_600 } as const;
export const holdMinutesSchema = z
  .number()
  .int()
  .min(HOLD_MINUTES_LIMITS.min)
  .max(HOLD_MINUTES_LIMITS.max);

/**
 * Cancels pending orders older than the configured hold time, giving their stock and coupon
 * uses back; each customer is told once, by the outbox. Only a pending order is cancelled,
 * under its row lock, so two callers never both cancel the same order.
 */
export async function cancelUnpaidOrders(db: Tx, now = new Date()): Promise<number> {
  const minutes = await getSetting(
    db,
    HOLD_MINUTES_SETTING,
    holdMinutesSchema,
    DEFAULT_HOLD_MINUTES,
  );
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        // A renewal order waits for its customer's payment as long as the subscription does.
        isNull(orders.subscriptionId),
        lt(orders.createdAt, new Date(now.getTime() - minutes * 60_000)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(500);
  let cancelled = 0;
  for (const { id } of stale) {
    const done = await transitionOrder(db, id, 'cancelled', {
      expect: ['pending'],
      now,
      announce: 'unpaid_cancelled',
      note: { code: 'order.note.unpaid_cancelled', forCustomer: true },
    });
    if (done.ok) cancelled += 1;
  }
  return cancelled;
}
