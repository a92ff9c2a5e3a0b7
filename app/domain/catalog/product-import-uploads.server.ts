// Back-office imports: an uploaded CSV kept for its owner, its mapping, and its dry run or import
// carried out in batches by the outbox (the request only queues the first batch).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { CsvRefused, type CsvRefusal, readCsv } from './csv-reader.ts';
import { batchRows } from './product-import-batches.ts';
import {
  PictureSource,
  type PictureSourceOptions,
  readPictureZip,
} from './product-import-pictures.server.ts';
import {
  type ImportRunKind,
  type ProductImportRow,
  productImportRows,
  productImports,
} from './product-import-uploads.schema.ts';
import { type MappedField, guessMapping, isMappedField } from './product-import.rules.ts';
import { mapRows } from './product-import.rows.ts';
import { importProducts } from './product-import.server.ts';
import { pictureHosts } from './picture-hosts.server.ts';

/** The outbox entry that runs one batch. */
export const IMPORT_BATCH = 'product-import-batch';

/** An outbox entry, queued by the caller's outbox (the catalog does not reach into orders). */
export type BatchEntry = { kind: string; payload: Record<string, unknown>; dedupeKey: string };
export type Enqueue = (tx: Tx, entry: BatchEntry) => Promise<unknown>;
export const IMPORT_BATCH_ROWS = 100;
export const IMPORT_KEEP_MS = 86_400_000;
export const IMPORT_LIMITS = {
  csvBytes: 20 * 1024 * 1024,
  zipBytes: 40 * 1024 * 1024,
  maxColumns: 1000,
  maxRows: 100_000,
};

export type UploadRefusal =
  | { code: 'csv_refused'; refusal: CsvRefusal }
  | { code: 'not_text' | 'no_known_column' | 'no_rows' | 'zip_invalid' | 'zip_bomb' };

const ID = /^[A-Za-z0-9_-]{22}$/;

/** The file read the way the import reads it: the header and how many rows follow. */
function readUpload(text: string) {
  const records = readCsv(text, {
    maxColumns: IMPORT_LIMITS.maxColumns,
    maxCellLength: 100_000,
    maxRows: IMPORT_LIMITS.maxRows,
  });
  const [header, ...rows] = records;
  return { headers: header!.cells, rows };
}

export async function createImportUpload(
  db: Tx,
  input: {
    staffId: number;
    fileName: string;
    bytes: Buffer;
    zip: { name: string; bytes: Buffer } | null;
    updateExisting: boolean;
  },
): Promise<{ ok: true; id: string } | { ok: false; refusal: UploadRefusal }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input.bytes);
  } catch {
    return { ok: false, refusal: { code: 'not_text' } };
  }
  let read: ReturnType<typeof readUpload>;
  try {
    read = readUpload(text);
  } catch (error) {
    if (error instanceof CsvRefused) {
      return { ok: false, refusal: { code: 'csv_refused', refusal: error.refusal } };
    }
    throw error;
  }
  const mapping = guessMapping(read.headers);
  // A file none of whose columns the shop knows is not a product CSV (a script renamed .csv).
  if (mapping.every((m) => m === null)) return { ok: false, refusal: { code: 'no_known_column' } };
  if (read.rows.length === 0) return { ok: false, refusal: { code: 'no_rows' } };
  if (input.zip) {
    const zip = readPictureZip(input.zip.bytes);
    if (!zip.ok) return { ok: false, refusal: { code: zip.code } };
  }
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  await db.insert(productImports).values({
    id,
    staffId: input.staffId,
    fileName: input.fileName.slice(0, 200),
    csv: text,
    zip: input.zip?.bytes ?? null,
    zipName: input.zip?.name.slice(0, 200) ?? null,
    headers: read.headers.map((h) => h.slice(0, 200)),
    mapping,
    rowCount: read.rows.length,
    updateExisting: input.updateExisting,
  });
  return { ok: true, id };
}

export type ImportUploadView = Omit<ProductImportRow, 'csv' | 'zip'>;

