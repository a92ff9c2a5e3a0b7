import { createHash } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { purgeAbandonedGuestCarts } from '#app/domain/cart/cart.server.ts';
import { purgeExpiredNonces } from '#app/domain/api-keys/api-keys.server.ts';
import { cancelUnpaidOrders } from '#app/domain/orders/lifecycle.server.ts';
import { foldOrderStatusCounts } from '#app/domain/orders/admin-orders.server.ts';
import { purgeOldImports } from '#app/domain/catalog/product-import-uploads.server.ts';
import { refreshScheduledPrices } from '#app/domain/catalog/listing.server.ts';
import { purgeOldSubmissions } from '#app/domain/forms/forms.server.ts';
import { purgeOldUploads } from '#app/domain/forms/uploads.server.ts';
import { purgeLoginFailures } from '#app/domain/customers/throttle.server.ts';
import { purgeTokens } from '#app/domain/customers/tokens.server.ts';
import { type Database, type Tx, describe } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { purgeExpiredSessions } from '#app/lib/session.server.ts';
import { reconcileStripeOrders } from '#app/domain/payments/stripe/events.server.ts';
import { currentStripeSetup } from '#app/domain/payments/stripe-keys.server.ts';
import {
  endCancelledSubscriptions,
  renewDueSubscriptions,
} from '#app/domain/subscriptions/subscriptions.server.ts';
import { logger } from '#app/lib/log.server.ts';
import { runBackupJob } from './backup/backup.ts';
import { jobFailures, jobRunsTotal } from '#app/lib/metrics.server.ts';
import { type JobResult, type JobStatus, jobRuns } from './jobs.schema.ts';
import { loadShopName } from '#app/domain/settings/shop-name.server.ts';

export type JobContext = {
  /** The transaction that holds the job's lock; the job's writes commit with its record. */
  db: Tx;

  env: Env;
  /** Aborted when the shop shuts down; long jobs stop between batches. */
  signal: AbortSignal;
  /**
   * Work for after the job's transaction committed (mails): never for a run that failed or
   * was rolled back, so what it announces is what the database holds.
   */
  afterCommit: (work: () => Promise<void>) => void;
};

export type Job = {
  /** Stable: it keys the lock and the job_runs row. */
  name: string;
  everyMs: number;
  /**
   * 'outside': the run is claimed (lock, due check, start recorded) in a short transaction and
   * runs outside it, for jobs that wait on another service between writes (the card
   * provider): on the embedded database an open transaction blocks every other query, the
   * provider's sandbox included. Such a job keeps its own writes safe (claims, guards).
   */
  transaction?: 'outside';
  run(ctx: JobContext): Promise<JobResult | void>;
};

const HOUR = 3_600_000;
/** Under the runner's one-minute check, so each check runs it. */
const EVERY_CHECK = 50_000;

/** Every periodic job of the shop; a new one is one more entry here. */
export const JOBS: readonly Job[] = [
  {
    // Sale schedules start and end on their own; listings sort and filter by the price of now.
    name: 'refresh-scheduled-prices',
    everyMs: EVERY_CHECK,
    run: async ({ db }) => ({ products: await refreshScheduledPrices(db) }),
  },
  {
    // The order list's status counts: the deltas orders appended, folded to one row per status.
    name: 'fold-order-status-counts',
    everyMs: EVERY_CHECK,
    run: async ({ db }) => ({ statuses: await foldOrderStatusCounts(db) }),
  },
  {
    name: 'purge-expired-sessions',
    everyMs: HOUR,
    run: async ({ db }) => ({ sessions: await purgeExpiredSessions(db) }),
  },
  {
    name: 'purge-guest-carts',
    everyMs: HOUR,
    run: async ({ db }) => ({ carts: await purgeAbandonedGuestCarts(db) }),
  },
  {
    // Unpaid orders give their goods back after the configured hold time; the customer is told
    // once, through the outbox the cancellation queues its mail in.
    name: 'cancel-unpaid-orders',
    everyMs: 5 * 60_000,
    run: async ({ db }) => ({ orders: await cancelUnpaidOrders(db, new Date()) }),
  },
  {
    // Payments that succeeded at the provider while the shop never heard settle their order.
    name: 'reconcile-stripe-payments',
    everyMs: 5 * 60_000,
    transaction: 'outside',
    run: async ({ db, env }) => {
      const { checked, settled } = await reconcileStripeOrders(
        db,
        (await currentStripeSetup(env, db)).stripe,
      );
      return { checked, settled: settled.length };
    },
  },
  {
    // Due subscriptions are renewed and charged off-session with their kept method; each
    // subscription is claimed (SKIP LOCKED) before its charge, so instances never renew twice.
    // The renewal mails are queued with each renewal's change.
    name: 'renew-subscriptions',
    everyMs: EVERY_CHECK,
    transaction: 'outside',
    run: async ({ db, env }) => {
      const ended = await endCancelledSubscriptions(db);
      const outcomes = await renewDueSubscriptions(db, (await currentStripeSetup(env, db)).stripe);
      const count = (result: string) => outcomes.filter((o) => o.result === result).length;
      return { paid: count('paid'), failed: count('failed'), awaiting: count('awaiting'), ended };
    },
  },
  {
    // Account links and failed logins matter only for hours; nothing keeps them longer.
    name: 'purge-account-records',
    everyMs: HOUR,
    run: async ({ db }) => ({
      links: await purgeTokens(db),
      loginFailures: await purgeLoginFailures(db),
    }),
  },
  {
    // OAuth nonces matter only within the timestamp window; a key that is not used again
    // would otherwise keep its last ones for good.
    name: 'purge-api-key-nonces',
    everyMs: HOUR,
    run: async ({ db }) => ({ nonces: await purgeExpiredNonces(db) }),
  },
  {
    name: 'purge-form-submissions',
    everyMs: HOUR,
    run: async ({ db, env }) => ({
      submissions: await purgeOldSubmissions(db),
      uploads: await purgeOldUploads(path.resolve(env.DATA_DIR, 'uploads')),
    }),
  },
  {
    // Product CSVs uploaded in the back office are kept for a day.
    name: 'purge-product-imports',
    everyMs: HOUR,
    run: async ({ db }) => ({ imports: await purgeOldImports(db) }),
  },
  {
    // A consistent backup a day into BACKUP_DIR (unset: none), keeping the last BACKUP_KEEP.
    name: 'backup',
    everyMs: 24 * HOUR,
    transaction: 'outside',
    run: async ({ db, env }) => runBackupJob(db as Database, env),
  },
];

