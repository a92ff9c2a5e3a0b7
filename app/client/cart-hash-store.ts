/**
 * The browser's memory of the cart it shows: the cart hash and when it was learnt, per tab in
 * sessionStorage, and the hash alone in localStorage, whose `storage` event tells the other
 * tabs that the cart changed (the spec's fragments without polling).
 */

export const CART_HASH_KEY = 'wc_cart_hash';
/** Stored fragments expire after this, and a refresh timer runs at this (spec, section 9). */
export const FRAGMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type StoredHash = { hash: string; time: number };

/** Private modes and full quotas throw on access: the cart then simply is not remembered. */
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export function readStoredHash(): StoredHash | null {
  return safely(() => {
    const raw = sessionStorage.getItem(CART_HASH_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as StoredHash).hash === 'string' &&
      typeof (parsed as StoredHash).time === 'number'
    ) {
      return parsed as StoredHash;
    }
    return null;
  }, null);
}

/** Remembers a hash; other tabs hear of it only when it differs from what they last heard. */
export function storeHash(hash: string, now = Date.now()): StoredHash {
  const entry = { hash, time: now };
  safely(() => {
    sessionStorage.setItem(CART_HASH_KEY, JSON.stringify(entry));
    if (localStorage.getItem(CART_HASH_KEY) !== hash) localStorage.setItem(CART_HASH_KEY, hash);
  }, undefined);
  return entry;
}

/** Milliseconds until a stored hash is too old to trust (0 when it already is). */
export function timeLeft(entry: StoredHash, now = Date.now()): number {
  return Math.max(0, entry.time + FRAGMENT_LIFETIME_MS - now);
}
