import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import {
  ACCOUNT_SETTINGS_KEY,
  type AccountSettings,
  DEFAULT_ACCOUNT_SETTINGS,
} from './account-settings.server.ts';
import { customers, loginFailures } from './customers.schema.ts';
import {
  type LoginAttempt,
  loginThrottle,
  recordLoginFailure,
  loginLookup,
} from './throttle.server.ts';

/** The one-statement read of a login gives what the separate reads give. */
let handle: DatabaseHandle;
let counter = 0;
const NOW = new Date('2026-11-27T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

function attempt(): LoginAttempt {
  counter += 1;
  return { email: `drossel-${counter}@example.com`, address: `10.9.${counter}.1` };
}

async function failures(who: LoginAttempt, ...minutes: number[]) {
  for (const m of minutes) await recordLoginFailure(handle.db, who, minutesAgo(m));
}

async function bothReads(who: LoginAttempt, expected: AccountSettings) {
  const stored = await loginLookup(handle.db, who, NOW);
  expect(stored.settings).toEqual(expected);
  expect(stored.throttle).toEqual(await loginThrottle(handle.db, who, expected.throttle, NOW));
  return stored.throttle;
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the throttle read with the stored settings', () => {
  it('uses the defaults while nothing is stored', async () => {
    await handle.db.delete(settings);
    const who = attempt();
    expect(await bothReads(who, DEFAULT_ACCOUNT_SETTINGS)).toEqual({
      blockedMinutes: 0,
      accountHasFailures: false,
    });
    await failures(who, 1, 2, 3, 4, 5);
    // The fifth failure within 15 minutes blocks until the oldest of them leaves the window.
    expect(await bothReads(who, DEFAULT_ACCOUNT_SETTINGS)).toEqual({
      blockedMinutes: 10,
      accountHasFailures: true,
    });
  });

  it('follows a stored window and limits, and ignores failures older than the window', async () => {
    const limits = { perAccount: 3, perAddress: 4, windowMinutes: 30 };
    const expected = { ...DEFAULT_ACCOUNT_SETTINGS, throttle: limits };
    await putSetting(handle.db, ACCOUNT_SETTINGS_KEY, { throttle: limits });
    const old = attempt();
    await failures(old, 40, 50, 60, 70);
    expect(await bothReads(old, expected)).toEqual({
      blockedMinutes: 0,
      accountHasFailures: false,
    });
    const account = attempt();
    await failures(account, 5, 10, 20);
    expect((await bothReads(account, expected)).blockedMinutes).toBe(10);
    // Four accounts tried from one address: the address is blocked, the accounts are not.
    const address = attempt();
    for (const [i, m] of [2, 4, 6, 8].entries()) {
      await recordLoginFailure(
        handle.db,
        { email: `other-${counter}-${i}@example.com`, address: address.address },
        minutesAgo(m),
      );
    }
    expect(await bothReads(address, expected)).toEqual({
      blockedMinutes: 22,
      accountHasFailures: false,
    });
  });

  it('reads the throttle again when the stored settings are not valid (the defaults apply)', async () => {
    for (const broken of [
      { throttle: { perAccount: 0, perAddress: 2, windowMinutes: 15 } },
      { throttle: { perAccount: 5, perAddress: 'zwei', windowMinutes: 15 } },
      { throttle: { perAccount: 5, perAddress: 2.5, windowMinutes: 15 } },
      { throttle: { perAccount: 5, perAddress: 9_999_999, windowMinutes: 15 } },
      ['not', 'an', 'object'],
    ]) {
      await putSetting(handle.db, ACCOUNT_SETTINGS_KEY, broken);
      const who = attempt();
      for (let i = 0; i < 3; i++) {
        await recordLoginFailure(
          handle.db,
          { email: `x-${counter}-${i}@example.com`, address: who.address },
          minutesAgo(i + 1),
        );
      }
      // The default address limit (20) is far off: three failures block nothing.
      expect((await bothReads(who, DEFAULT_ACCOUNT_SETTINGS)).blockedMinutes).toBe(0);
    }
  });

  it('carries the account typed, as stored, and none for an address without one', async () => {
    const who = attempt();
    const [stored] = await handle.db
      .insert(customers)
      .values({ email: who.email, passwordHash: 'not-a-hash', firstName: 'Erika' })
      .returning();
    await failures(who, 1);
    const found = await loginLookup(handle.db, who, NOW);
    expect(found.customer).toEqual(stored);
    expect(found.customer?.createdAt).toBeInstanceOf(Date);
    expect(found.throttle.accountHasFailures).toBe(true);
    expect((await loginLookup(handle.db, attempt(), NOW)).customer).toBeNull();
  });

  it('takes hostile text in the email as text', async () => {
    await handle.db.delete(settings);
    const who = { email: "x'); drop table login_failures; --", address: "1.2.3.4' or '1'='1" };
    expect((await loginLookup(handle.db, who, NOW)).throttle.blockedMinutes).toBe(0);
    expect((await handle.db.select().from(loginFailures)).length).toBeGreaterThan(0);
  });
});
