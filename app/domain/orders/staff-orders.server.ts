import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { transitionOrder } from './lifecycle.server.ts';
import { canTransition } from './lifecycle.rules.ts';
import { ORDER_MAIL_KINDS } from './order-actions.rules.ts';
import { enqueue, signalOutbox } from './outbox.server.ts';
import { Rollback, inTransaction } from './orders.server.ts';
import {
  type OrderAddress,
  type OrderNoteRow,
  type OrderRow,
  type OrderStatus,
  orderItems,
  orderNotes,
  orders,
} from './orders.schema.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

/** The staff's view of all orders (REST API, back office): filters as WooCommerce names them. */
export type StaffOrderQuery = {
  statuses: readonly OrderStatus[] | null;
  after?: Date;
  before?: Date;
  search?: string;
  customerId?: number;
  include?: readonly number[];
  exclude?: readonly number[];
  page: number;
  perPage: number;
  orderBy: 'date' | 'id' | 'include' | 'title' | 'slug';
  order: 'asc' | 'desc';
};

export async function listStaffOrders(
  db: Tx,
  query: StaffOrderQuery,
): Promise<{ rows: OrderRow[]; total: number }> {
  const term = query.search?.trim().toLowerCase() ?? '';
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    query.statuses ? inArray(orders.status, [...query.statuses]) : undefined,
    query.after ? gte(orders.createdAt, query.after) : undefined,
    query.before ? lte(orders.createdAt, query.before) : undefined,
    query.customerId !== undefined ? eq(orders.customerId, query.customerId) : undefined,
    query.include?.length ? inArray(orders.id, [...query.include]) : undefined,
    query.exclude?.length ? sql`${orders.id} not in ${[...query.exclude]}` : undefined,
    term === ''
      ? undefined
      : sql`(cast(${orders.number} as text) like ${like}
             or lower(${orders.billingAddress}->>'email') like ${like}
             or lower(concat_ws(' ', ${orders.billingAddress}->>'first_name', ${orders.billingAddress}->>'last_name')) like ${like}
             or lower(concat_ws(' ', ${orders.shippingAddress}->>'first_name', ${orders.shippingAddress}->>'last_name')) like ${like}
             or exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
                        and lower(i.name) like ${like}))`,
  );
  const dir = query.order === 'asc' ? asc : desc;
  const includeOrder =
    query.orderBy === 'include' && query.include?.length
      ? sql`array_position(${sql.raw(`ARRAY[${query.include.map(Number).join(',')}]::int[]`)}, ${orders.id})`
      : null;
  // Orders have no title or slug of their own: those sort by date and by id, as the list shows.
  const orderBy = includeOrder
    ? [asc(includeOrder)]
    : query.orderBy === 'id' || query.orderBy === 'slug'
      ? [dir(orders.id)]
      : [dir(orders.createdAt), dir(orders.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function staffOrder(db: Tx, orderId: number): Promise<OrderRow | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

export type OrderEdit = {
  status?: OrderStatus;
  billing?: Partial<OrderAddress>;
  shipping?: Partial<OrderAddress>;
  customerNote?: string;
};

/**
 * A staff member's change of an order: addresses and the customer's note, and a new status
 * through the order lifecycle (refused when the table does not allow it). Everything commits
 * together with its audit entries, or nothing does.
 */
export async function editOrder(
  db: Tx,
  orderId: number,
  edit: OrderEdit,
  actor: Actor,
): Promise<Result<OrderRow>> {
  const current = await staffOrder(db, orderId);
  if (!current) return fail(notFound());
  const together = async (tx: Tx, order: OrderRow) => {
    const changes: Partial<Pick<OrderRow, 'billingAddress' | 'shippingAddress' | 'customerNote'>> =
      {};
    if (edit.billing) changes.billingAddress = { ...order.billingAddress, ...edit.billing };
    if (edit.shipping) changes.shippingAddress = { ...order.shippingAddress, ...edit.shipping };
    if (edit.customerNote !== undefined) changes.customerNote = edit.customerNote;
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(orders)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'update',
      before: {
        billing: order.billingAddress,
        shipping: order.shippingAddress,
        customer_note: order.customerNote,
      },
      after: {
        billing: changes.billingAddress ?? order.billingAddress,
        shipping: changes.shippingAddress ?? order.shippingAddress,
        customer_note: changes.customerNote ?? order.customerNote,
      },
    });
  };
  if (edit.status && edit.status !== current.status) {
    if (!canTransition(current.status, edit.status)) {
      return fail(
        domainError('invalid', 'order.error.transition_refused', {
          from: current.status,
          to: edit.status,
        }),
      );
    }
    const changed = await transitionOrder(db, orderId, edit.status, { actor, together });
    if (!changed.ok) {
      return changed.error.code === 'order.error.transition'
        ? fail(domainError('invalid', 'order.error.transition_refused', changed.error.params))
        : changed;
    }
    return ok(changed.value.order);
  }
  const done = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Rollback(notFound());
    await together(tx, order);
    await queueWebhookEvent(tx, 'order.updated', orderId);
    const [after] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return after!;
  });
  return done;
}

export async function orderNotesOf(db: Tx, orderId: number): Promise<OrderNoteRow[]> {
  return db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
}

/** One note of this order; another order's note is "not there". */
export async function orderNote(
  db: Tx,
  orderId: number,
  noteId: number,
): Promise<OrderNoteRow | null> {
  if (!Number.isSafeInteger(noteId) || noteId <= 0 || noteId > 2_147_483_647) return null;
  const [note] = await db
    .select()
    .from(orderNotes)
    .where(and(eq(orderNotes.id, noteId), eq(orderNotes.orderId, orderId)))
    .limit(1);
  return note ?? null;
}

/**
 * A note written by staff, in its own words (not a message key of the shop's). A note to the
 * customer is also mailed to them, queued with the note.
 */
export async function addStaffNote(
  db: Tx,
  orderId: number,
  note: { text: string; forCustomer: boolean },
  actor: Actor,
): Promise<Result<OrderNoteRow>> {
  const added = await inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new Rollback(notFound());
    const [row] = await tx
      .insert(orderNotes)
      .values({
        orderId,
        code: 'order.note.staff',
        params: { text: note.text, author: actor.label },
        forCustomer: note.forCustomer,
      })
      .returning();
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'note',
      after: { note_id: row!.id, note: note.text, customer_note: note.forCustomer },
    });
    if (note.forCustomer) {
      await enqueue(tx, {
        kind: ORDER_MAIL_KINDS.customerNote,
        orderId,
        payload: { noteId: row!.id },
        dedupeKey: `customer-note:${row!.id}`,
      });
    }
    return row!;
  });
  if (added.ok && note.forCustomer) await signalOutbox(db);
  return added;
}

export async function deleteOrderNote(
  db: Tx,
  orderId: number,
  noteId: number,
  actor: Actor,
): Promise<Result<OrderNoteRow>> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(orderNotes)
      .where(and(eq(orderNotes.id, noteId), eq(orderNotes.orderId, orderId)))
      .returning();
    if (!row) throw new Rollback(notFound('order.error.note_not_found'));
    await recordChange(tx, actor, {
      entity: 'order',
      entityId: orderId,
      action: 'note_delete',
      before: { note_id: row.id, code: row.code, params: row.params },
      after: null,
    });
    return row;
  });
}
