import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Work that leaves the database (mails, calls to the payment provider), written in the same
 * transaction as the change that causes it and carried out after the commit. A row is done
 * once `done_at` is set; until then any instance may claim it for `lease_until`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The same effect queued twice (two announcements of one payment) is kept once. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey),
    index('outbox_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.doneAt} is null`),
    index('outbox_order_idx').on(t.orderId),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