/** ok / failed: this instance ran it; locked: another instance is running it; not-due: ran recently. */
export type JobOutcome = JobStatus | 'locked' | 'not-due';

export type JobAttempt = { outcome: JobOutcome; error?: string; result?: JobResult | null };

const MAX_ERROR_LENGTH = 500;

/** One line: the database's own message rather than the ORM's "Failed query: …" wrapper. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return describe(cause).slice(0, MAX_ERROR_LENGTH);
}

/** A stable 64-bit advisory lock key per job name, the same in every instance and release. */
export function jobLockKey(name: string): string {
  return createHash('sha256').update(`job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs the job if no instance has started it within its interval. The whole run happens in
 * one transaction holding the job's advisory lock: a second instance either fails to take
 * the lock or, once the first has committed, finds the fresh record. Transaction-scoped, so
 * it is right on a pool (the transaction owns one connection) and on the single-connection
 * embedded database, and a crashed instance leaves no lock behind.
 */
export async function runJobIfDue(
  db: Database,
  job: Job,
  context: Omit<JobContext, 'db' | 'afterCommit'>,
): Promise<JobAttempt> {
  const committed: (() => Promise<void>)[] = [];
  const attempt = await runLocked(db, job, {
    ...context,
    afterCommit: (work) => committed.push(work),
  });
  if (attempt.outcome === 'ok') {
    for (const work of committed) {
      try {
        await work();
      } catch (error) {
        logger.error(`job ${job.name}: after commit: ${describeFailure(error)}`);
      }
    }
  }
  return attempt;
}

async function runLocked(
  db: Database,
  job: Job,
  context: Omit<JobContext, 'db'>,
): Promise<JobAttempt> {
  if (job.transaction === 'outside') return runClaimedJob(db, job, context);
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${jobLockKey(job.name)}::bigint) as locked`,
    );
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) {
      return { outcome: 'locked' };
    }
    // Database time, not this machine's: instances with skewed clocks agree on what is due.
    const [last] = await tx
      .select({
        recent: sql<boolean>`${jobRuns.lastStartedAt} > now() - ${job.everyMs} * interval '1 millisecond'`,
      })
      .from(jobRuns)
      .where(eq(jobRuns.name, job.name));
    if (last?.recent) return { outcome: 'not-due' };

    let record: { lastStatus: JobStatus; lastError: string | null; lastResult: JobResult | null };
    try {
      // A savepoint: a failed job's writes are undone, its failure is still recorded.
      const result = await tx.transaction((savepoint) => job.run({ ...context, db: savepoint }));
      record = { lastStatus: 'ok', lastError: null, lastResult: result ?? null };
    } catch (error) {
      record = {
        lastStatus: 'failed',
        lastError: describeFailure(error),
        lastResult: null,
      };
    }
    // now() is the transaction's start, which is the run's start.
    const times = { lastStartedAt: sql`now()`, lastFinishedAt: sql`clock_timestamp()` };
    await tx
      .insert(jobRuns)
      .values({ name: job.name, ...times, ...record })
      .onConflictDoUpdate({ target: jobRuns.name, set: { ...times, ...record } });
    return {
      outcome: record.lastStatus,
      error: record.lastError ?? undefined,
      result: record.lastResult,
    };
  });
}

