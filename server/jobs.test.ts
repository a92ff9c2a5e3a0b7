import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactForms, formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { SUBMISSION_RETENTION } from '#app/domain/forms/forms.server.ts';
import { UPLOAD_RETENTION_MS } from '#app/domain/forms/uploads.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { apiKeyNonces, apiKeys } from '#app/domain/api-keys/api-keys.schema.ts';
import {
  customerTokens,
  customers,
  loginFailures,
} from '#app/domain/customers/customers.schema.ts';
import { type DatabaseHandle, openDatabase } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import { openTestDatabase } from '../tests/support/database.ts';
import { type Job, JOBS, type JobRunner, runJobIfDue, startJobRunner } from './jobs.ts';
import { jobRuns } from './jobs.schema.ts';

const HOUR = 3_600_000;
const env = parseEnv({ DATA_DIR: '/tmp/shop-jobs-test', SESSION_SECRET: 'a'.repeat(40) });

let handle: DatabaseHandle;
const runners: JobRunner[] = [];
let names = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await handle.close();
});

/** A job with a name of its own, counting its runs. */
function countingJob(run: Job['run'] = async () => ({ done: 1 })) {
  const job = {
    name: `test-job-${++names}`,
    everyMs: HOUR,
    runs: 0,
    run: async (ctx: Parameters<Job['run']>[0]) => {
      job.runs++;
      return run(ctx);
    },
  };
  return job;
}

/** Timers the test fires itself, to see what a runner leaves scheduled. */
function manualTimers() {
  const scheduled = new Set<{ callback: () => void; ms: number }>();
  return {
    set(callback: () => void, ms: number) {
      const entry = { callback, ms };
      scheduled.add(entry);
      return () => void scheduled.delete(entry);
    },
    pending: () => [...scheduled].map((e) => e.ms),
    fire() {
      for (const entry of [...scheduled]) {
        scheduled.delete(entry);
        entry.callback();
      }
    },
  };
}

/** A runner whose timer does not fire during the test; the test calls runDue itself. */
function runner(jobs: readonly Job[], db = handle.db, log: (line: string) => void = () => {}) {
  const r = startJobRunner({ db, env, jobs, firstCheckMs: HOUR, log });
  runners.push(r);
  return r;
}

async function recordOf(name: string) {
  const [row] = await handle.db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return row;
}

/** Moves a job's last start back by the given time, as if it had run that long ago. */
async function age(name: string, ms: number) {
  await handle.db
    .update(jobRuns)
    .set({ lastStartedAt: sql`${jobRuns.lastStartedAt} - ${ms} * interval '1 millisecond'` })
    .where(eq(jobRuns.name, name));
}

