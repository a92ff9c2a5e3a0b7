import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CART_HASH_KEY,
  FRAGMENT_LIFETIME_MS,
  readStoredHash,
  storeHash,
  timeLeft,
} from './cart-hash-store.ts';

/** The part of the Web Storage API the store uses, counting writes. */
class MemoryStorage {
  values = new Map<string, string>();
  writes = 0;
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes += 1;
    this.values.set(key, value);
  }
}

let session: MemoryStorage;
let local: MemoryStorage;

beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  Object.assign(globalThis, { sessionStorage: session, localStorage: local });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'sessionStorage');
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('cart hash store', () => {
  it('keeps hash and time per tab and announces only a new hash to the other tabs', () => {
    expect(readStoredHash()).toBeNull();
    storeHash('abc', 1000);
    expect(readStoredHash()).toEqual({ hash: 'abc', time: 1000 });
    expect(local.getItem(CART_HASH_KEY)).toBe('abc');
    storeHash('abc', 2000);
    expect(local.writes).toBe(1);
    storeHash('', 3000);
    expect(local.getItem(CART_HASH_KEY)).toBe('');
    expect(local.writes).toBe(2);
  });

  it('counts the 24 hours from when the hash was learnt', () => {
    const entry = { hash: 'abc', time: 10_000 };
    expect(timeLeft(entry, 10_000)).toBe(FRAGMENT_LIFETIME_MS);
    expect(timeLeft(entry, 10_000 + FRAGMENT_LIFETIME_MS - 1)).toBe(1);
    expect(timeLeft(entry, 10_000 + FRAGMENT_LIFETIME_MS + 5)).toBe(0);
  });

  it('treats unreadable entries and unusable storage as nothing remembered', () => {
    session.setItem(CART_HASH_KEY, '{not json');
    expect(readStoredHash()).toBeNull();
    session.setItem(CART_HASH_KEY, JSON.stringify({ hash: 1, time: 'x' }));
    expect(readStoredHash()).toBeNull();
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
    });
    expect(readStoredHash()).toBeNull();
    expect(storeHash('abc', 5)).toEqual({ hash: 'abc', time: 5 });
  });
});
