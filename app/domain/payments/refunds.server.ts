import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Actor, SYSTEM_ACTOR, recordChange } from '#app/domain/audit/audit.server.ts';
import { moveStock } from '#app/domain/catalog/stock.server.ts';
import { type Result, domainError, notFound } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { INVOICE_REFUND, transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { enqueue } from '#app/domain/orders/outbox.server.ts';
import { Rollback, addOrderNote, inTransaction } from '#app/domain/orders/orders.server.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import {
  type OrderRefundLineRow,
  type OrderRefundRow,
  type RefundMethod,
  type RefundOrigin,
  orderRefundLines,
  orderRefunds,
} from './refunds.schema.ts';
import { type RefundRequest, type RefundState, mayRefund, planRefund } from './refunds.rules.ts';

/** The customer's refund mail, queued once per refund. */
export const REFUND_MAIL = 'mail.order_refund';

export type RefundWithLines = OrderRefundRow & { lines: OrderRefundLineRow[] };

/** Payments the shop can refund through the provider: a Stripe method with its intent. */
export function refundsThroughProvider(order: OrderRow): boolean {
  return order.paymentMethod.startsWith('stripe') && order.paymentIntentId !== null;
}

/** Every refund of an order, oldest first, with its lines. */
export async function refundsOf(db: Tx, orderId: number): Promise<RefundWithLines[]> {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderRefundLines)
    .where(
      inArray(
        orderRefundLines.refundId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderRefundLines.id));
  return rows.map((row) => ({ ...row, lines: lines.filter((l) => l.refundId === row.id) }));
}

export async function refundOf(
  db: Tx,
  orderId: number,
  refundId: number,
): Promise<RefundWithLines | null> {
  const all = await refundsOf(db, orderId);
  return all.find((r) => r.id === refundId) ?? null;
}

/** What is left to refund of an order: pending refunds count, failed ones do not. */
export async function refundState(db: Tx, order: OrderRow): Promise<RefundState> {
  const [items, refunds] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    refundsOf(db, order.id),
  ]);
  const counted = refunds.filter((r) => r.status !== 'failed');
  const refundedQuantity = (itemId: number) =>
    counted
      .flatMap((r) => r.lines)
      .filter((l) => l.orderItemId === itemId)
      .reduce((sum, l) => sum + l.quantity, 0);
  const sum = (pick: (r: OrderRefundRow) => number) =>
    counted.reduce((total, r) => total + pick(r), 0);
  return {
    lines: items.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      total: item.total,
      tax: item.tax,
      refundedQuantity: refundedQuantity(item.id),
    })),
    shippingLeft: Math.max(0, order.shippingTotal - sum((r) => r.shippingAmount)),
    amountLeft: Math.max(0, order.total - sum((r) => r.amount)),
  };
}

export type NewRefund = {
  orderId: number;
  request: RefundRequest;
  reason: string;
  /** Through the payment provider where the order was paid there; else recorded as manual. */
  viaProvider: boolean;
  actor: Actor;
  /** The one-time token of the form that asks for it: a second post finds the first refund. */
  submitToken?: string | null;
};

/** The refund a form with this one-time token made, if any. */
export async function refundBySubmitToken(db: Tx, token: string): Promise<OrderRefundRow | null> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.submitToken, token));
  return row ?? null;
}

/**
 * Records a refund under the order's row lock, so refunds at the same moment (on any instance)
 * are checked one after the other against what is left. A manual refund is done at once; one
 * through the provider is reserved as pending and carried out after the commit
 * (`refundAtStripe`), then settled by `settleRefund`.
 */