describe('job runner', () => {
  it('runs a due job and records its run and result', async () => {
    const job = countingJob();
    expect(await runner([job]).runDue()).toEqual({ [job.name]: 'ok' });
    expect(job.runs).toBe(1);
    const record = await recordOf(job.name);
    expect(record).toMatchObject({ lastStatus: 'ok', lastError: null, lastResult: { done: 1 } });
    expect(record!.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(
      record!.lastStartedAt.getTime(),
    );
  });

  it('skips a job that any runner started within its interval, and runs it once it is due', async () => {
    const job = countingJob();
    await runner([job]).runDue();
    expect(await runner([job]).runDue()).toEqual({ [job.name]: 'not-due' });
    expect(job.runs).toBe(1);

    await age(job.name, HOUR / 2);
    expect(await runner([job]).runDue()).toEqual({ [job.name]: 'not-due' });
    await age(job.name, HOUR / 2);
    expect(await runner([job]).runDue()).toEqual({ [job.name]: 'ok' });
    expect(job.runs).toBe(2);
  });

  it('records a failing job as failed, undoes its writes, logs one line and runs the others', async () => {
    const failing = countingJob(async ({ db }) => {
      await db.insert(sessions).values({ idHash: 'from-failing-job', expiresAt: new Date() });
      throw new Error(`purge broke\n${'    at somewhere\n'.repeat(5)}`);
    });
    const healthy = countingJob();
    const brokenQuery = countingJob(async ({ db }) => {
      await db.execute(sql`select * from no_such_table`);
    });
    const lines: string[] = [];
    const outcomes = await runner([failing, brokenQuery, healthy], handle.db, (l) =>
      lines.push(l),
    ).runDue();

    expect(outcomes).toEqual({
      [failing.name]: 'failed',
      [brokenQuery.name]: 'failed',
      [healthy.name]: 'ok',
    });
    expect(await recordOf(failing.name)).toMatchObject({
      lastStatus: 'failed',
      lastError: 'purge broke',
      lastResult: null,
    });
    expect(await recordOf(healthy.name)).toMatchObject({ lastStatus: 'ok' });
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.idHash, 'from-failing-job')),
    ).toEqual([]);
    expect(lines).toEqual([
      `job ${failing.name} failed (retried in its next interval): purge broke`,
      `job ${brokenQuery.name} failed (retried in its next interval): relation "no_such_table" does not exist`,
    ]);

    // Retried at its next interval, not before.
    expect(await runner([failing]).runDue()).toEqual({ [failing.name]: 'not-due' });
    await age(failing.name, HOUR);
    expect(await runner([failing]).runDue()).toEqual({ [failing.name]: 'failed' });
    expect(failing.runs).toBe(2);
  });

  it('runs a job exactly once when two instances check at the same moment', async () => {
    const job = countingJob();
    const outcomes = await Promise.all([runner([job]).runDue(), runner([job]).runDue()]);
    expect(job.runs).toBe(1);
    // The embedded database runs one transaction at a time, so the second always finds the record.
    expect(outcomes.map((o) => o[job.name]).sort()).toEqual([
      handle.kind === 'pglite' ? 'not-due' : expect.stringMatching(/^(locked|not-due)$/),
      'ok',
    ]);
  });

  it('checks shortly after start on its own and leaves no timer behind after close', async () => {
    const timers = manualTimers();
    let ran!: () => void;
    const first = new Promise<void>((resolve) => (ran = resolve));
    const job = countingJob(async () => {
      ran();
      return { done: 1 };
    });
    const r = startJobRunner({
      db: handle.db,
      env,
      jobs: [job],
      firstCheckMs: 1000,
      checkEveryMs: 60_000,
      setTimer: timers.set,
    });
    runners.push(r);
    expect(timers.pending()).toEqual([1000]);
    expect(job.runs).toBe(0);

    timers.fire();
    await first;
    // Queued behind the timer's check, so that check and its rescheduling are done after it.
    await r.runDue();
    expect(timers.pending()).toEqual([60_000]);

    await r.close();
    expect(timers.pending()).toEqual([]);
    expect(job.runs).toBe(1);
  });

  it('waits on close for a job in progress, but only as long as its bound', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const job = countingJob(async ({ signal }) => {
      started();
      await gate;
      return { aborted: signal.aborted };
    });
    const r = runner([job]);
    const run = r.runDue();
    await running;
    const events: string[] = [];
    const closing = r.close().then(() => events.push('closed'));
    void run.then(() => events.push('job finished'));
    // One turn of the event loop: a close that did not wait would be done by then.
    await new Promise((resolve) => setImmediate(resolve));
    const beforeRelease = [...events];
    release();
    await closing;
    expect(beforeRelease).toEqual([]);
    expect(events).toEqual(['job finished', 'closed']);
    expect(await run).toEqual({ [job.name]: 'ok' });
    expect(await recordOf(job.name)).toMatchObject({ lastResult: { aborted: true } });

    let releaseStuck!: () => void;
    const stuckGate = new Promise<void>((resolve) => (releaseStuck = resolve));
    let stuckStarted!: () => void;
    const stuckRunning = new Promise<void>((resolve) => (stuckStarted = resolve));
    const stuck = countingJob(async () => {
      stuckStarted();
      await stuckGate;
    });
    const lines: string[] = [];
    const s = startJobRunner({
      db: handle.db,
      env,
      jobs: [stuck],
      firstCheckMs: HOUR,
      closeTimeoutMs: 20,
      log: (l) => lines.push(l),
    });
    runners.push(s);
    const stuckRun = s.runDue();
    await stuckRunning;
    await s.close();
    expect(lines).toEqual(['jobs: a job was still running after 0.02 s; not waiting longer']);
    releaseStuck();
    await stuckRun;
  });

  it('registers the price refresh at every check and the purges hourly, each under a name of its own', () => {
    expect(JOBS.map((j) => [j.name, j.everyMs])).toEqual([
      ['refresh-scheduled-prices', 50_000],
      ['fold-order-status-counts', 50_000],
      ['purge-expired-sessions', HOUR],
      ['purge-guest-carts', HOUR],
      ['cancel-unpaid-orders', 5 * 60_000],
      ['reconcile-stripe-payments', 5 * 60_000],
      ['renew-subscriptions', 50_000],
      ['purge-account-records', HOUR],
      ['purge-api-key-nonces', HOUR],
      ['purge-form-submissions', HOUR],
      ['purge-product-imports', HOUR],
      ['backup', 24 * HOUR],
    ]);
  });

  it('runs a job outside the lock’s transaction once per interval, other queries going on meanwhile', async () => {
    let runs = 0;
    const job: Job = {
      name: 'outside-test',
      everyMs: HOUR,
      transaction: 'outside',
      run: async ({ db }) => {
        runs += 1;
        // Another query of the same database while the job runs: no transaction holds it.
        await Promise.all([db.execute(sql`select 1`), handle.db.execute(sql`select 2`)]);
        return { runs };
      },
    };
    const signal = new AbortController().signal;
    expect((await runJobIfDue(handle.db, job, { env, signal })).outcome).toBe('ok');
    expect((await runJobIfDue(handle.db, job, { env, signal })).outcome).toBe('not-due');
    expect(runs).toBe(1);
    expect(await recordOf('outside-test')).toMatchObject({
      lastStatus: 'ok',
      lastResult: { runs: 1 },
    });
  });

  it('purges expired sessions through the registered job', async () => {
    await handle.db
      .insert(sessions)
      .values({ idHash: 'expired-for-job', expiresAt: new Date(Date.now() - 1000) });
    const job = JOBS.find((j) => j.name === 'purge-expired-sessions')!;
    await runJobIfDue(handle.db, job, { env, signal: new AbortController().signal });
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.idHash, 'expired-for-job')),
    ).toEqual([]);
    expect((await recordOf(job.name))?.lastStatus).toBe('ok');
  });

  it('purges spent account links and old failed logins through the registered job', async () => {
    const [customer] = await handle.db
      .insert(customers)
      .values({ email: `jobs-${Date.now()}@example.com` })
      .returning({ id: customers.id });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await handle.db.insert(customerTokens).values([
      { customerId: customer!.id, purpose: 'reset', tokenHash: 'spent', expiresAt: twoDaysAgo },
      {
        customerId: customer!.id,
        purpose: 'reset',
        tokenHash: 'live',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    await handle.db.insert(loginFailures).values([
      { scope: 'address', subject: 'old', at: twoDaysAgo },
      { scope: 'address', subject: 'recent' },
    ]);
    const job = JOBS.find((j) => j.name === 'purge-account-records')!;
    await runJobIfDue(handle.db, job, { env, signal: new AbortController().signal });
    expect(await recordOf(job.name)).toMatchObject({
      lastStatus: 'ok',
      lastResult: { links: 1, loginFailures: 1 },
    });
    const left = await handle.db.select({ hash: customerTokens.tokenHash }).from(customerTokens);
    expect(left.map((t) => t.hash)).toEqual(['live']);
  });

  it('forgets expired OAuth nonces through the registered job, keeping live ones', async () => {
    const [owner] = await handle.db
      .insert(customers)
      .values({ email: `nonces-${Date.now()}@example.com`, role: 'shop_manager' })
      .returning({ id: customers.id });
    const [key] = await handle.db
      .insert(apiKeys)
      .values({
        customerId: owner!.id,
        permissions: 'read',
        consumerKeyHash: `hash-${owner!.id}`,
        truncatedKey: 'abcdefg',
        secretEncrypted: 'x.y.z',
      })
      .returning({ id: apiKeys.id });
    const seconds = Math.floor(Date.now() / 1000);
    await handle.db.insert(apiKeyNonces).values([
      {
        keyId: key!.id,
        nonce: 'old',
        timestamp: seconds - 3600,
        expiresAt: new Date(Date.now() - 1000),
      },
      {
        keyId: key!.id,
        nonce: 'live',
        timestamp: seconds,
        expiresAt: new Date(Date.now() + 900_000),
      },
    ]);
    const job = JOBS.find((j) => j.name === 'purge-api-key-nonces')!;
    await runJobIfDue(handle.db, job, { env, signal: new AbortController().signal });
    expect(await recordOf(job.name)).toMatchObject({ lastStatus: 'ok', lastResult: { nonces: 1 } });
    const left = await handle.db
      .select({ nonce: apiKeyNonces.nonce })
      .from(apiKeyNonces)
      .where(eq(apiKeyNonces.keyId, key!.id));
    expect(left).toEqual([{ nonce: 'live' }]);
  });

  it('purges old form submissions and uploads through the registered job', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-jobs-'));
    try {
      const uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads);
      const old = new Date(Date.now() - UPLOAD_RETENTION_MS - 86_400_000);
      writeFileSync(path.join(uploads, 'old.pdf'), 'x');
      utimesSync(path.join(uploads, 'old.pdf'), old, old);
      writeFileSync(path.join(uploads, 'new.pdf'), 'x');

      await seedDemoForms(handle.db);
      const [form] = await handle.db.select().from(contactForms).limit(1);
      await handle.db.insert(formSubmissions).values({
        formId: form!.id,
        status: 'spam',
        fields: {},
        locale: 'de',
        postedDataHash: 'x',
        clientHash: 'c',
        createdAt: new Date(Date.now() - SUBMISSION_RETENTION.rejectedMs - 86_400_000),
      });

      const job = JOBS.find((j) => j.name === 'purge-form-submissions')!;
      const signal = new AbortController().signal;
      await runJobIfDue(handle.db, job, { env: { ...env, DATA_DIR: dataDir }, signal });
      expect(await recordOf(job.name)).toMatchObject({
        lastStatus: 'ok',
        lastResult: { submissions: 1, uploads: 1 },
      });
      expect(readdirSync(uploads)).toEqual(['new.pdf']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('job runner on PostgreSQL', () => {
  let second: DatabaseHandle;

  beforeAll(async () => {
    // A second pool on the same database, as a second app instance would open.
    const { rows } = (await handle.db.execute(
      sql`select current_database() as name`,
    )) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    second = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('lets only one of two instances run a job while the other holds its lock', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = countingJob(async () => {
      // Both running it at once would be the failure; let them finish so the test ends.
      if (job.runs > 1) release();
      await gate;
      return { done: 1 };
    });
    const a = runner([job], handle.db).runDue();
    const b = runner([job], second.db).runDue();
    void Promise.race([a, b]).then(release);
    const outcomes = await Promise.all([a, b]);
    expect(job.runs).toBe(1);
    expect(outcomes.map((o) => o[job.name]).sort()).toEqual(['locked', 'ok']);
  });
});
