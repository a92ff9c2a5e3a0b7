import { databaseOfTransaction } from '#app/lib/db.server.ts';

/**
 * Small reference tables (categories, delivery times, deposit types, manufacturers) are read
 * on nearly every page but change rarely. Each instance keeps them for a few seconds; an edit
 * shows everywhere within that time, and nothing personal is ever kept.
 *
 * A transaction reads what its database keeps, but only values already loaded: a load begun
 * outside may wait for this very transaction (the embedded database runs one at a time). What
 * a transaction loads itself is not kept, as it may see its own uncommitted writes.
 */
type Entry = { expires: number; value: Promise<unknown>; settled: boolean };
const stores = new WeakMap<object, Map<string, Entry>>();

function storeOf(scope: object): Map<string, Entry> {
  let store = stores.get(scope);
  if (!store) {
    store = new Map();
    stores.set(scope, store);
  }
  return store;
}

export function shortLived<T>(
  scope: object,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
): Promise<T> {
  const database = databaseOfTransaction(scope);
  const store = storeOf(database ?? scope);
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now && (!database || hit.settled)) return hit.value as Promise<T>;
  if (database) return load();
  const value = load();
  const entry: Entry = { expires: now + ttlMs, value, settled: false };
  store.set(key, entry);
  value.then(
    () => {
      entry.settled = true;
    },
    // A failed load is not kept: the next caller tries again.
    () => {
      if (store.get(key) === entry) store.delete(key);
    },
  );
  return value;
}

export function forget(scope: object, key: string): void {
  stores.get(databaseOfTransaction(scope) ?? scope)?.delete(key);
}

export const REFERENCE_TTL_MS = 5_000;