export async function createRefund(
  db: Tx,
  input: NewRefund,
): Promise<Result<OrderRefundRow & { repeated?: true }>> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new Rollback(notFound());
    // Under the order's lock: a post of the same form at the same moment waits here.
    const earlier = input.submitToken ? await refundBySubmitToken(tx, input.submitToken) : null;
    if (earlier) {
      if (earlier.orderId !== order.id) {
        throw new Rollback(domainError('invalid', 'admin.refund.error.input'));
      }
      return { ...earlier, repeated: true as const };
    }
    if (!mayRefund(order)) {
      throw new Rollback(
        domainError('invalid', 'admin.refund.error.unpaid', { status: order.status }),
      );
    }
    const planned = planRefund(await refundState(tx, order), input.request);
    if (!planned.ok) throw new Rollback(planned.error);
    const plan = planned.value;
    const method: RefundMethod =
      input.viaProvider && refundsThroughProvider(order) ? 'stripe' : 'manual';
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amount: plan.amount,
        itemsAmount: plan.itemsAmount,
        shippingAmount: plan.shippingAmount,
        freeAmount: plan.freeAmount,
        reason: input.reason,
        method,
        status: 'pending',
        origin: 'staff',
        submitToken: input.submitToken ?? null,
        actorChannel: input.actor.channel,
        actorId: input.actor.id,
        actorLabel: input.actor.label.slice(0, 200),
      })
      .returning();
    if (plan.lines.length > 0) {
      await tx.insert(orderRefundLines).values(
        plan.lines.map((line) => ({
          refundId: refund!.id,
          orderItemId: line.itemId,
          quantity: line.quantity,
          amount: line.amount,
          tax: line.tax,
          restock: line.restock,
        })),
      );
    }
    await recordChange(tx, input.actor, {
      entity: 'order',
      entityId: order.id,
      action: 'refund',
      before: null,
      after: { refund: refund!.id, amount: plan.amount, method, reason: input.reason },
    });
    if (method === 'manual') return applySucceeded(tx, order, refund!, null);
    return refund!;
  });
}

/**
 * A refund without lines for an amount (the rest of the payment when the order is refunded or
 * cancelled as a whole, or one made at the provider), in the caller's transaction and under
 * the order's lock the caller holds.
 */
export async function insertAmountRefund(
  tx: Tx,
  order: OrderRow,
  values: {
    amount: number;
    origin: RefundOrigin;
    status: OrderRefundRow['status'];
    providerRefundId?: string | null;
    reason?: string;
  },
): Promise<OrderRefundRow> {
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amount: values.amount,
      freeAmount: values.amount,
      reason: values.reason ?? '',
      method: 'stripe',
      status: 'pending',
      origin: values.origin,
      providerRefundId: values.providerRefundId ?? null,
      actorChannel: 'system',
      actorLabel: '',
    })
    .returning();
  if (values.status === 'succeeded') return applySucceeded(tx, order, refund!, null);
  if (values.status === 'failed') {
    return (await markFailed(tx, refund!, 'provider')) ?? refund!;
  }
  return refund!;
}

export type RefundOutcome =
  | { ok: true; providerRefundId: string | null }
  | { ok: false; providerRefundId?: string | null; failure: string };

/**
 * The provider's answer for a pending refund: on success its lines go back to stock, the
 * customer is told and a fully refunded order moves to refunded; on failure the refund is
 * marked failed and nothing else changes. Only a pending refund is settled, under the order's
 * lock, so the request that made it and a webhook never both settle it.
 */
export async function settleRefund(
  db: Tx,
  refundId: number,
  outcome: RefundOutcome,
): Promise<OrderRefundRow | null> {
  const settled = await inTransaction(db, async (tx) => {
    const [head] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    if (!head) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for('update');
    const [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.id, refundId))
      .for('update');
    if (!order || !refund) return null;
    if (refund.status !== 'pending') {
      if (outcome.providerRefundId && !refund.providerRefundId) {
        await tx
          .update(orderRefunds)
          .set({ providerRefundId: outcome.providerRefundId })
          .where(eq(orderRefunds.id, refund.id));
      }
      return refund;
    }
    if (!outcome.ok) {
      return markFailed(tx, refund, outcome.failure, outcome.providerRefundId ?? null);
    }
    return applySucceeded(tx, order, refund, outcome.providerRefundId);
  });
  return settled.ok ? settled.value : null;
}

