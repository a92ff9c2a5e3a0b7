import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { MAX_ATTEMPTS } from '#app/domain/orders/outbox.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import { drainOutbox } from '#server/outbox.ts';

/** Entries due now or being carried out (a failed one waiting for its retry is not). */
export async function outboxInFlight(db: Tx): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from outbox
    where done_at is null and attempts < ${MAX_ATTEMPTS}
      and (run_after <= now() or lease_until > now())`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Waits until the shop's outbox has carried out everything queued so far. */
export async function outboxSettled(shop: { database: { db: Tx }; env: Env }): Promise<void> {
  const { db } = shop.database;
  await expect
    .poll(async () => {
      await drainOutbox({ db: db as never, env: shop.env });
      return outboxInFlight(db);
    })
    .toBe(0);
}
