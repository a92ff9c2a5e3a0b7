/**
 * Small reference tables (categories, delivery times, deposit types, manufacturers) are read
 * on nearly every page but change rarely. Each instance keeps them for a few seconds; an edit
 * shows everywhere within that time, and nothing personal is ever kept.
 */
const stores = new WeakMap<object, Map<string, { expires: number; value: Promise<unknown> }>>();

export function shortLived<T>(
  scope: object,
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
): Promise<T> {
  let store = stores.get(scope);
  if (!store) {
    store = new Map();
    stores.set(scope, store);
  }
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  // A failed load is not kept: the next caller tries again.
  value.catch(() => store.delete(key));
  return value;
}

export function forget(scope: object, key: string): void {
  stores.get(scope)?.delete(key);
}

export const REFERENCE_TTL_MS = 5_000;
