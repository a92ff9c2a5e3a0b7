// The product import pages (/admin/products/import): upload, column mapping, dry run and import.
// The runs happen in the outbox's worker; these pages queue them and show their progress.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { data, redirect } from 'react-router';
import {
  IMPORT_FIELDS,
  type MappedField,
  guessField,
} from '#app/domain/catalog/product-import.rules.ts';
import {
  IMPORT_LIMITS,
  type ImportUploadView,
  checkMapping,
  createImportUpload,
  importReportRows,
  importUploadOf,
  queueImportRun,
} from '#app/domain/catalog/product-import-uploads.server.ts';
import {
  parsePictureHosts,
  pictureHosts,
  pictureHostsText,
  savePictureHosts,
} from '#app/domain/catalog/picture-hosts.server.ts';
import type { ImportRunKind } from '#app/domain/catalog/product-import-uploads.schema.ts';
import type { ImportError } from '#app/domain/catalog/product-import.view.ts';
import { enqueue, signalOutbox } from '#app/domain/orders/outbox.server.ts';
import { discardFiles, receiveForm } from '#app/domain/forms/uploads.server.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0] & { params: { id?: string } };

const base = (p: string) => `/admin/products/import${p}`;

/** The upload form. */
export async function loadImportStart(args: Args, areas: readonly MessageArea[]) {
  const { db, env, current, locale, t } = await staffShop(args);
  return {
    pictureHosts: pictureHostsText(await pictureHosts(db)),
    security: sessionNonce(current, env),
    limits: {
      csvMb: IMPORT_LIMITS.csvBytes / 1024 / 1024,
      zipMb: IMPORT_LIMITS.zipBytes / 1024 / 1024,
    },
    title: `${t('admin.importPage.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

function refused(error: ImportError, status = 400) {
  return data({ error }, { status });
}

/** The upload (multipart): kept in the database for its owner, then on to the mapping. */
export async function handleImportStart(args: Args) {
  const { db, env, current, viewer } = await staffShop(args);
  const received = await receiveForm(args.request, path.resolve(env.DATA_DIR, 'uploads'), {
    fields: 10,
    fieldBytes: 4 * 1024,
    files: 2,
    // A file is cut off (and refused) at the larger limit; the smaller one is checked after.
    fileBytes: Math.max(IMPORT_LIMITS.csvBytes, IMPORT_LIMITS.zipBytes),
    totalFileBytes: IMPORT_LIMITS.csvBytes + IMPORT_LIMITS.zipBytes,
  });
  try {
    const field = (name: string) => received.fields[name]?.[0] ?? '';
    if (received.broken || received.unsafeField) return refused({ code: 'invalid' });
    if (!verifyNonce(current, field('security'), env)) return refused({ code: 'expired' }, 403);
    // The allow-list is saved with every upload; the runs read it when they fetch.
    if (received.fields.picture_hosts) {
      const hosts = parsePictureHosts(field('picture_hosts'));
      if (!hosts.ok)
        return refused({ code: 'picture_hosts_invalid', params: { line: hosts.line } });
      await savePictureHosts(db, hosts.origins);
    }
    const csv = received.files.find((f) => f.field === 'csv');
    const zip = received.files.find((f) => f.field === 'zip');
    if (!csv || (csv.size === 0 && !csv.oversized)) return refused({ code: 'no_file' });
    if (csv.oversized || !csv.path || csv.size > IMPORT_LIMITS.csvBytes)
      return refused(
        { code: 'csv_too_large', params: { mb: IMPORT_LIMITS.csvBytes / 1048576 } },
        413,
      );
    if (zip && (zip.oversized || !zip.path || zip.size > IMPORT_LIMITS.zipBytes))
      return refused(
        { code: 'zip_too_large', params: { mb: IMPORT_LIMITS.zipBytes / 1048576 } },
        413,
      );
    const created = await createImportUpload(db, {
      staffId: viewer.id,
      fileName: csv.name,
      bytes: await readFile(csv.path),
      zip: zip && zip.size > 0 ? { name: zip.name, bytes: await readFile(zip.path) } : null,
      updateExisting: field('update_existing') === '1',
    });
    if (!created.ok) {
      const r = created.refusal;
      if (r.code === 'csv_refused') {
        const { code, ...params } = r.refusal;
        return refused({ code: `csv_${code}`, params: params as Record<string, number> });
      }
      return refused({ code: r.code });
    }
    return redirect(base(`/${created.id}`), 303);
  } finally {
    await discardFiles(received.files);
  }
}

async function staffUpload(args: Args) {
  const shop = await staffShop(args);
  const upload = await importUploadOf(shop.db, args.params.id ?? '', shop.viewer.id);
  if (!upload) pageNotFound();
  return { ...shop, upload };
}

/** The fields a column can be mapped to, attribute groups 1 to the file's highest (at least 3). */
function fieldOptions(headers: readonly string[]): MappedField[] {
  let groups = 3;
  for (const h of headers) {
    const m = /^attribute:(\d+):/.exec(guessField(h) ?? '');
    if (m) groups = Math.max(groups, Math.min(Number(m[1]), 50));
  }
  const attributes: MappedField[] = [];
  for (let n = 1; n <= groups; n++) {
    for (const part of ['name', 'values', 'visible', 'global', 'default'] as const)
      attributes.push(`attribute:${n}:${part}`);
  }
  return [...IMPORT_FIELDS, ...attributes];
}

function summary(upload: ImportUploadView) {
  return {
    id: upload.id,
    fileName: upload.fileName,
    zipName: upload.zipName,
    rowCount: upload.rowCount,
    updateExisting: upload.updateExisting,
    run: upload.run,
    status: upload.status,
    imported: upload.importedAt !== null,
    doneRows: upload.doneRows,
    created: upload.created,
    updated: upload.updated,
    skipped: upload.skipped,
    notes: upload.notes,
    error: upload.error,
  };
}

/** The mapping step: every column with its field (guessed, or as last chosen). */
export async function loadImportMapping(args: Args, areas: readonly MessageArea[]) {
  const { env, current, locale, t, upload } = await staffUpload(args);
  return {
    upload: summary(upload),
    columns: upload.headers.map((header, i) => ({ header, field: upload.mapping[i] ?? '' })),
    fields: fieldOptions(upload.headers),
    security: sessionNonce(current, env),
    title: `${t('admin.importPage.mapTitle')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

function queueRefusal(outcome: 'busy' | 'imported' | 'no_mapping') {
  return refused({ code: outcome }, outcome === 'no_mapping' ? 400 : 409);
}

/** The mapping form: saved, then the dry run queued. */
export async function handleImportMapping(args: Args) {
  const { db, env, current, upload } = await staffUpload(args);
  const read = await readForm(args.request);
  if (!read.ok) return refused({ code: 'invalid' });
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, String(security[0]), env))
    return refused({ code: 'expired' }, 403);
  const values: string[] = [];
  for (let i = 0; i < upload.headers.length; i++) {
    const all = form.getAll(`map_${i}`);
    if (all.length !== 1 || typeof all[0] !== 'string') return refused({ code: 'mapping_invalid' });
    values.push(all[0]);
  }
  const mapping = checkMapping(values, upload.headers.length);
  if (!mapping) return refused({ code: 'mapping_invalid' });
  const outcome = await queueImportRun(db, enqueue, upload.id, 'dry', mapping);
  if (outcome !== 'queued') return queueRefusal(outcome);
  await signalOutbox(db);
  return redirect(base(`/${upload.id}/progress`), 303);
}

const PAGE = 200;

/** Progress of the run in progress, or the report of the last (a page of its rows). */
export async function loadImportProgress(args: Args, areas: readonly MessageArea[]) {
  const { db, env, current, locale, t, upload } = await staffUpload(args);
  const url = new URL(args.request.url);
  const afterRaw = url.searchParams.get('after') ?? '';
  const after = /^\d{1,7}$/.test(afterRaw) ? Number(afterRaw) : 0;
  const skippedOnly = url.searchParams.get('skipped') === '1';
  const run: ImportRunKind | null = upload.run;
  const finished = upload.status === 'done' || upload.status === 'failed';
  const rows =
    run && finished
      ? await importReportRows(db, upload.id, run, { after, limit: PAGE + 1, skippedOnly })
      : [];
  return {
    upload: summary(upload),
    rows: rows.slice(0, PAGE).map((r) => ({
      line: r.line,
      sku: r.sku,
      name: r.name,
      outcome: r.outcome,
      reason: r.reason,
      params: r.params ?? undefined,
    })),
    next: rows.length > PAGE ? rows[PAGE - 1]!.line : null,
    after,
    skippedOnly,
    security: sessionNonce(current, env),
    title: `${t(run === 'import' ? 'admin.importPage.runTitle' : 'admin.importPage.dryTitle')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** "Import now": queued once; the page then shows its progress. */
export async function handleImportProgress(args: Args) {
  const { db, env, current, upload } = await staffUpload(args);
  const read = await readForm(args.request);
  if (!read.ok) return refused({ code: 'invalid' });
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, String(security[0]), env))
    return refused({ code: 'expired' }, 403);
  if (form.get('intent') !== 'import') return refused({ code: 'invalid' });
  const outcome = await queueImportRun(db, enqueue, upload.id, 'import');
  if (outcome !== 'queued') return queueRefusal(outcome);
  await signalOutbox(db);
  return redirect(base(`/${upload.id}/progress`), 303);
}
