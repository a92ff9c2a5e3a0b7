import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { settings } from './settings.schema.ts';

/** A setting parsed with its schema; a missing or malformed value yields the fallback. */
export async function getSetting<T>(
  db: Tx,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
): Promise<T> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  if (!row) return fallback;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : fallback;
}

export async function putSetting(db: Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
