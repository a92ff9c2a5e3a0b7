import { setTimeout as wait } from 'node:timers/promises';
import {
  claimOutbox,
  completeOutbox,
  doneOutbox,
  failOutbox,
  onOutboxWork,
} from '#app/domain/orders/outbox.server.ts';
import type { OutboxRow } from '#app/domain/orders/outbox.schema.ts';
import { EFFECTS, type Effect } from '#app/http/outbox/effects.server.ts';
import { type Database, describe } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { logger } from '#app/lib/log.server.ts';

export type OutboxContext = { db: Database; env: Env };
type Effects = Readonly<Record<string, Effect>>;

/**
 * Carries out every due entry of the outbox, oldest first, until none is left (or `rounds`
 * batches ran). An entry is marked done after its effect, in the transaction that queues its
 * follow-ups; one that fails is tried again later with its error kept.
 */
export async function drainOutbox(
  ctx: OutboxContext,
  effects: Effects = EFFECTS,
  {
    batch = 20,
    rounds = 50,
    signal,
  }: { batch?: number; rounds?: number; signal?: AbortSignal } = {},
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (let round = 0; round < rounds && !signal?.aborted; round += 1) {
    const queue = await claimOutbox(ctx.db, batch);
    if (queue.length === 0) break;
    // An entry's follow-ups come back claimed with its completion and are carried out next.
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const more = await carryOut(ctx, effects, entry, true);
      if (more) {
        done += 1;
        queue.push(...more);
      } else failed += 1;
    }
  }
  return { done, failed };
}

/** Null when the effect failed; otherwise the follow-ups it queued claimed (with `claim`). */
async function carryOut(
  ctx: OutboxContext,
  effects: Effects,
  entry: OutboxRow,
  claim = false,
): Promise<OutboxRow[] | null> {
  const effect = effects[entry.kind];
  try {
    if (!effect) throw new Error(`no effect for "${entry.kind}"`);
    const more = await effect({ db: ctx.db, env: ctx.env }, entry);
    return await completeOutbox(ctx.db, entry, more ?? [], { claim });
  } catch (error) {
    // Mail servers name the recipient in their refusals: the log keeps no addresses.
    const message = describe(error).replace(/[^\s<>"@]+@[^\s<>"]+/g, '[address]');
    logger.warn(
      { kind: entry.kind, entry: entry.id, attempt: entry.attempts, error: message },
      'outbox effect failed',
    );
    await failOutbox(ctx.db, entry, message).catch(() => {});
    return null;
  }
}

/** How long a caller waits for an entry another worker of the shop is carrying out. */
const CLAIMED_ELSEWHERE_WAIT_MS = 5_000;

/**
 * Carries out the named entries now, for a caller whose next step depends on them; one that
 * another worker holds is waited for (bounded), one that fails stays queued for its retry.
 */
export async function runOutboxNow(
  ctx: OutboxContext,
  ids: readonly number[],
  effects: Effects = EFFECTS,
): Promise<void> {
  const claimed = await claimOutbox(ctx.db, ids.length, ids);
  for (const entry of claimed) await carryOut(ctx, effects, entry);
  let waiting = ids.filter((id) => !claimed.some((c) => c.id === id));
  for (let waited = 0; waiting.length > 0 && waited < CLAIMED_ELSEWHERE_WAIT_MS; waited += 50) {
    const done = await doneOutbox(ctx.db, waiting);
    waiting = waiting.filter((id) => !done.has(id));
    if (waiting.length > 0) await wait(50);
  }
}

export type OutboxWorker = { drain(): Promise<void>; close(): Promise<void> };

/**
 * Runs the outbox when this instance queues work (at once, after the commit) and every few
 * seconds for work queued by other instances, retries that came due, and entries whose worker
 * died. One drain at a time per instance; instances share the work through row claims.
 */
export function startOutboxWorker(
  ctx: OutboxContext,
  {
    poll = true,
    pollMs = 5_000,
    effects = EFFECTS,
  }: { poll?: boolean; pollMs?: number; effects?: Effects } = {},
): OutboxWorker {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const drain = (): Promise<void> => {
    if (abort.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(ctx, effects, { signal: abort.signal });
        } catch (error) {
          logger.error({ error: describe(error) }, 'outbox drain failed');
        }
      } while (again && !abort.signal.aborted);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const stopListening = onOutboxWork(async (db, now) => {
    // Only this shop's database: a process may hold several (tests).
    if (db !== ctx.db) return;
    if (now.length > 0 && !abort.signal.aborted) await runOutboxNow(ctx, now, effects);
    // The rest after the caller's own work: the request answers first.
    setImmediate(() => void drain());
  });
  const timer = poll ? setInterval(() => void drain(), pollMs) : undefined;
  timer?.unref();
  if (poll) void drain();
  return {
    drain,
    close: async () => {
      abort.abort();
      stopListening();
      clearInterval(timer);
      await running;
    },
  };
}
