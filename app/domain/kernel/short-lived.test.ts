import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { forget, shortLived } from './short-lived.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

it('lets a transaction read what its database keeps, and keeps nothing a transaction loads', async () => {
  const db = handle.db;
  let loads = 0;
  const load = async () => ++loads;
  expect(await shortLived(db, 'kept', 60_000, load)).toBe(1);
  await db.transaction(async (tx) => {
    expect(await shortLived(tx, 'kept', 60_000, load)).toBe(1);
    // Inside a savepoint too.
    await tx.transaction(async (inner) => {
      expect(await shortLived(inner, 'kept', 60_000, load)).toBe(1);
    });
    expect(await shortLived(tx, 'own', 60_000, load)).toBe(2);
    expect(await shortLived(tx, 'own', 60_000, load)).toBe(3);
  });
  expect(loads).toBe(3);
  expect(await shortLived(db, 'own', 60_000, load)).toBe(4);
  expect(await shortLived(db, 'own', 60_000, load)).toBe(4);
  // Forgotten through a transaction: the next reader loads afresh.
  await db.transaction(async (tx) => forget(tx, 'kept'));
  expect(await shortLived(db, 'kept', 60_000, load)).toBe(5);
});

it('never makes a transaction wait for a load that began outside it', async () => {
  const db = handle.db;
  let release!: (value: number) => void;
  const outside = shortLived(
    db,
    'slow',
    60_000,
    () => new Promise<number>((resolve) => (release = resolve)),
  );
  // Were the transaction to wait for `outside`, it would never end: release comes after it.
  const inside = await db.transaction(async (tx) => shortLived(tx, 'slow', 60_000, async () => 7));
  expect(inside).toBe(7);
  release(100);
  expect(await outside).toBe(100);
  expect(await shortLived(db, 'slow', 60_000, async () => 0)).toBe(100);
});
