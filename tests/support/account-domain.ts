import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { openTestDatabase } from './database.ts';
import { DEFAULT_ACCOUNT_SETTINGS } from '#app/domain/customers/account-settings.server.ts';
import { type AccountContext, registerCustomer } from '#app/domain/customers/accounts.server.ts';

/** The customers domain’s tests: one database per test file and the helpers they share. */
export let handle: DatabaseHandle;

export const STRONG = 'Kaffee-Tasse-Mond-7';

export const ctx: AccountContext = {
  settings: { ...DEFAULT_ACCOUNT_SETTINGS, doubleOptIn: false },
  locale: 'de',
  shopName: 'Ladenzeile',
};

let counter = 0;

export const nextEmail = () => `kunde${++counter}-${Date.now()}@example.org`;

export async function newCustomer(email = nextEmail(), password = STRONG) {
  const result = await registerCustomer(handle.db, { email, password }, ctx);
  if (!result.ok || result.value.kind !== 'created') throw new Error('registration failed');
  return result.value.customer;
}

export async function session(customerId: number | null = null) {
  const idHash = `account-test-${++counter}`;
  await handle.db
    .insert(sessions)
    .values({ idHash, customerId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash, customerId };
}

/** A fresh, migrated database for the test file (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export function withAccountDatabase() {
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });
}