/** A job that runs outside the lock's transaction: the start is claimed first, then recorded. */
async function runClaimedJob(
  db: Database,
  job: Job,
  context: Omit<JobContext, 'db'>,
): Promise<JobAttempt> {
  const claimed = await db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${jobLockKey(job.name)}::bigint) as locked`,
    );
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 'locked';
    const [last] = await tx
      .select({
        recent: sql<boolean>`${jobRuns.lastStartedAt} > now() - ${job.everyMs} * interval '1 millisecond'`,
      })
      .from(jobRuns)
      .where(eq(jobRuns.name, job.name));
    if (last?.recent) return 'not-due';
    // The start is recorded before the run: another instance now finds it not due.
    const started = { lastStartedAt: sql`now()`, lastStatus: 'ok' as const };
    await tx
      .insert(jobRuns)
      .values({ name: job.name, ...started })
      .onConflictDoUpdate({ target: jobRuns.name, set: started });
    return 'claimed';
  });
  if (claimed !== 'claimed') return { outcome: claimed };
  let record: { lastStatus: JobStatus; lastError: string | null; lastResult: JobResult | null };
  try {
    const result = await job.run({ ...context, db });
    record = { lastStatus: 'ok', lastError: null, lastResult: result ?? null };
  } catch (error) {
    record = { lastStatus: 'failed', lastError: describeFailure(error), lastResult: null };
  }
  await db
    .update(jobRuns)
    .set({ ...record, lastFinishedAt: sql`clock_timestamp()` })
    .where(eq(jobRuns.name, job.name));
  return {
    outcome: record.lastStatus,
    error: record.lastError ?? undefined,
    result: record.lastResult,
  };
}

export type JobRunnerOptions = {
  db: Database;
  env: Env;
  jobs?: readonly Job[];
  /** Delay of the first check after start: soon, so a shop that restarts often still purges. */
  firstCheckMs?: number;
  /** How often the instance looks for due jobs; each check is a few short queries. */
  checkEveryMs?: number;
  /** How long close() waits for a job in progress. */
  closeTimeoutMs?: number;
  log?: (line: string) => void;
  /** Schedules a callback and returns its cancel function; tests pass their own. */
  setTimer?: (callback: () => void, ms: number) => () => void;
};

/** One line and the metrics per run; checks that found the job locked or not due only at debug. */
function logJobRun(job: string, outcome: JobOutcome, ms: number, result?: JobResult | null) {
  jobRunsTotal.inc({ job, outcome });
  if (outcome === 'failed') jobFailures.inc({ job });
  const ran = outcome === 'ok' || outcome === 'failed';
  logger[ran ? 'info' : 'debug'](
    { job, outcome, ms: Math.round(ms), ...(result ? { result } : {}) },
    'job run',
  );
}

/** An unref'ed timer: a pending check never keeps the process alive. */
function setUnrefTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

export type JobRunner = {
  /** Runs every due job once, one after another; a failure does not stop the others. */
  runDue(): Promise<Record<string, JobOutcome>>;
  /** Stops the timer and waits (bounded) for a job in progress. */
  close(): Promise<void>;
};

export function startJobRunner({
  db,
  env,
  jobs = JOBS,
  firstCheckMs = 5_000,
  checkEveryMs = 60_000,
  closeTimeoutMs = 10_000,
  log = (line) => logger.error(line),
  setTimer = setUnrefTimer,
}: JobRunnerOptions): JobRunner {
  const abort = new AbortController();
  let cancelTimer = () => {};
  let current: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function runAll(): Promise<Record<string, JobOutcome>> {
    const outcomes: Record<string, JobOutcome> = {};
    // Mails and documents name the shop as its settings say now; a failed read keeps the last.
    await loadShopName(db).catch(() => {});
    for (const job of jobs) {
      if (abort.signal.aborted) break;
      const started = performance.now();
      try {
        const { outcome, error, result } = await runJobIfDue(db, job, {
          env,
          signal: abort.signal,
        });
        outcomes[job.name] = outcome;
        logJobRun(job.name, outcome, performance.now() - started, result);
        if (error) log(`job ${job.name} failed (retried in its next interval): ${error}`);
      } catch (error) {
        // The database itself failed, not the job: nothing was recorded, the next check retries.
        outcomes[job.name] = 'failed';
        logJobRun(job.name, 'failed', performance.now() - started);
        log(`job ${job.name} could not run: ${describe(error)}`);
      }
    }
    return outcomes;
  }

  function runDue(): Promise<Record<string, JobOutcome>> {
    const run = current.then(runAll);
    current = run.catch(() => {});
    return run;
  }

  function schedule(ms: number) {
    if (closed) return;
    cancelTimer = setTimer(() => {
      cancelTimer = () => {};
      void runDue()
        .catch(() => {})
        .finally(() => schedule(checkEveryMs));
    }, ms);
  }

  schedule(firstCheckMs);

  return {
    runDue,
    async close() {
      if (closed) return;
      closed = true;
      cancelTimer();
      abort.abort();
      let cancelBound = () => {};
      await Promise.race([
        current,
        new Promise<void>((resolve) => {
          cancelBound = setTimer(() => {
            log(
              `jobs: a job was still running after ${closeTimeoutMs / 1000} s; not waiting longer`,
            );
            resolve();
          }, closeTimeoutMs);
        }),
      ]);
      cancelBound();
    },
  };
}
