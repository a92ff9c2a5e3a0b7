import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from '#app/domain/customers/customers.schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type ImportRunKind = 'dry' | 'import';
export type ImportStatus = 'ready' | 'queued' | 'running' | 'done' | 'failed';

/**
 * A product CSV uploaded in the back office, kept in the database (every instance reads it) for
 * its owner for a day: its columns' mapping and the state of its dry run or import, which runs
 * in batches through the outbox.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    csv: text('csv').notNull(),
    zip: bytea('zip'),
    zipName: text('zip_name'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    updateExisting: boolean('update_existing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The run shown on the progress page; null before the first. */
    run: text('run').$type<ImportRunKind>(),
    status: text('status').$type<ImportStatus>().notNull().default('ready'),
    /** Counts the runs, so each run's batches have their own keys in the outbox. */
    attempt: integer('attempt').notNull().default(0),
    nextBatch: integer('next_batch').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    error: text('error'),
    /** Set once an import (not a dry run) was queued: an upload is imported at most once. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('product_imports_staff_idx').on(t.staffId),
    index('product_imports_created_idx').on(t.createdAt),
  ],
);

/** The row-by-row report of an upload's latest dry run and of its import. */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => productImports.id, { onDelete: 'cascade' }),
    run: text('run').$type<ImportRunKind>().notNull(),
    line: integer('line').notNull(),
    sku: text('sku').notNull().default(''),
    name: text('name').notNull().default(''),
    outcome: text('outcome').$type<'created' | 'updated' | 'skipped'>().notNull(),
    reason: text('reason'),
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.run, t.line] }),
    index('product_import_rows_skipped_idx')
      .on(t.importId, t.run, t.line)
      .where(sql`${t.outcome} = 'skipped'`),
  ],
);

export type ProductImportRow = typeof productImports.$inferSelect;
