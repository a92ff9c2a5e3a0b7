import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { type Database, openDatabase } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { BackupError, dumpPglite, dumpPostgres } from './dump.ts';
import { type SqlTarget, loadSqlDump } from './sql-load.ts';

export { BackupError };

/**
 * A backup is one .tar.gz: backup.json (what it holds), database.sql (a plain SQL dump that
 * psql reads too) and files/<folder>/ for each folder of DATA_DIR that holds the shop's files:
 * pictures (media) and issued invoices (invoices), whichever exist.
 */
export const FILE_FOLDERS = ['media', 'invoices'] as const;
const FORMAT = 'ladenzeile-backup';

export type Manifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  folders: string[];
};

export function pgdataOf(env: Env): string {
  return path.resolve(env.DATA_DIR, 'pgdata');
}

/**
 * Writes a backup of the database `db` (the running shop's, or one opened for it) and the file
 * folders to `file`, through a partial file renamed at the end. The files are copied after the
 * dump, so every file the dumped rows name is there.
 */
export async function createBackup(options: { env: Env; db: Database; file: string }) {
  const { env, db, file } = options;
  const staging = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
  try {
    const client = (db as unknown as { $client: unknown }).$client;
    const kind = client instanceof PGlite ? 'pglite' : 'postgres';
    const sqlFile = path.join(staging, 'database.sql');
    if (client instanceof PGlite) await dumpPglite(client, sqlFile);
    else await dumpPostgres(env.DATABASE_URL!, sqlFile);
    const folders: string[] = [];
    for (const folder of FILE_FOLDERS) {
      const source = path.resolve(env.DATA_DIR, folder);
      if (!existsSync(source)) continue;
      cpSync(source, path.join(staging, 'files', folder), { recursive: true });
      folders.push(folder);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      folders,
    };
    writeFileSync(path.join(staging, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    const entries = ['backup.json', 'database.sql', ...(folders.length ? ['files'] : [])];
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` backups the job wrote into `dir`; their names sort by time. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => /^backup-\d{8}-\d{6}\.tar\.gz$/.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `backup-${stamp}.tar.gz`;
}

/**
 * Restores a backup into the configured database (DATABASE_URL, else DATA_DIR's embedded one)
 * and DATA_DIR's file folders. Refuses a database or folder that holds anything unless
 * `force`, which replaces it. One transaction: a failed restore leaves the database empty.
 */
export async function restoreBackup(options: { env: Env; file: string; force: boolean }) {
  const { env, file, force } = options;
  const staging = mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = readManifest(staging);
    for (const folder of FILE_FOLDERS) {
      const target = path.resolve(env.DATA_DIR, folder);
      if (!force && existsSync(target) && readdirSync(target).length > 0) {
        throw new BackupError(`${target} is not empty; restore with --force to replace it`);
      }
    }
    const lines = () =>
      createInterface({
        input: createReadStream(path.join(staging, 'database.sql'), 'utf8'),
        crlfDelay: Infinity,
      });
    if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, lines, force);
    else await restorePglite(pgdataOf(env), lines, force);
    for (const folder of FILE_FOLDERS) {
      const target = path.resolve(env.DATA_DIR, folder);
      const source = path.join(staging, 'files', folder);
      if (!manifest.folders.includes(folder) || !existsSync(source)) continue;
      rmSync(target, { recursive: true, force: true });
      cpSync(source, target, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'backup.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError('not a backup of the shop: backup.json is missing');
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) {
    throw new BackupError(
      `not a backup of the shop this release can read (${manifest.format} ${manifest.version})`,
    );
  }
  if (!existsSync(path.join(dir, 'database.sql')))
    throw new BackupError('the backup holds no database.sql');
  return manifest;
}

const TABLE_COUNT = `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%'`;
const SETTING_NAMES = 'select lower(name) as name from pg_settings';
/** What --force replaces: the shop's schemas, recreated empty in the restore's transaction. */
const EMPTY_SCHEMAS =
  'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;';

async function restorePglite(dataDir: string, lines: () => AsyncIterable<string>, force: boolean) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0 && !force) {
    throw new BackupError(`${dataDir} holds a database; restore with --force to replace it`);
  }
  let handle;
  try {
    handle = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    // A folder the embedded database cannot open is replaced whole.
    if (!force) throw error;
    rmSync(dataDir, { recursive: true, force: true });
    handle = await openDatabase({ kind: 'pglite', dataDir });
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  try {
    const tables = (await client.query<{ n: number }>(TABLE_COUNT)).rows[0]!.n;
    const names = (await client.query<{ name: string }>(SETTING_NAMES)).rows;
    const target = {
      exec: (sql: string) => client.exec(sql),
      settings: new Set(names.map((r) => r.name)),
    };
    await loadInTransaction(target, lines, tables > 0 ? EMPTY_SCHEMAS : '');
  } finally {
    await handle.close();
  }
}

async function restorePostgres(url: string, lines: () => AsyncIterable<string>, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query<{ n: number }>(TABLE_COUNT)).rows[0]!.n;
    if (tables > 0 && !force) {
      throw new BackupError('the database holds tables; restore with --force to replace them');
    }
    const names = (await client.query<{ name: string }>(SETTING_NAMES)).rows;
    const target: SqlTarget = {
      exec: (sql) => client.query(sql),
      settings: new Set(names.map((r) => r.name)),
    };
    await loadInTransaction(target, lines, tables > 0 ? EMPTY_SCHEMAS : '');
  } finally {
    await client.end();
  }
}

async function loadInTransaction(
  target: SqlTarget,
  lines: () => AsyncIterable<string>,
  before = '',
) {
  await target.exec('begin');
  try {
    if (before) await target.exec(before);
    // Read from here on: lines read before anyone iterates them would be lost.
    await loadSqlDump(lines(), target);
    await target.exec('commit');
  } catch (error) {
    await target.exec('rollback').catch(() => {});
    throw new BackupError(
      `the database could not be restored: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

/** The daily backup job: one file into BACKUP_DIR, then only the newest BACKUP_KEEP kept. */
export async function runBackupJob(db: Database, env: Env) {
  if (!env.BACKUP_DIR) return { written: 0, removed: 0 };
  const dir = path.resolve(env.BACKUP_DIR);
  await createBackup({ env, db, file: path.join(dir, backupFileName()) });
  return { written: 1, removed: pruneBackups(dir, env.BACKUP_KEEP).length };
}
