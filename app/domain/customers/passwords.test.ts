import { describe, expect, it } from 'vitest';
import { KDF_SLOTS, hashPassword, inKdfSlot, verifyPassword } from './passwords.server.ts';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Kerzenlicht-2026');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'Kerzenlicht-2026')).toBe(true);
    expect(await verifyPassword(stored, 'kerzenlicht-2026')).toBe(false);
    expect(await verifyPassword(null, 'Kerzenlicht-2026')).toBe(false);
  });

  it('runs at most one core short of all hashes at once; the rest wait their turn in order', async () => {
    const started: number[] = [];
    const release: (() => void)[] = [];
    const jobs = Array.from({ length: KDF_SLOTS + 3 }, (_, i) =>
      inKdfSlot(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            release[i] = () => resolve(i);
          }),
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(Array.from({ length: KDF_SLOTS }, (_, i) => i));
    release[0]!();
    await new Promise((r) => setImmediate(r));
    expect(started).toHaveLength(KDF_SLOTS + 1);
    expect(started.at(-1)).toBe(KDF_SLOTS);
    for (let i = 1; i < KDF_SLOTS + 3; i++) {
      await new Promise((r) => setImmediate(r));
      release[i]?.();
    }
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < KDF_SLOTS + 3; i++) release[i]?.();
    expect(await Promise.all(jobs)).toEqual(jobs.map((_, i) => i));
  });
});
