// Every change of a counted stock goes through here, so each leaves its history row in the
// same transaction: orders, releases, refunds, the back office, bulk edits, the REST API.
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { products } from './catalog.schema.ts';
import { effectiveStockStatus } from './catalog.rules.ts';
import { type StockHistoryRow, type StockReason, stockHistory } from './stock-history.schema.ts';
import { LOW_STOCK_DEFAULT, LOW_STOCK_SETTING } from './stock-admin.server.ts';

export type StockCause = {
  reason: StockReason;
  actor: Actor;
  orderId?: number | null;
  refundId?: number | null;
  note?: string;
};

/** The 10 kB a hostile form may send is not kept: a note is a short remark. */
export const STOCK_NOTE_MAX = 200;

function causeColumns(cause: StockCause) {
  return {
    reason: cause.reason,
    orderId: cause.orderId ?? null,
    refundId: cause.refundId ?? null,
    actorChannel: cause.actor.channel,
    actorId: cause.actor.id,
    actorLabel: cause.actor.label.slice(0, 200),
    note: (cause.note ?? '').slice(0, STOCK_NOTE_MAX),
  };
}

export type MovedStock = {
  quantity: number;
  /** The low-stock threshold in force for the row (its own, its parent's, the shop's). */
  lowAmount: number | null;
};

/**
 * Adds `delta` (negative takes) to a row's stock and records it, in one statement: placing an
 * order costs no extra round trip per line. With `floor`, the stock must stay at or above it
 * (the guard is in the UPDATE, so concurrent orders cannot oversell); null when refused or when
 * the row counts no stock. The same statement reads the low-stock threshold, so a caller can
 * tell when a take crosses it without asking again.
 */
export async function moveStockReading(
  tx: Tx,
  productId: number,
  delta: number,
  cause: StockCause,
  floor: number | null = null,
): Promise<MovedStock | null> {
  const c = causeColumns(cause);
  const guard = floor === null ? sql`true` : sql`stock_quantity + ${delta} >= ${floor}`;
  const result = await tx.execute(sql`
    with moved as (
      update products set stock_quantity = stock_quantity + ${delta}
       where id = ${productId} and stock_quantity is not null and ${guard}
      returning id, stock_quantity, low_stock_amount, parent_id
    ), logged as (
      insert into stock_history (product_id, change, quantity_after, reason, order_id, refund_id,
                                 actor_channel, actor_id, actor_label, note)
      select id, ${delta}, stock_quantity, ${c.reason}, ${c.orderId}, ${c.refundId},
             ${c.actorChannel}, ${c.actorId}, ${c.actorLabel}, ${c.note}
        from moved
       where ${delta} <> 0
      returning id
    )
    select m.stock_quantity,
           coalesce(m.low_stock_amount,
                    (select p.low_stock_amount from products p where p.id = m.parent_id),
                    (select case when jsonb_typeof(s.value) = 'number'
                                 then (s.value #>> '{}')::numeric end
                       from settings s where s.key = ${LOW_STOCK_SETTING}),
                    ${LOW_STOCK_DEFAULT}) as low_amount
      from moved m`);
  const rows = (
    result as unknown as {
      rows: { stock_quantity: number | string; low_amount: number | string | null }[];
    }
  ).rows;
  const row = rows[0];
  if (!row) return null;
  return {
    quantity: Number(row.stock_quantity),
    lowAmount: row.low_amount === null ? null : Number(row.low_amount),
  };
}

/** `moveStockReading` for callers that need only the quantity after the move. */
export async function moveStock(
  tx: Tx,
  productId: number,
  delta: number,
  cause: StockCause,
  floor: number | null = null,
): Promise<number | null> {
  const moved = await moveStockReading(tx, productId, delta, cause, floor);
  return moved ? moved.quantity : null;
}

/** Which notice a take from `before` to `after` calls for: out of stock first, then low. */
export function stockNotice(
  before: number,
  after: number,
  lowAmount: number | null,
): 'out' | 'low' | null {
  if (after >= before) return null;
  if (after <= 0 && before > 0) return 'out';
  if (lowAmount !== null && after <= lowAmount && before > lowAmount) return 'low';
  return null;
}

/**
 * Records a stock a write has already set (REST, bulk edit, the product form): one row when the
 * counted quantity changed. A stock that starts being counted starts from zero.
 */
export async function recordStockSet(
  tx: Tx,
  productId: number,
  before: { manageStock: boolean | null; stockQuantity: number | null } | null,
  after: { manageStock: boolean | null; stockQuantity: number | null },
  cause: StockCause,
): Promise<void> {
  if (!after.manageStock || after.stockQuantity === null) return;
  const was = before?.manageStock ? Number(before.stockQuantity ?? 0) : 0;
  const now = Number(after.stockQuantity);
  if (now === was && before?.manageStock) return;
  if (now === was && !before) return;
  await tx.insert(stockHistory).values({
    productId,
    change: now - was,
    quantityAfter: now,
    ...causeColumns(cause),
  });
}

