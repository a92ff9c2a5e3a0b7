import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { readAll } from './tx.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** Two reads, the first held until released: which of them started meanwhile. */
function heldReads() {
  const started: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reads = [
    async () => {
      started.push('first');
      await gate;
      return 1;
    },
    async () => {
      started.push('second');
      return 'two';
    },
  ] as const;
  return { started, release, reads };
}

describe('readAll', () => {
  it('runs reads at once outside a transaction, in order of the list', async () => {
    const { started, release, reads } = heldReads();
    const running = readAll(handle.db, reads);
    await expect.poll(() => started).toEqual(['first', 'second']);
    release();
    expect(await running).toEqual([1, 'two']);
  });

  it('runs them one after another inside a transaction', async () => {
    const { started, release, reads } = heldReads();
    const running = handle.db.transaction((tx) => readAll(tx, reads));
    await expect.poll(() => started).toEqual(['first']);
    release();
    expect(await running).toEqual([1, 'two']);
    expect(started).toEqual(['first', 'second']);
  });
});
