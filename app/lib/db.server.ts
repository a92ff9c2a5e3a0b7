import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '#db/schema.ts';
import { type WriteWatch, installWriteNotices, watchPostgresWrites } from './db-writes.server.ts';
import {
  countWrites,
  logPgliteStatements,
  logPoolStatements,
  parseDatesOnce,
  takeTurns,
} from './db-statements.server.ts';
import { logger } from './log.server.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: domain functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query within the time limit. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * A number that moves before and after every statement or transaction that may write. An
   * answer computed while it stood still is as new as the database. The embedded database
   * sees every write pass; on PostgreSQL other instances' writes arrive as notices
   * (decision 0018), and while those cannot be heard the number moves at every call.
   */
  writeGeneration?: () => number;
  /** The same, moved only by writes that may change the settings table. */
  settingsGeneration?: () => number;
  /** PostgreSQL: starts hearing other instances' writes once the schema has its triggers. */
  watchWrites?: WriteWatch;
  /** PostgreSQL: the pool's connections, for the metrics. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

// One map per process: the server entry and the page build each bundle this module, and a
// transaction opened by one is asked about by the other.
const TRANSACTIONS = Symbol.for('ladenzeile.db.transactions');
const registry = globalThis as { [TRANSACTIONS]?: WeakMap<object, Database> };
const databases = (registry[TRANSACTIONS] ??= new WeakMap<object, Database>());

/**
 * The database an open transaction belongs to; null for a database itself or anything else.
 * Per-instance caches of reference data are kept per database, and a transaction may read them.
 */
export function databaseOfTransaction(tx: object): Database | null {
  return databases.get(tx) ?? null;
}

const SETTINGS_GENERATIONS = Symbol.for('ladenzeile.db.settingsGenerations');
const settingsRegistry = globalThis as {
  [SETTINGS_GENERATIONS]?: WeakMap<object, SettingsGeneration>;
};
const settingsGenerations = (settingsRegistry[SETTINGS_GENERATIONS] ??= new WeakMap());

export type SettingsGeneration = {
  current: () => number;
  /** The database's write generation (see `DatabaseHandle.writeGeneration`). */
  writes: () => number;
  /** Every write passes this process (the embedded database): the number is never late. */
  exact: boolean;
};

/**
 * The settings generation of the database that `scope` (a database or one of its
 * transactions) belongs to; null where nothing counts its writes.
 */
export function settingsGenerationOf(scope: object): SettingsGeneration | null {
  return settingsGenerations.get(databaseOfTransaction(scope) ?? scope) ?? null;
}

/**
 * The write generation of `db` when it is a database (not one of its transactions, which may
 * hold writes of their own not yet counted); null otherwise.
 */
export function writeGenerationOf(db: object): (() => number) | null {
  return settingsGenerations.get(db)?.writes ?? null;
}

/** Records every transaction (and savepoint) opened on `db` as belonging to it. */
function trackTransactions(db: Database): Database {
  type Opener = { transaction: (work: (tx: Tx) => Promise<unknown>, config?: unknown) => unknown };
  const track = (owner: Opener) => {
    const open = owner.transaction.bind(owner);
    owner.transaction = (work, config) =>
      open((tx) => {
        databases.set(tx, db);
        track(tx as unknown as Opener);
        return work(tx);
      }, config);
  };
  track(db as unknown as Opener);
  return db;
}

export class DatabaseStartError extends Error {}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** Resolves the migrations folder both from source and from the server bundle. */
export function migrationsFolder(): string {
  if (existsSync(MIGRATIONS_FOLDER)) return MIGRATIONS_FOLDER;
  return path.resolve('db/migrations');
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string /* omitted: in memory */;
      /** A data folder dumped by PGlite to start from (the tests' migrated template). */
      from?: Blob;
    }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.from)
    : openPostgres(options.url, options.max);
}

async function openPglite(dataDir?: string, from?: Blob): Promise<DatabaseHandle> {
  if (dataDir) checkPgliteDirectory(dataDir);
  let client: PGlite;
  try {
    // Product search needs trigram matching (migration 0003 creates the extension).
    // PGlite's own sync step after a query does nothing for a folder on disk (Postgres writes
    // and fsyncs its files itself); awaiting it only queues every query behind a lock
    // (decision 0013).
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(from ? { loadDataDir: from } : {}),
      extensions: { pg_trgm },
      relaxedDurability: true,
    });
    await client.query('select 1');
  } catch (error) {
    throw new DatabaseStartError(
      `The database folder ${dataDir ?? '(memory)'} could not be opened; it is damaged or was written by another program (${describe(error)}). Move it away or run "npm run db:reset".`,
    );
  }
  const generations = countWrites(client);
  takeTurns(client);
  parseDatesOnce(client);
  if (process.env.DB_STATEMENT_LOG) logPgliteStatements(client);
  const db = trackTransactions(drizzlePglite({ client, schema }) as unknown as Database);
  settingsGenerations.set(db, {
    current: generations.settings,
    writes: generations.writes,
    exact: true,
  });
  return {
    db,
    kind: 'pglite',
    writeGeneration: generations.writes,
    settingsGeneration: generations.settings,
    ping: async (timeoutMs = 2000) =>
      withTimeout(
        client.query('select 1').then(() => true),
        timeoutMs,
      ),
    close: () => client.close(),
  };
}

