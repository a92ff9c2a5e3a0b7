import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

export class BackupError extends Error {}

const DUMP_ARGS = ['--no-owner', '--no-privileges'];

/**
 * The embedded database dumps itself with PGlite's pg_dump, in the shop's own process. It runs
 * while no transaction is open and holds the database for its duration (the shop's requests
 * wait, none fails), so the dump is one consistent state. pg_dump changes session settings of
 * the one connection; they are put back afterwards.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const session = await client.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where source = 'session'`,
  );
  const searchPath = (await client.query<{ search_path: string }>('show search_path')).rows[0]!
    .search_path;
  // pgDump asks for the search path around its run; the answer must not wait for the lock held here.
  const connection = {
    query: async () => ({ rows: [{ search_path: searchPath }] }),
    exec: (sql: string) => client.execProtocol(simpleQuery(sql), { throwOnError: false }),
    execProtocolRawStream: client.execProtocolRawStream.bind(client),
  } as unknown as PGlite;
  const dump = await client._runExclusiveTransaction(async () => {
    try {
      return await pgDump({ pg: connection, args: DUMP_ARGS });
    } finally {
      const restore = session.rows
        .map((s) => `select set_config(${literal(s.name)}, ${literal(s.setting)}, false);`)
        .join(' ');
      for (const statement of ['rollback', 'reset all', restore].filter(Boolean)) {
        await client.execProtocol(simpleQuery(statement), { throwOnError: false });
      }
    }
  });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/** PostgreSQL is dumped by its own pg_dump, in a snapshot of its own while the shop goes on. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', [...DUMP_ARGS, '--format=plain', `--file=${file}`, url], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              'pg_dump is not installed: a PostgreSQL backup needs the PostgreSQL client tools of the server version or newer (Debian: apt-get install postgresql-client)',
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`pg_dump failed: ${errors.trim().split('\n')[0] ?? code}`)),
    );
  });
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A simple-protocol Query message, for statements run while the lock is held. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
