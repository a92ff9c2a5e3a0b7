import { randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { couponUses, coupons } from '#app/domain/coupons/coupons.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type DomainError,
  type Result,
  domainError,
  fail,
  notFound,
  ok,
} from '#app/domain/kernel/result.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { HOLDS_STOCK, PAID, canTransition, transitionEffects } from './orders.rules.ts';
import {
  type OrderItemRow,
  type OrderNoteRow,
  type OrderRow,
  type OrderStatus,
  orderItems,
  orderNotes,
  orders,
} from './orders.schema.ts';

/** Thrown inside a transaction to roll it back with a domain failure; caught by `inTransaction`. */
/** Secret of an order's own pages (order received, order pay). */
export function newOrderKey(): string {
  return `wc_order_${randomBytes(12).toString('base64url')}`;
}

export class Rollback extends Error {
  constructor(public readonly error: DomainError) {
    super(error.code);
  }
}

/** Runs `work` in a transaction; a `Rollback` undoes everything and becomes a failure value. */
export async function inTransaction<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await db.transaction((tx) => work(tx)));
  } catch (error) {
    if (error instanceof Rollback) return fail(error.error);
    throw error;
  }
}

export const outOfStock = (name: string) =>
  domainError('out_of_stock', 'checkout.error.out_of_stock', { name });

/**
 * Takes `quantity` from a product row's managed stock, never below zero unless backorders are
 * allowed: the guard is in the UPDATE, so concurrent orders cannot oversell.
 */
export async function takeStock(
  tx: Tx,
  item: { stockProductId: number; quantity: number; backorders: boolean; name: string },
): Promise<void> {
  const taken = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${item.quantity}` })
    .where(
      and(
        eq(products.id, item.stockProductId),
        item.backorders ? sql`true` : sql`${products.stockQuantity} >= ${item.quantity}`,
      ),
    )
    .returning({ id: products.id });
  if (taken.length === 0) throw new Rollback(outOfStock(item.name));
}

async function giveBackStock(tx: Tx, items: readonly OrderItemRow[]) {
  for (const item of items) {
    if (item.stockProductId === null) continue;
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${item.quantity}` })
      .where(eq(products.id, item.stockProductId));
  }
}

async function retakeStock(tx: Tx, items: readonly OrderItemRow[]) {
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

export async function addOrderNote(
  db: Tx,
  orderId: number,
  note: { code: string; params?: Record<string, string | number>; forCustomer?: boolean },
) {
  await db.insert(orderNotes).values({
    orderId,
    code: note.code,
    params: note.params ?? {},
    forCustomer: note.forCustomer ?? false,
  });
}

/**
 * Moves an order to another status with the stock and coupon effects of the move: leaving the
 * statuses that hold goods gives stock and coupon uses back, returning to them takes them again
 * (and fails if the goods are gone meanwhile). The order row is locked for the change.
 */
export async function changeOrderStatus(
  db: Tx,
  orderId: number,
  to: OrderStatus,
  options: { expect?: readonly OrderStatus[]; paid?: boolean; now?: Date } = {},
): Promise<Result<{ from: OrderStatus; to: OrderStatus; order: OrderRow }>> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Rollback(notFound());
    const from = order.status;
    if (options.expect && !options.expect.includes(from)) {
      throw new Rollback(domainError('conflict', 'order.error.status_changed', { status: from }));
    }
    if (!canTransition(from, to)) {
      throw new Rollback(domainError('not_allowed', 'order.error.transition', { from, to }));
    }
    const effects = transitionEffects(from, to);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    if (effects.restock && order.stockReduced) {
      await giveBackStock(tx, items);
      await releaseCouponUses(tx, order);
    }
    if (effects.reduce && !order.stockReduced) {
      await retakeStock(tx, items);
      await recountCouponUses(tx, order);
    }
    const now = options.now ?? new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        stockReduced: HOLDS_STOCK.includes(to),
        updatedAt: now,
        paidAt: PAID.includes(to) || options.paid ? (order.paidAt ?? now) : order.paidAt,
        completedAt: to === 'completed' ? now : order.completedAt,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await addOrderNote(tx, orderId, {
      code: 'order.note.status_changed',
      params: { from, to },
      forCustomer: false,
    });
    return { from, to, order: updated! };
  });
}

/** Minutes an unpaid (pending) order keeps its goods before it is cancelled. */
export const HOLD_MINUTES_SETTING = 'orders.hold_stock_minutes';
export const DEFAULT_HOLD_MINUTES = 60;

/**
 * Cancels pending orders older than the configured hold time, giving their stock and coupon
 * uses back. Returns how many went. Only a pending order is cancelled, under its row lock, so
 * two callers never both cancel (and report) the same order.
 */
export async function cancelUnpaidOrders(
  db: Tx,
  now = new Date(),
  /** Told each order this call cancelled (for the customer's mail). */
  onCancelled?: (order: OrderRow) => void,
): Promise<number> {
  const minutes = await getSetting(
    db,
    HOLD_MINUTES_SETTING,
    z.number().int().min(1).max(525_600),
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
    const done = await changeOrderStatus(db, id, 'cancelled', { expect: ['pending'], now });
    if (done.ok) {
      await addOrderNote(db, id, { code: 'order.note.unpaid_cancelled', forCustomer: true });
      onCancelled?.(done.value.order);
      cancelled += 1;
    }
  }
  return cancelled;
}

/** Who is asking to see an order: its key from a link, or the signed-in customer. */
export type OrderViewer = { key?: string | null; customerId?: number | null };

function sameKey(given: string, actual: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The order if the viewer may see it: with its key, or as its customer. Anything else is "not
 * there", so a guessed id tells nothing.
 */
export async function findOrderFor(
  db: Tx,
  orderId: number,
  viewer: OrderViewer,
): Promise<OrderRow | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  if (viewer.key && sameKey(viewer.key, order.orderKey)) return order;
  if (viewer.customerId && order.customerId === viewer.customerId) return order;
  return null;
}

export type OrderDetails = { order: OrderRow; items: OrderItemRow[]; notes: OrderNoteRow[] };

export async function orderDetails(db: Tx, order: OrderRow): Promise<OrderDetails> {
  const [items, notes] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
  ]);
  return { order, items, notes };
}

export const ORDER_SORTS = ['number', 'date', 'status', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export type OrderListQuery = {
  page: number;
  perPage: number;
  sort: OrderSort;
  dir: 'asc' | 'desc';
  search: string;
};

/** A customer's orders for the account's orders table: sorted, searched, one page of them. */
export async function customerOrders(
  db: Tx,
  customerId: number,
  query: OrderListQuery,
): Promise<{ rows: (OrderRow & { itemCount: number })[]; total: number }> {
  const column = {
    number: orders.number,
    date: orders.createdAt,
    status: orders.status,
    total: orders.total,
  }[query.sort];
  const term = query.search.trim().toLowerCase();
  const where = and(
    eq(orders.customerId, customerId),
    term === ''
      ? undefined
      : sql`(cast(${orders.number} as text) like ${`%${escapeLike(term)}%`}
             or ${orders.status} like ${`%${escapeLike(term)}%`}
             or exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
                        and lower(i.name) like ${`%${escapeLike(term)}%`}))`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        order: orders,
        itemCount: sql<number>`(select coalesce(sum(case when quantity = floor(quantity) then quantity else 1 end), 0)::int from ${orderItems} where order_id = ${orders.id})`,
      })
      .from(orders)
      .where(where)
      .orderBy(query.dir === 'asc' ? asc(column) : desc(column), desc(orders.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.order, itemCount: Number(r.itemCount) })),
    total: Number(count?.n ?? 0),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
