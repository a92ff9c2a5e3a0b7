import { type SQL, and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '#app/domain/kernel/tx.ts';
import { type OutboxRow, outbox } from './outbox.schema.ts';

export type OutboxEntry = {
  kind: string;
  orderId?: number | null;
  payload?: Record<string, unknown>;
  /** An entry whose key was queued before is dropped: the effect happens once. */
  dedupeKey?: string | null;
};

/** Queues effects in the caller's transaction; they run only if it commits. Returns their ids. */
export async function enqueue(tx: Tx, ...entries: OutboxEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      entries.map((e) => ({
        kind: e.kind,
        orderId: e.orderId ?? null,
        payload: e.payload ?? {},
        dedupeKey: e.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/**
 * Queues `entries` and, in the same statement, the rows `beside` selects (kind, payload,
 * dedupe_key), whose keys drop repeats as `enqueue` does. Returns the entries' ids and kinds,
 * in the entries' order.
 */
export async function enqueueBeside(
  tx: Tx,
  beside: SQL,
  entries: readonly OutboxEntry[],
): Promise<{ id: number; kind: string }[]> {
  const besideInsert = sql`insert into ${outbox} (kind, payload, dedupe_key) ${beside}
    on conflict (dedupe_key) do nothing`;
  if (entries.length === 0) {
    await tx.execute(besideInsert);
    return [];
  }
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${e.kind}, ${e.orderId ?? null}::int, ${JSON.stringify(e.payload ?? {})}::jsonb, ${e.dedupeKey ?? null}::text)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string | number; kind: string }>(
    tx,
    sql`with beside as (${besideInsert})
      insert into ${outbox} (kind, order_id, payload, dedupe_key) values ${values}
      on conflict do nothing
      returning id, kind`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind }));
}

/** Told of committed work; resolves once the `now` entries are carried out. */
const LISTENERS = Symbol.for('ladenzeile.outbox.listeners');

type OutboxListener = (db: Tx, now: readonly number[]) => Promise<void> | void;

// One set per process: the page build and the server entry each bundle this module.
const registry = globalThis as { [LISTENERS]?: Set<OutboxListener> };
const listeners = (registry[LISTENERS] ??= new Set<OutboxListener>());

/** The worker of this process listens, so committed work starts at once, not at the next poll. */
export function onOutboxWork(listener: OutboxListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called after a commit that queued work. `now` names entries whose effect the caller's next
 * step depends on (the subscriptions of a paid order): they are carried out before this
 * resolves, still through the outbox, so a crash in between leaves them queued.
 */
export async function signalOutbox(db: Tx, now: readonly number[] = []): Promise<void> {
  await Promise.all([...listeners].map((listener) => listener(db, now)));
}

/** How long a claimed entry belongs to its worker before another may take it over. */
export const LEASE_MS = 60_000;
/** After this many failures an entry stays, with its error, for the shop's staff to see. */
export const MAX_ATTEMPTS = 8;

/** Waits after the n-th failure: 10 s, 40 s, 90 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * attempts * attempts);
}

/**
 * Claims due entries for this worker, oldest first; entries another worker holds are skipped,
 * so instances never run the same one at the same time. A lapsed lease (a worker that died)
 * makes the entry due again.
 */
export async function claimOutbox(
  db: Tx,
  limit = 20,
  only?: readonly number[],
): Promise<OutboxRow[]> {
  if (only && only.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          only ? inArray(outbox.id, [...only]) : undefined,
          isNull(outbox.doneAt),
          lte(outbox.runAfter, sql`now()`),
          or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, sql`now()`)),
          sql`${outbox.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(outbox.runAfter), asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(outbox)
      .set({
        leaseUntil: sql`now() + ${LEASE_MS} * interval '1 millisecond'`,
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  });
}

/**
 * The entry's effect happened; `more` are queued in the same transaction. With `claim` they are
 * queued claimed by this worker (as `claimOutbox` would), and returned for it to carry out.
 */
export async function completeOutbox(
  db: Tx,
  entry: Pick<OutboxRow, 'id'>,
  more: OutboxEntry[] = [],
  { claim = false }: { claim?: boolean } = {},
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    let claimed: OutboxRow[] = [];
    if (claim && more.length > 0) {
      claimed = await tx
        .insert(outbox)
        .values(
          more.map((e) => ({
            kind: e.kind,
            orderId: e.orderId ?? null,
            payload: e.payload ?? {},
            dedupeKey: e.dedupeKey ?? null,
            leaseUntil: sql`now() + ${LEASE_MS} * interval '1 millisecond'`,
            attempts: 1,
          })),
        )
        .onConflictDoNothing()
        .returning();
    } else {
      await enqueue(tx, ...more);
    }
    await tx
      .update(outbox)
      .set({ doneAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(outbox.id, entry.id));
    return claimed.sort((a, b) => a.id - b.id);
  });
}

/** The effect failed: it is tried again later, with its error kept. */
export async function failOutbox(
  db: Tx,
  entry: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      leaseUntil: null,
      lastError: error.slice(0, 500),
      runAfter: sql`now() + ${retryDelayMs(entry.attempts)} * interval '1 millisecond'`,
    })
    .where(eq(outbox.id, entry.id));
}

/** Entries not yet done (the backlog), for health figures and tests. */
export async function outboxBacklog(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(isNull(outbox.doneAt));
  return Number(row?.n ?? 0);
}

/** Which of these entries are done. */
export async function doneOutbox(db: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.id, [...ids]), isNotNull(outbox.doneAt)));
  return new Set(rows.map((r) => r.id));
}

export function orderOutbox(db: Tx, orderId: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id));
}
