import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, signalOutbox } from '#app/domain/orders/outbox.server.ts';
import { outbox } from '#app/domain/orders/outbox.schema.ts';
import type { Effect } from '#app/http/outbox/effects.server.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { openTestDatabase } from '../tests/support/database.ts';
import { drainOutbox, startOutboxWorker } from './outbox.ts';

const env = parseEnv({ DATA_DIR: '/tmp/shop-outbox-test', SESSION_SECRET: 'a'.repeat(40) });
let handle: DatabaseHandle;
let kinds = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** A kind of its own per test, so the tests' entries never meet. */
const kind = () => `test.kind.${(kinds += 1)}`;

async function entriesOf(name: string) {
  return handle.db.select().from(outbox).where(eq(outbox.kind, name)).orderBy(outbox.id);
}

describe('the outbox', () => {
  it('keeps nothing of a transaction that rolled back', async () => {
    const name = kind();
    await handle.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: name });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await entriesOf(name)).toEqual([]);
  });

  it('carries each entry out once and queues its follow-ups with its completion', async () => {
    const name = kind();
    const follow = kind();
    const seen: number[] = [];
    const effects: Record<string, Effect> = {
      [name]: async (_ctx, entry) => {
        seen.push(entry.id);
        return [{ kind: follow, dedupeKey: `${follow}:once` }];
      },
      [follow]: async (_ctx, entry) => {
        seen.push(entry.id);
      },
    };
    await enqueue(handle.db, { kind: name }, { kind: name });
    await drainOutbox({ db: handle.db, env }, effects);
    await drainOutbox({ db: handle.db, env }, effects);
    const [first, second] = await entriesOf(name);
    const followUps = await entriesOf(follow);
    // Two entries queued the same follow-up key: it is kept (and carried out) once.
    expect(followUps).toHaveLength(1);
    expect(seen).toEqual([first!.id, second!.id, followUps[0]!.id]);
    for (const entry of [first!, second!, followUps[0]!]) {
      expect(entry.doneAt).toBeInstanceOf(Date);
      expect(entry.attempts).toBe(1);
    }
  });

  it('tries a failed effect again later under the same entry, keeping its error', async () => {
    const name = kind();
    const ids: number[] = [];
    let fail = true;
    const effects: Record<string, Effect> = {
      [name]: async (_ctx, entry) => {
        ids.push(entry.id);
        if (fail) throw new Error('mail server refused');
      },
    };
    await enqueue(handle.db, { kind: name });
    await drainOutbox({ db: handle.db, env }, effects);
    let [entry] = await entriesOf(name);
    expect(entry).toMatchObject({ attempts: 1, doneAt: null, lastError: 'mail server refused' });
    expect(entry!.runAfter.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a drain leaves it alone.
    await drainOutbox({ db: handle.db, env }, effects);
    expect(ids).toHaveLength(1);
    fail = false;
    await handle.db
      .update(outbox)
      .set({ runAfter: sql`now()` })
      .where(eq(outbox.id, entry!.id));
    await drainOutbox({ db: handle.db, env }, effects);
    [entry] = await entriesOf(name);
    expect(entry).toMatchObject({ attempts: 2, lastError: null });
    expect(entry!.doneAt).toBeInstanceOf(Date);
    // The same entry both times: a mail keyed by it keeps its Message-ID.
    expect(ids).toEqual([entry!.id, entry!.id]);
  });

  it('takes over an entry whose worker died once its claim has lapsed, not before', async () => {
    const name = kind();
    const ran: number[] = [];
    const effects: Record<string, Effect> = {
      [name]: async (_ctx, entry) => {
        ran.push(entry.id);
      },
    };
    await enqueue(handle.db, { kind: name });
    // A worker claimed it and died: the claim stands for its lease.
    await handle.db
      .update(outbox)
      .set({ leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(outbox.kind, name));
    await drainOutbox({ db: handle.db, env }, effects);
    expect(ran).toEqual([]);
    await handle.db
      .update(outbox)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.kind, name));
    await drainOutbox({ db: handle.db, env }, effects);
    const [entry] = await entriesOf(name);
    expect(ran).toEqual([entry!.id]);
    expect(entry!.doneAt).toBeInstanceOf(Date);
  });

  it('carries out the entries a caller waits for before the signal resolves', async () => {
    const name = kind();
    const effects: Record<string, Effect> = { [name]: async () => {} };
    const worker = startOutboxWorker({ db: handle.db, env }, { poll: false, effects });
    try {
      const ids = await enqueue(handle.db, { kind: name });
      await signalOutbox(handle.db, ids);
      const [entry] = await entriesOf(name);
      expect(entry!.doneAt).toBeInstanceOf(Date);
      // Another database's signal is not this worker's to answer.
      const other = await enqueue(handle.db, { kind: name });
      await signalOutbox({} as never, other);
      const [, waiting] = await entriesOf(name);
      expect(waiting!.doneAt).toBeNull();
    } finally {
      await worker.close();
    }
  });
});