async function markFailed(
  tx: Tx,
  refund: OrderRefundRow,
  failure: string,
  providerRefundId: string | null = null,
): Promise<OrderRefundRow | null> {
  const [failed] = await tx
    .update(orderRefunds)
    .set({
      status: 'failed',
      failure: failure.slice(0, 500),
      providerRefundId: providerRefundId ?? refund.providerRefundId,
      settledAt: new Date(),
    })
    .where(and(eq(orderRefunds.id, refund.id), ne(orderRefunds.status, 'failed')))
    .returning();
  await addOrderNote(tx, refund.orderId, {
    code: 'admin.refund.note.failed',
    params: { refund: refund.id, amount: money(refund.amount) },
  });
  return failed ?? null;
}

const money = (minor: number) => (minor / 100).toFixed(2);

/** A refund that went through: stock back as chosen, timeline, mail, and the order's status. */
async function applySucceeded(
  tx: Tx,
  order: OrderRow,
  refund: OrderRefundRow,
  providerRefundId: string | null,
): Promise<OrderRefundRow> {
  const [done] = await tx
    .update(orderRefunds)
    .set({
      status: 'succeeded',
      providerRefundId: providerRefundId ?? refund.providerRefundId,
      settledAt: new Date(),
    })
    .where(eq(orderRefunds.id, refund.id))
    .returning();
  // Goods an order no longer holds (cancelled, released) are not given back twice.
  if (order.stockReduced) {
    const lines = await tx
      .select({
        quantity: orderRefundLines.quantity,
        stockProductId: orderItems.stockProductId,
      })
      .from(orderRefundLines)
      .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
      .where(and(eq(orderRefundLines.refundId, refund.id), eq(orderRefundLines.restock, true)));
    for (const line of lines) {
      if (line.stockProductId === null) continue;
      await moveStock(tx, line.stockProductId, line.quantity, {
        reason: 'refund_restock',
        actor: SYSTEM_ACTOR,
        orderId: order.id,
        refundId: refund.id,
      });
    }
  }
  await addOrderNote(tx, order.id, {
    code: refund.method === 'manual' ? 'admin.refund.note.manual' : 'admin.refund.note.succeeded',
    params: { refund: refund.id, amount: money(refund.amount) },
  });
  if (refund.origin !== 'order_status') {
    // The invoice's cancellation first, so the mail finds it issued.
    await enqueue(
      tx,
      {
        kind: INVOICE_REFUND,
        orderId: order.id,
        payload: { refundId: refund.id },
        dedupeKey: `invoice-refund:${refund.id}`,
      },
      {
        kind: REFUND_MAIL,
        orderId: order.id,
        payload: { refundId: refund.id },
        dedupeKey: `order-refund:${refund.id}`,
      },
    );
  }
  const [counted] = await tx
    .select({ sum: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'succeeded')));
  if (
    Number(counted?.sum ?? 0) >= order.total &&
    (order.status === 'processing' || order.status === 'completed')
  ) {
    const moved = await transitionOrder(tx, order.id, 'refunded', {
      refundsRecorded: true,
      announce: 'none',
      actor:
        refund.actorChannel === 'system'
          ? undefined
          : { channel: refund.actorChannel, id: refund.actorId, label: refund.actorLabel },
    });
    if (!moved.ok) throw new Rollback(moved.error);
  }
  return done!;
}

/** The pending refund made when the order moved to refunded or cancelled, or a new one. */
export async function reserveRestOfPayment(
  db: Tx,
  orderId: number,
): Promise<OrderRefundRow | null> {
  const reserved = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !order.paidAt || !refundsThroughProvider(order)) return null;
    const [open] = await tx
      .select()
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, order.id),
          eq(orderRefunds.origin, 'order_status'),
          eq(orderRefunds.status, 'pending'),
        ),
      );
    if (open) return open;
    const { amountLeft } = await refundState(tx, order);
    if (amountLeft <= 0) return null;
    return insertAmountRefund(tx, order, {
      amount: amountLeft,
      origin: 'order_status',
      status: 'pending',
    });
  });
  return reserved.ok ? reserved.value : null;
}

/** Order lines by id, for showing a refund's lines by name. */
export async function orderLinesById(db: Tx, orderId: number) {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return new Map(items.map((item) => [item.id, item]));
}