/** An upload of this staff member's (younger than a day), or null: others' uploads do not exist. */
export async function importUploadOf(
  db: Tx,
  id: string,
  staffId: number,
): Promise<ImportUploadView | null> {
  if (!ID.test(id)) return null;
  const { csv: _csv, zip: _zip, ...columns } = getTableColumns(productImports);
  const [row] = await db
    .select(columns)
    .from(productImports)
    .where(
      and(
        eq(productImports.id, id),
        eq(productImports.staffId, staffId),
        gt(productImports.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return row ?? null;
}

const BUSY = ['queued', 'running'] as const;

/** A mapping from the form: one value per column, each a field or empty; a field used once. */
export function checkMapping(
  values: readonly string[],
  columns: number,
): (MappedField | null)[] | null {
  if (values.length !== columns) return null;
  const used = new Set<string>();
  const out: (MappedField | null)[] = [];
  for (const value of values) {
    if (value === '') {
      out.push(null);
      continue;
    }
    if (!isMappedField(value) || used.has(value)) return null;
    used.add(value);
    out.push(value);
  }
  return out;
}

export type QueueOutcome = 'queued' | 'busy' | 'imported' | 'no_mapping';

/**
 * Queues a dry run or the import, refused while a run of this upload is queued or running and
 * once it was imported: reloading or sending a form twice never imports twice.
 */
export async function queueImportRun(
  db: Tx,
  queue: Enqueue,
  id: string,
  run: ImportRunKind,
  mapping?: (MappedField | null)[],
): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: productImports.status,
        importedAt: productImports.importedAt,
        mapping: productImports.mapping,
      })
      .from(productImports)
      .where(eq(productImports.id, id))
      .for('update');
    if (!row) return 'busy';
    if (row.importedAt) return 'imported';
    if ((BUSY as readonly string[]).includes(row.status)) return 'busy';
    const finalMapping = mapping ?? row.mapping;
    if (finalMapping.every((m) => m === null)) return 'no_mapping';
    const [updated] = await tx
      .update(productImports)
      .set({
        run,
        status: 'queued',
        mapping: finalMapping,
        attempt: sql`${productImports.attempt} + 1`,
        nextBatch: 0,
        doneRows: 0,
        created: 0,
        updated: 0,
        skipped: 0,
        notes: [],
        error: null,
        finishedAt: null,
        ...(run === 'import' ? { importedAt: sql`now()` } : {}),
      })
      .where(and(eq(productImports.id, id), notInArray(productImports.status, [...BUSY])))
      .returning({ attempt: productImports.attempt });
    if (!updated) return 'busy';
    await tx
      .delete(productImportRows)
      .where(and(eq(productImportRows.importId, id), eq(productImportRows.run, run)));
    await queue(tx, batchEntry(id, updated.attempt, 0));
    return 'queued';
  });
}

function batchEntry(id: string, attempt: number, batch: number): BatchEntry {
  return {
    kind: IMPORT_BATCH,
    payload: { importId: id, attempt, batch },
    dedupeKey: `${IMPORT_BATCH}:${id}:${attempt}:${batch}`,
  };
}

// The parsed file of the run in progress: batches of one run do not read the file again.
let parsed: { key: string; batches: ReturnType<typeof batchRows> } | null = null;

export type BatchOptions = Omit<PictureSourceOptions, 'zipFiles'> & {
  batchRows?: number;
};

/**
 * Runs one batch of a queued run: each product in its own transaction, the outcomes and counts
 * recorded with the batch's number, so a batch carried out again (a worker that died) is
 * skipped. Returns the next batch's entry, or nothing when the run is over.
 */
