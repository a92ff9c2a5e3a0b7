import { randomBytes } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import type { StockReason } from '#app/domain/catalog/stock-history.schema.ts';
import { moveStockReading, stockNotice } from '#app/domain/catalog/stock.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import {
  type OrderItemRow,
  type OrderNoteRow,
  type OrderRow,
  orderItems,
  orderNotes,
  orders,
} from './orders.schema.ts';
import { enqueue } from './outbox.server.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

/** Secret of an order's own pages (order received, order pay). */
export function newOrderKey(): string {
  return `wc_order_${randomBytes(12).toString('base64url')}`;
}

/** Thrown inside a transaction to roll it back with a domain failure; caught by `inTransaction`. */
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

/** The shop manager's mail when an order takes a product to its low-stock threshold or to 0. */
export const STOCK_NOTICE = 'mail.stock_notice';
export type StockNoticePayload = { productId: number; notice: 'low' | 'out'; quantity: number };

/**
 * Takes `quantity` from a product row's managed stock, never below zero unless backorders are
 * allowed: the guard is in the UPDATE, so concurrent orders cannot oversell. A take that crosses
 * the low-stock threshold or reaches zero queues the shop manager's notice with the order.
 */
export async function takeStock(
  tx: Tx,
  item: {
    stockProductId: number;
    quantity: number;
    backorders: boolean;
    name: string;
    orderId?: number;
    reason?: StockReason;
  },
): Promise<void> {
  const moved = await moveStockReading(
    tx,
    item.stockProductId,
    -item.quantity,
    { reason: item.reason ?? 'order_placed', actor: SYSTEM_ACTOR, orderId: item.orderId },
    item.backorders ? null : 0,
  );
  if (moved === null) throw new Rollback(outOfStock(item.name));
  const notice = stockNotice(moved.quantity + item.quantity, moved.quantity, moved.lowAmount);
  if (notice) {
    const payload: StockNoticePayload = {
      productId: item.stockProductId,
      notice,
      quantity: moved.quantity,
    };
    await enqueue(tx, { kind: STOCK_NOTICE, orderId: item.orderId ?? null, payload });
  }
}

type NewOrderNote = {
  code: string;
  params?: Record<string, string | number>;
  forCustomer?: boolean;
};

export async function addOrderNote(db: Tx, orderId: number, note: NewOrderNote) {
  await addOrderNotes(db, orderId, [note]);
}

/** Several entries of the timeline in one insert, in the order given. */
export async function addOrderNotes(db: Tx, orderId: number, notes: readonly NewOrderNote[]) {
  if (notes.length === 0) return;
  await db.insert(orderNotes).values(
    notes.map((note) => ({
      orderId,
      code: note.code,
      params: note.params ?? {},
      forCustomer: note.forCustomer ?? false,
    })),
  );
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

/** A placed order's note and its `order.created` webhooks, in the placement's transaction. */
export const ORDER_PLACED_NOTE = 'order.note.placed';

export async function orderPlaced(tx: Tx, orderId: number): Promise<void> {
  await addOrderNote(tx, orderId, { code: ORDER_PLACED_NOTE });
  await queueWebhookEvent(tx, 'order.created', orderId);
}
