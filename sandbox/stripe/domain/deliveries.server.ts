import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/lib/db.server.ts';
import { stripeSandboxDeliveries, stripeSandboxObjects } from './sandbox.schema.ts';

/** While one instance sends a delivery, others leave it alone for this long. */
const LEASE_MS = 30_000;
/** After this many failed attempts a delivery is held (visible to the control call). */
export const MAX_ATTEMPTS = 12;

export type ClaimedDelivery = { id: number; eventId: string; payload: string; attempts: number };

/**
 * Claims due deliveries for this instance (SKIP LOCKED, then a lease), so several instances
 * never send the same attempt twice and a crashed one's claims come due again.
 */
export async function claimDueDeliveries(db: Database, limit = 20): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: stripeSandboxDeliveries.id })
      .from(stripeSandboxDeliveries)
      .where(
        and(
          isNull(stripeSandboxDeliveries.deliveredAt),
          eq(stripeSandboxDeliveries.held, false),
          sql`${stripeSandboxDeliveries.nextAttemptAt} <= now()`,
        ),
      )
      .orderBy(asc(stripeSandboxDeliveries.nextAttemptAt), asc(stripeSandboxDeliveries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(stripeSandboxDeliveries)
      .set({
        nextAttemptAt: sql`now() + ${LEASE_MS} * interval '1 millisecond'`,
        attempts: sql`${stripeSandboxDeliveries.attempts} + 1`,
      })
      .where(inArray(stripeSandboxDeliveries.id, ids));
    const rows = await tx
      .select({
        id: stripeSandboxDeliveries.id,
        eventId: stripeSandboxDeliveries.eventId,
        attempts: stripeSandboxDeliveries.attempts,
        data: stripeSandboxObjects.data,
      })
      .from(stripeSandboxDeliveries)
      .innerJoin(stripeSandboxObjects, eq(stripeSandboxObjects.id, stripeSandboxDeliveries.eventId))
      .where(inArray(stripeSandboxDeliveries.id, ids))
      .orderBy(asc(stripeSandboxDeliveries.nextAttemptAt), asc(stripeSandboxDeliveries.id));
    // Order of claiming (due time, then id) is the order of sending.
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      attempts: r.attempts,
      payload: JSON.stringify(r.data, null, 2),
    }));
  });
}

export async function markDelivered(db: Database, id: number, status: number): Promise<void> {
  await db
    .update(stripeSandboxDeliveries)
    .set({ deliveredAt: sql`now()`, lastStatus: status, lastError: null })
    .where(eq(stripeSandboxDeliveries.id, id));
}

/** Backoff doubling from 1 s, at most 5 minutes; held after MAX_ATTEMPTS. */
export async function markFailed(
  db: Database,
  delivery: ClaimedDelivery,
  status: number | null,
  error: string,
): Promise<void> {
  const backoff = Math.min(2 ** (delivery.attempts - 1) * 1000, 300_000);
  await db
    .update(stripeSandboxDeliveries)
    .set({
      lastStatus: status,
      lastError: error.slice(0, 500),
      held: delivery.attempts >= MAX_ATTEMPTS,
      nextAttemptAt: sql`now() + ${backoff} * interval '1 millisecond'`,
    })
    .where(eq(stripeSandboxDeliveries.id, delivery.id));
}

/** Makes every waiting delivery due now (held ones too), newest first when reversed. */
export async function releaseDeliveries(db: Database, reverse: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: stripeSandboxDeliveries.id })
      .from(stripeSandboxDeliveries)
      .where(isNull(stripeSandboxDeliveries.deliveredAt))
      .orderBy(asc(stripeSandboxDeliveries.id))
      .for('update', { skipLocked: true });
    const ordered = reverse ? [...rows].reverse() : rows;
    // Due times a millisecond apart in the wanted order, all in the past.
    for (const [i, row] of ordered.entries()) {
      await tx
        .update(stripeSandboxDeliveries)
        .set({
          held: false,
          nextAttemptAt: sql`now() - ${(ordered.length - i) * 1000} * interval '1 microsecond'`,
        })
        .where(eq(stripeSandboxDeliveries.id, row.id));
    }
    return rows.length;
  });
}

/** Milliseconds until the next delivery or delayed transition is due, or null for none. */
export async function nextDueInMs(db: Database): Promise<number | null> {
  // `greatest` skips nulls: the null check comes first, or an empty queue would read as due now.
  const result = await db.execute(sql`
    select case when next_at is null then null
      else greatest(0, extract(epoch from (next_at - now())) * 1000)::float8 end as ms
    from (select least(
      (select min(${stripeSandboxDeliveries.nextAttemptAt}) from ${stripeSandboxDeliveries}
        where ${stripeSandboxDeliveries.deliveredAt} is null and not ${stripeSandboxDeliveries.held}),
      (select min(${stripeSandboxObjects.advanceAt}) from ${stripeSandboxObjects})
    ) as next_at) as next`);
  const ms = (result as unknown as { rows: { ms: number | null }[] }).rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

export type DeliveryState = {
  eventId: string;
  type: string;
  attempts: number;
  delivered: boolean;
  held: boolean;
  lastStatus: number | null;
  lastError: string | null;
};

/** The delivery log, oldest first (for tests). */
export async function deliveryLog(db: Database, limit = 200): Promise<DeliveryState[]> {
  const rows = await db
    .select({
      eventId: stripeSandboxDeliveries.eventId,
      attempts: stripeSandboxDeliveries.attempts,
      deliveredAt: stripeSandboxDeliveries.deliveredAt,
      held: stripeSandboxDeliveries.held,
      lastStatus: stripeSandboxDeliveries.lastStatus,
      lastError: stripeSandboxDeliveries.lastError,
      data: stripeSandboxObjects.data,
    })
    .from(stripeSandboxDeliveries)
    .innerJoin(stripeSandboxObjects, eq(stripeSandboxObjects.id, stripeSandboxDeliveries.eventId))
    .orderBy(asc(stripeSandboxDeliveries.id))
    .limit(limit);
  return rows.map((r) => ({
    eventId: r.eventId,
    type: String((r.data as { type?: string }).type),
    attempts: r.attempts,
    delivered: r.deliveredAt !== null,
    held: r.held,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
  }));
}
