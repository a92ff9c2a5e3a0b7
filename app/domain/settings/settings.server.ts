import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { databaseOfTransaction, settingsGenerationOf } from '#app/lib/db.server.ts';
import { settings } from './settings.schema.ts';

/**
 * Settings are read by nearly every request and change rarely. Each instance keeps the values
 * it read, each with the settings generation of its database at the time (moved by every
 * write that may touch the table, this instance's or, on PostgreSQL, another's): a value
 * is used only while that generation stands. On PostgreSQL a transaction always asks the
 * database: what it decides (a stale save, a checkout's methods) must not rest on another
 * instance's notice still under way. On the embedded database every write passes this
 * process, so a transaction uses kept values too (its own settings write moves the
 * generation); neither keeps what a transaction reads, as it may be uncommitted.
 */
type Kept = { generation: number; found: boolean; value: unknown };
const KEPT_LIMIT = 2_000;
const stores = new WeakMap<object, Map<string, Kept>>();

function storeOf(database: object): Map<string, Kept> {
  let store = stores.get(database);
  if (!store) {
    store = new Map();
    stores.set(database, store);
  }
  return store;
}

/** A kept value is handed out as a copy: no caller can change what the next one reads. */
function copy(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}

/** The stored values of `keys` (absent keys are missing from the map). */
export async function settingValues(
  db: Tx,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  const owningDatabase = databaseOfTransaction(db);
  const inTransaction = owningDatabase !== null;
  const counted = settingsGenerationOf(db);
  const usable = counted && (!inTransaction || counted.exact);
  const generation = usable ? counted.current() : undefined;
  const store = generation === undefined ? null : storeOf(owningDatabase ?? db);
  const values = new Map<string, unknown>();
  const missing: string[] = [];
  for (const key of keys) {
    const kept = store?.get(key);
    if (kept && kept.generation === generation) {
      if (kept.found) values.set(key, copy(kept.value));
    } else if (!missing.includes(key)) missing.push(key);
  }
  if (missing.length === 0) return values;
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(missing.length === 1 ? eq(settings.key, missing[0]!) : inArray(settings.key, missing));
  const loaded = new Map(rows.map((row) => [row.key, row.value]));
  if (store && !inTransaction) {
    if (store.size + missing.length > KEPT_LIMIT) store.clear();
    for (const key of missing) {
      store.set(key, { generation: generation!, found: loaded.has(key), value: loaded.get(key) });
    }
  }
  for (const [key, value] of loaded) values.set(key, store ? copy(value) : value);
  return values;
}

/** A setting parsed with its schema; a missing or malformed value yields the fallback. */
export async function getSetting<T>(
  db: Tx,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): Promise<T> {
  const values = await settingValues(db, [key]);
  if (!values.has(key)) return fallback;
  const parsed = schema.safeParse(values.get(key));
  return parsed.success ? parsed.data : fallback;
}

export async function putSetting(db: Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
