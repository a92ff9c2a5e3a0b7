import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { MAX_PASSWORD_LENGTH } from './password-limits.ts';

/**
 * argon2id with 64 MiB and three passes (RFC 9106's second recommended option, above OWASP's
 * minimum of 19 MiB and two passes; decision 0017) in one lane, so a hash keeps to one thread.
 * The hashing runs in libuv's thread pool, so the event loop keeps serving other shoppers.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is a `const enum`, unreachable under isolatedModules.
  algorithm: 2,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

const CURRENT_PARAMETERS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** Whether a stored hash was made with other parameters (older ones): hashed anew at login. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(CURRENT_PARAMETERS);

/**
 * Hashes run one core short of all: with every core busy hashing, the main thread that serves
 * the other shoppers would get only its share of the machine. Logins beyond that wait in line.
 */
export const KDF_SLOTS = Math.max(1, availableParallelism() - 1);
let busySlots = 0;
const waiting: (() => void)[] = [];

export async function inKdfSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busySlots >= KDF_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busySlots += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; only an empty line frees it.
    if (next) next();
    else busySlots -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inKdfSlot(() => hash(password, ARGON2_OPTIONS));
}

let dummy: Promise<string> | undefined;

/** A hash of a random secret, computed once: what an unknown account's login is checked against. */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

/**
 * Whether the password matches the stored hash. Without a hash (no such account, or an account
 * without password) the password is still checked against a dummy hash, so the answer takes
 * as long as for a real account and timing tells nothing about which addresses exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash());
  let matches = false;
  try {
    matches = await inKdfSlot(() => verify(target, password.slice(0, MAX_PASSWORD_LENGTH)));
  } catch {
    matches = false;
  }
  return stored !== null && matches;
}