export type QuickStockEdit = {
  productId: number;
  /** The quantity the form showed: a change since (an order) refuses the edit. */
  seen: number;
  mode: 'set' | 'add';
  amount: number;
  note: string;
};

export type QuickStockResult = { quantity: number; change: number };

export const STOCK_LIMIT = 1_000_000_000;

/** A quick edit in the back office: set the quantity, or add (negative removes), with a note. */
export async function quickStockEdit(
  db: Tx,
  edit: QuickStockEdit,
  actor: Actor,
): Promise<Result<QuickStockResult>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: products.id,
        type: products.type,
        manageStock: products.manageStock,
        stockQuantity: products.stockQuantity,
        stockStatus: products.stockStatus,
        backorders: products.backorders,
      })
      .from(products)
      .where(eq(products.id, edit.productId))
      .for('update');
    if (!row) return fail(notFound());
    if (!row.manageStock || row.stockQuantity === null || row.type === 'variable') {
      return fail(domainError('invalid', 'admin.stock.error.not_managed'));
    }
    const current = Number(row.stockQuantity);
    if (current !== edit.seen) {
      return fail(domainError('conflict', 'admin.stock.error.changed', { quantity: current }));
    }
    const next = edit.mode === 'set' ? edit.amount : current + edit.amount;
    if (!Number.isSafeInteger(next) || Math.abs(next) > STOCK_LIMIT) {
      return fail(domainError('invalid', 'admin.stock.error.quantity'));
    }
    const change = next - current;
    if (change === 0) return ok({ quantity: current, change: 0 });
    const stockStatus = effectiveStockStatus({
      manageStock: true,
      stockQuantity: next,
      stockStatus: row.stockStatus,
      backorders: row.backorders,
    });
    await tx
      .update(products)
      .set({ stockQuantity: next, stockStatus, updatedAt: new Date() })
      .where(eq(products.id, row.id));
    await tx.insert(stockHistory).values({
      productId: row.id,
      change,
      quantityAfter: next,
      ...causeColumns({ reason: 'manual', actor, note: edit.note }),
    });
    return ok({ quantity: next, change });
  });
}

export const STOCK_HISTORY_PAGE = 25;

/** A row's history, newest first; `before` is the last id of the page before (keyset paging). */
export async function stockHistoryPage(
  db: Tx,
  productIds: readonly number[],
  before: number | null,
): Promise<{ rows: StockHistoryRow[]; next: number | null }> {
  if (productIds.length === 0) return { rows: [], next: null };
  const rows = await db
    .select()
    .from(stockHistory)
    .where(
      and(
        sql`${stockHistory.productId} in ${productIds}`,
        before !== null ? lt(stockHistory.id, before) : undefined,
      ),
    )
    .orderBy(desc(stockHistory.id))
    .limit(STOCK_HISTORY_PAGE + 1);
  const more = rows.length > STOCK_HISTORY_PAGE;
  const page = more ? rows.slice(0, STOCK_HISTORY_PAGE) : rows;
  return { rows: page, next: more ? (page.at(-1)?.id ?? null) : null };
}

export type StockRowView = {
  id: number;
  name: Localized | null;
  sku: string | null;
  type: (typeof products.$inferSelect)['type'];
  managed: boolean;
  quantity: number | null;
  lowStockAmount: number | null;
};

/** A top-level product and its variations, each with its own stock settings. */
export async function stockRows(
  db: Tx,
  productId: number,
): Promise<{ product: StockRowView; variations: StockRowView[] } | null> {
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      name: products.name,
      sku: products.sku,
      type: products.type,
      manageStock: products.manageStock,
      stockQuantity: products.stockQuantity,
      lowStockAmount: products.lowStockAmount,
    })
    .from(products)
    .where(or(eq(products.id, productId), eq(products.parentId, productId)))
    .orderBy(asc(products.id));
  const view = (r: (typeof rows)[number]): StockRowView => ({
    id: r.id,
    name: r.name,
    sku: r.sku,
    type: r.type,
    managed: Boolean(r.manageStock) && r.stockQuantity !== null,
    quantity: r.manageStock && r.stockQuantity !== null ? Number(r.stockQuantity) : null,
    lowStockAmount: r.lowStockAmount,
  });
  const product = rows.find((r) => r.id === productId);
  if (!product || product.parentId !== null) return null;
  return { product: view(product), variations: rows.filter((r) => r.id !== productId).map(view) };
}
