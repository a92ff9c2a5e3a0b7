// `npm run backup -- [FILE]` and `npm run restore -- FILE [--force]`.
import path from 'node:path';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import { DatabaseStartError, openDatabase } from '#app/lib/db.server.ts';
import { BackupError, backupFileName, createBackup, pgdataOf, restoreBackup } from './backup.ts';
import { backupFromRunningShop, shopRunsOn } from './control.ts';

async function run(args: string[]) {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const file = rest.find((a) => !a.startsWith('--'));
  const env = parseEnv();
  if (command === 'backup') {
    const target = path.resolve(file ?? path.join(env.BACKUP_DIR ?? '.', backupFileName()));
    if (env.DATABASE_URL) {
      const handle = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 1 });
      try {
        await createBackup({ env, db: handle.db, file: target });
      } finally {
        await handle.close();
      }
    } else if (!(await backupFromRunningShop(env, target))) {
      // No shop runs on this folder: the database is opened here, read and closed.
      const handle = await openDatabase({ kind: 'pglite', dataDir: pgdataOf(env) });
      try {
        await createBackup({ env, db: handle.db, file: target });
      } finally {
        await handle.close();
      }
    }
    console.log(`backup written to ${target}`);
    return;
  }
  if (command === 'restore' && file) {
    if (!env.DATABASE_URL && (await shopRunsOn(env))) {
      throw new BackupError(`a shop is running on ${env.DATA_DIR}; stop it before restoring`);
    }
    const manifest = await restoreBackup({ env, file: path.resolve(file), force });
    console.log(
      `restored the backup of ${manifest.createdAt} (${manifest.database}) into ${env.DATABASE_URL ? 'PostgreSQL' : env.DATA_DIR}${manifest.folders.length ? ` with ${manifest.folders.join(', ')}` : ''}`,
    );
    return;
  }
  throw new ConfigError('usage: backup [FILE] | restore FILE [--force]');
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof BackupError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
