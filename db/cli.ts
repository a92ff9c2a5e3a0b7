// Database commands: `migrate`, `seed`, `reset` (npm run db:migrate / db:seed / db:reset).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import { DatabaseStartError } from '#app/lib/db.server.ts';
import { mediaDirOf, openShopDatabase, seedIfEmpty } from '#server/boot.ts';

async function run(command: string | undefined) {
  const env = parseEnv();
  if (command === 'reset') {
    if (env.DATABASE_URL) {
      const handle = await openShopDatabase(env);
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
      await handle.close();
      console.log('PostgreSQL schema dropped');
    } else {
      rmSync(path.resolve(env.DATA_DIR, 'pgdata'), { recursive: true, force: true });
      console.log(`embedded database in ${env.DATA_DIR} removed`);
    }
    rmSync(mediaDirOf(env), { recursive: true, force: true });
  }
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') {
    throw new ConfigError('usage: cli.ts migrate | seed | reset');
  }
  const handle = await openShopDatabase(env);
  console.log('migrations applied');
  if (command !== 'migrate') await seedIfEmpty(handle, env);
  await handle.close();
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DatabaseStartError ? error.message : error,
  );
  process.exit(1);
});
