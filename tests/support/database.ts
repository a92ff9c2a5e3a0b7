import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type DatabaseHandle,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
} from '#app/lib/db.server.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (npm run test:postgres), whose
 * `url` other processes can open too. Both start from a template migrated once per set of
 * migrations: running the migrations takes seconds, copying their result a fraction of that.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', from: await pgliteTemplate() });
    await migrateDatabase(handle);
    return handle;
  }
  const { name, url } = await createTestDatabase(serverUrl, await postgresTemplate(serverUrl));
  const handle = await openDatabase({ kind: 'postgres', url, max: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** An empty database of its own on the PostgreSQL server (or a copy of `template`), and its URL. */
export async function createTestDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string }> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return { name, url: databaseUrl(serverUrl, name) };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Names the migrations' content: a changed or added migration makes a new template. */
function migrationsDigest(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  hash.update(readFileSync(path.join(folder, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TEMPLATE_DIR = path.resolve('node_modules/.cache/shop-test-database');
let pgliteTemplateBlob: Promise<Blob> | undefined;

/** The migrated embedded database as PGlite's dump, kept on disk for every test process. */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateBlob ??= (async () => {
    const file = path.join(TEMPLATE_DIR, `pglite-${migrationsDigest()}.tar`);
    if (!existsSync(file)) {
      const handle = await openDatabase({ kind: 'pglite' });
      await migrateDatabase(handle);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      await handle.close();
      mkdirSync(TEMPLATE_DIR, { recursive: true });
      // Templates of other migrations unused for a day are gone for good; newer ones may
      // belong to another checkout sharing this folder.
      for (const old of readdirSync(TEMPLATE_DIR)) {
        const oldFile = path.join(TEMPLATE_DIR, old);
        if (old.startsWith('pglite-') && Date.now() - statSync(oldFile).atimeMs > DAY_MS) {
          rmSync(oldFile, { force: true });
        }
      }
      // Written aside and renamed: a process starting meanwhile never reads half a file.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteTemplateBlob;
}

const postgresTemplates = new Map<string, Promise<string>>();

/** A migrated database on the server that test databases are copied from. */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = createPostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `shop_template_${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Test processes start together: one builds the template, the others wait for it.
    await admin.query('select pg_advisory_lock(72177102)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(serverUrl, building),
        max: 1,
      });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(72177102)').catch(() => {});
    await admin.end();
  }
  return name;
}