export async function runImportBatch(
  db: Tx,
  payload: { importId?: unknown; attempt?: unknown; batch?: unknown },
  options: BatchOptions,
): Promise<BatchEntry[]> {
  const id = String(payload.importId ?? '');
  const attempt = Number(payload.attempt);
  const batch = Number(payload.batch);
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id));
  if (!row || row.attempt !== attempt || row.nextBatch !== batch) return [];
  if (!(BUSY as readonly string[]).includes(row.status) || !row.run) return [];
  const run = row.run;
  const key = `${id}:${attempt}`;
  try {
    if (parsed?.key !== key) {
      const records = readUpload(row.csv).rows;
      const rows = mapRows(records, row.mapping as (MappedField | null)[]);
      parsed = { key, batches: batchRows(rows, options.batchRows ?? IMPORT_BATCH_ROWS) };
    }
    const batches = parsed.batches;
    if (batch === 0) {
      await db
        .update(productImports)
        .set({ status: 'running' })
        .where(and(eq(productImports.id, id), eq(productImports.attempt, attempt)));
    }
    const rows = batches[batch] ?? [];
    const zip = row.zip ? readPictureZip(row.zip) : null;
    const report = await importProducts(db, rows, {
      updateExisting: row.updateExisting,
      dryRun: run === 'dry',
      actor: importActor(row.staffId, id),
      pictures: new PictureSource({
        ...options,
        allowedOrigins: [...options.allowedOrigins, ...(await pictureHosts(db))],
        zipFiles: zip?.ok ? zip.files : undefined,
      }),
    });
    const last = batch + 1 >= batches.length;
    const moved = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(productImports)
        .set({
          nextBatch: batch + 1,
          doneRows: sql`${productImports.doneRows} + ${rows.length}`,
          created: sql`${productImports.created} + ${report.created}`,
          updated: sql`${productImports.updated} + ${report.updated}`,
          skipped: sql`${productImports.skipped} + ${report.skipped}`,
          notes: [...new Set([...row.notes, ...report.notes])],
          ...(last ? { status: 'done' as const, finishedAt: sql`now()` } : {}),
        })
        .where(
          and(
            eq(productImports.id, id),
            eq(productImports.attempt, attempt),
            eq(productImports.nextBatch, batch),
          ),
        )
        .returning({ id: productImports.id });
      if (!claimed) return false;
      if (report.rows.length > 0) {
        await tx
          .insert(productImportRows)
          .values(
            report.rows.map((r) => ({
              importId: id,
              run,
              line: r.line,
              sku: r.sku.slice(0, 200),
              name: r.name.slice(0, 200),
              outcome: r.outcome,
              reason: r.reason,
              params: r.params ?? null,
            })),
          )
          .onConflictDoNothing();
      }
      return true;
    });
    if (!moved || last) {
      if (last) parsed = null;
      return [];
    }
    return [batchEntry(id, attempt, batch + 1)];
  } catch (error) {
    // A file that no longer reads or a failure of the database: the run stops, with its reason.
    parsed = null;
    await db
      .update(productImports)
      .set({
        status: 'failed',
        error: String((error as Error).message).slice(0, 300),
        finishedAt: sql`now()`,
      })
      .where(and(eq(productImports.id, id), eq(productImports.attempt, attempt)));
    return [];
  }
}

export function importActor(staffId: number, id: string): Actor {
  return { channel: 'admin', id: staffId, label: `product import ${id}` };
}

export type ReportRow = typeof productImportRows.$inferSelect;

/** A page of a run's report, by line; `skippedOnly` for the rows with errors. */
export async function importReportRows(
  db: Tx,
  id: string,
  run: ImportRunKind,
  { after = 0, limit = 200, skippedOnly = false } = {},
): Promise<ReportRow[]> {
  return db
    .select()
    .from(productImportRows)
    .where(
      and(
        eq(productImportRows.importId, id),
        eq(productImportRows.run, run),
        gt(productImportRows.line, after),
        skippedOnly ? eq(productImportRows.outcome, 'skipped') : undefined,
      ),
    )
    .orderBy(asc(productImportRows.line))
    .limit(limit);
}

/** Uploads older than a day go, with their reports; a run in progress is left to finish. */
export async function purgeOldImports(db: Tx): Promise<number> {
  const gone = await db
    .delete(productImports)
    .where(
      and(
        lt(productImports.createdAt, sql`now() - interval '1 day'`),
        notInArray(productImports.status, [...BUSY]),
      ),
    )
    .returning({ id: productImports.id });
  return gone.length;
}
