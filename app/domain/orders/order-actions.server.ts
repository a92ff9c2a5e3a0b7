import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { ADDRESS_FIELDS, normalizeAddress } from '#app/domain/customers/address-locale.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { transitionOrder } from './lifecycle.server.ts';
import {
  ORDER_MAIL_KINDS,
  type ResendableMail,
  addressEditable,
  canMarkPaid,
  cancellable,
  offeredTransitions,
  paidStatus,
  resendableMails,
} from './order-actions.rules.ts';
import { type OutboxEntry, enqueue, signalOutbox } from './outbox.server.ts';
import { Rollback, addOrderNote, inTransaction } from './orders.server.ts';
import { type OrderAddress, type OrderRow, type OrderStatus, orders } from './orders.schema.ts';
import { hasShipped } from './shipments.server.ts';
import { staffOrder } from './staff-orders.server.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

type Changed = Result<OrderRow>;

const stale = (status: OrderStatus) =>
  domainError('conflict', 'admin.action.error.stale', { status });

/** The lifecycle's answer, with "the status moved on meanwhile" worded for the back office. */
function settled(result: Awaited<ReturnType<typeof transitionOrder>>): Changed {
  if (result.ok) return ok(result.value.order);
  if (result.error.code === 'order.error.status_changed') {
    return fail(stale(String(result.error.params?.status ?? '') as OrderStatus));
  }
  return result;
}

/**
 * A status button of the order page: only the transitions the page offers, and only from the
 * status the page showed (a form from before another change is refused, not repeated).
 */
export async function changeOrderStatus(
  db: Tx,
  orderId: number,
  change: { to: OrderStatus; expect: OrderStatus },
  actor: Actor,
): Promise<Changed> {
  if (!offeredTransitions(change.expect).includes(change.to)) {
    return fail(domainError('not_allowed', 'admin.action.error.not_offered'));
  }
  return settled(await transitionOrder(db, orderId, change.to, { expect: [change.expect], actor }));
}

/**
 * Records an offline payment (bank transfer, invoice, cash on delivery) that arrived: the whole
 * total on the given day. A different amount is refused: a partial payment leaves the order
 * waiting, and more than the total is a refund's matter.
 */
export async function markOrderPaid(
  db: Tx,
  orderId: number,
  payment: { amount: number; paidOn: Date; expect: OrderStatus },
  actor: Actor,
  now = new Date(),
): Promise<Changed> {
  const order = await staffOrder(db, orderId);
  if (!order) return fail(notFound());
  if (order.status !== payment.expect) return fail(stale(order.status));
  if (!canMarkPaid(order))
    return fail(domainError('not_allowed', 'admin.action.error.not_payable'));
  if (payment.amount !== order.total) {
    return fail(domainError('invalid', 'admin.action.error.amount_mismatch', { field: 'amount' }));
  }
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (day(payment.paidOn) > day(now) || day(payment.paidOn) < day(order.createdAt)) {
    return fail(domainError('invalid', 'admin.action.error.paid_on_range', { field: 'paid_on' }));
  }
  const amount = `${(payment.amount / 100).toFixed(2)} ${order.currency}`;
  return settled(
    await transitionOrder(db, orderId, paidStatus(order), {
      expect: [payment.expect],
      actor,
      paidAt: payment.paidOn,
      note: {
        code: 'admin.action.note.marked_paid',
        params: { amount, date: day(payment.paidOn), author: actor.label },
      },
      together: (tx) =>
        recordChange(tx, actor, {
          entity: 'order',
          entityId: orderId,
          action: 'payment',
          before: { paid_at: null },
          after: { paid_at: day(payment.paidOn), amount },
        }),
    }),
  );
}

/**
 * Cancels the order through the lifecycle: its goods and coupon uses come back, an open card
 * payment is cancelled at the provider (a paid one refunded), and the customer is told.
 */
export async function cancelOrder(
  db: Tx,
  orderId: number,
  expect: OrderStatus,
  actor: Actor,
): Promise<Changed> {
  if (!cancellable(expect))
    return fail(domainError('not_allowed', 'admin.action.error.not_offered'));
  return settled(
    await transitionOrder(db, orderId, 'cancelled', {
      expect: [expect],
      actor,
      note: { code: 'admin.action.note.cancelled', params: { author: actor.label } },
    }),
  );
}

function mailEntry(orderId: number, mail: ResendableMail): OutboxEntry {
  const dedupeKey = `resend-${mail}:${orderId}:${randomUUID()}`;
  switch (mail) {
    case 'new_order_shop':
      return { kind: ORDER_MAIL_KINDS.newOrder, orderId, payload: { part: 'shop' }, dedupeKey };
    case 'confirmation':
      return { kind: ORDER_MAIL_KINDS.newOrder, orderId, payload: { part: 'customer' }, dedupeKey };
    case 'payment_request':
      return { kind: ORDER_MAIL_KINDS.paymentRequest, orderId, dedupeKey };
    default:
      return {
        kind: ORDER_MAIL_KINDS.status,
        orderId,
        payload: { to: mail.slice('status_'.length).replace('_', '-') },
        dedupeKey,
      };
  }
}

/** Sends one of the order's mails again, as a new outbox entry; the timeline notes it. */
export async function resendOrderMail(
  db: Tx,
  orderId: number,
  mail: ResendableMail,
  actor: Actor,
): Promise<Changed> {
  const done = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Rollback(notFound());
    if (!resendableMails(order).includes(mail)) {
      throw new Rollback(domainError('not_allowed', 'admin.action.error.mail_unfit'));
    }
    await enqueue(tx, mailEntry(orderId, mail));
    await addOrderNote(tx, orderId, {
      code: `admin.action.note.resent_${mail}`,
      params: { author: actor.label },
    });
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'resend_mail',
      after: { mail },
    });
    return order;
  });
  if (done.ok) await signalOutbox(db);
  return done;
}

export type AddressKind = 'billing' | 'shipping';

/**
 * Replaces the billing or shipping address of an order not yet shipped. The caller has checked
 * the fields with the checkout's rules; here they are stored as the checkout stores them.
 */
export async function updateOrderAddress(
  db: Tx,
  orderId: number,
  kind: AddressKind,
  input: Partial<OrderAddress>,
  actor: Actor,
): Promise<Changed> {
  if (!(await staffOrder(db, orderId))) return fail(notFound());
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Rollback(notFound());
    if (!addressEditable(order, await hasShipped(tx, order.id))) {
      throw new Rollback(domainError('not_allowed', 'admin.action.error.address_locked'));
    }
    const before = kind === 'billing' ? order.billingAddress : order.shippingAddress;
    const fields: Partial<OrderAddress> = {};
    for (const key of ADDRESS_FIELDS) fields[key] = input[key] ?? '';
    const normalized = normalizeAddress(fields);
    const after: OrderAddress = { ...before, ...normalized } as OrderAddress;
    if (kind === 'billing' && input.email !== undefined) after.email = input.email.trim();
    const [updated] = await tx
      .update(orders)
      .set(kind === 'billing' ? { billingAddress: after } : { shippingAddress: after })
      .where(eq(orders.id, orderId))
      .returning();
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: `address_${kind}`,
      before,
      after,
    });
    await queueWebhookEvent(tx, 'order.updated', orderId);
    return updated!;
  });
}