/** PGlite aborts the process on some foreign folders, so they are recognised before opening. */
function checkPgliteDirectory(dataDir: string) {
  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (!existsSync(dataDir)) return;
  if (!existsSync(versionFile)) {
    const entries = existsSync(dataDir) ? readdirSafe(dataDir) : [];
    if (entries.length === 0) return;
    throw new DatabaseStartError(
      `The database folder ${dataDir} is not empty and holds no database. Move it away or set DATA_DIR to another folder.`,
    );
  }
  const version = readFileSync(versionFile, 'utf8').trim();
  if (!/^1[78]$/.test(version)) {
    throw new DatabaseStartError(
      `The database folder ${dataDir} was written by PostgreSQL ${version}, which the embedded database cannot read. Move it away or set DATABASE_URL.`,
    );
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * pg-pool uses one timeout both for connecting and for waiting for a free connection. Under a
 * burst (a sale's last units) requests queue behind the row lock for longer than a connect
 * should take; failing them after a few seconds would turn a slow order into a lost one. A
 * refused connection still fails at once; the health check has its own short timeout.
 */
const POOL_WAIT_MS = 30_000;

async function openPostgres(url: string, max = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: POOL_WAIT_MS });
  // Errors of idle clients (server restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) => logger.error(`database: ${describe(error)}`));
  if (process.env.DB_STATEMENT_LOG) logPoolStatements(pool);
  const db = trackTransactions(drizzlePg({ client: pool, schema }) as unknown as Database);
  const writes = watchPostgresWrites(pool, url);
  settingsGenerations.set(db, {
    current: writes.settingsGeneration,
    writes: writes.generation,
    exact: false,
  });
  return {
    db,
    kind: 'postgres',
    writeGeneration: writes.generation,
    settingsGeneration: writes.settingsGeneration,
    watchWrites: writes,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async (timeoutMs = 2000) =>
      withTimeout(
        pool.query('select 1').then(() => true),
        timeoutMs,
      ),
    close: async () => {
      await writes.close();
      await pool.end();
    },
  };
}

/** Waits for PostgreSQL with exponential backoff, logging one line per failed attempt. */
export async function waitForDatabase(
  handle: DatabaseHandle,
  { attempts = 8, firstDelayMs = 500, log = (line: string) => logger.warn(line) } = {},
): Promise<void> {
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.db.execute(sql`select 1`);
      return;
    } catch (error) {
      if (attempt >= attempts) {
        throw new DatabaseStartError(`The database cannot be reached: ${describe(error)}`);
      }
      log(
        `database not reachable (${describe(error)}); retrying in ${Math.round(delay / 100) / 10} s`,
      );
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, migrationsConfig);
    return;
  }
  // Several app instances may start at once: one migrates, the others wait for the lock.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72177101)`);
    await migratePg(tx as never, migrationsConfig);
    await installWriteNotices(tx);
  });
  await handle.watchWrites?.start();
}

/**
 * Whether the database holds every migration this release knows (a newer release's extra ones
 * are fine: migrations only add), or 'unknown' when it cannot be asked.
 */
export async function migrationState(
  handle: DatabaseHandle,
): Promise<'applied' | 'pending' | 'unknown'> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const latest = Math.max(0, ...journal.entries.map((e) => e.when));
  try {
    const result = await handle.db.execute(
      sql`select coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations`,
    );
    const applied = Number((result as unknown as { rows: { latest: string }[] }).rows[0]?.latest);
    return applied >= latest ? 'applied' : 'pending';
  } catch (error) {
    // No migrations table yet: nothing was applied.
    return (error as { code?: string }).code === '42P01' ||
      /does not exist/.test(describe((error as Error).cause ?? error))
      ? 'pending'
      : 'unknown';
  }
}

function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return (error.message || code || error.name).split('\n')[0]!;
  }
  return String(error);
}
