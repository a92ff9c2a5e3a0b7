// `npm run api-key -- --email <staff account> --permissions read|write|read_write [--description …]`:
// creates a REST API key on the configured database and prints its credentials, once.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { createApiKey } from '#app/domain/api-keys/api-keys.server.ts';
import {
  API_KEY_PERMISSIONS,
  type ApiKeyPermission,
} from '#app/domain/api-keys/api-keys.schema.ts';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import { DatabaseStartError } from '#app/lib/db.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { shopRunsOn } from '#server/backup/control.ts';
import { openShopDatabase } from '#server/boot.ts';

const USAGE =
  'usage: npm run api-key -- --email <administrator or shop manager> --permissions read|write|read_write [--description <text>]';

async function run(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      permissions: { type: 'string' },
      description: { type: 'string' },
    },
    strict: true,
  });
  const permissions = values.permissions as ApiKeyPermission | undefined;
  if (!values.email || !permissions || !API_KEY_PERMISSIONS.includes(permissions)) {
    throw new ConfigError(USAGE);
  }
  const env = parseEnv();
  // The embedded database is one process's alone: while the shop runs, its folder is locked
  // (PGlite keeps a postmaster.pid in it while open; the shop also answers on its socket).
  if (!env.DATABASE_URL) {
    const pgdata = path.resolve(env.DATA_DIR, 'pgdata');
    if ((await shopRunsOn(env)) || existsSync(path.join(pgdata, 'postmaster.pid'))) {
      throw new ConfigError(
        `The shop is running on the embedded database in ${pgdata}: the folder is locked while it runs. Stop the shop, create the key, and start the shop again (or use DATABASE_URL with PostgreSQL). If no shop is running, a crash left the lock behind: start and stop the shop once.`,
      );
    }
  }
  const handle = await openShopDatabase(env, () => {});
  try {
    const created = await createApiKey(
      handle.db,
      { email: values.email, permissions, description: values.description },
      env.API_KEY_SECRET,
      { ...SYSTEM_ACTOR, label: 'npm run api-key' },
    );
    if (!created.ok) {
      throw new ConfigError(
        serverTranslator('en')(created.error.code as never, created.error.params),
      );
    }
    const { consumerKey, consumerSecret } = created.value;
    console.log(
      [
        `API key ${created.value.id} (${permissions}) created for ${values.email.trim().toLowerCase()}.`,
        `Consumer key:    ${consumerKey}`,
        `Consumer secret: ${consumerSecret}`,
        'Keep both now: the secret is not shown again.',
      ].join('\n'),
    );
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    (error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS'));
  console.error(known ? (error as Error).message : error);
  if (known && error instanceof TypeError) console.error(USAGE);
  process.exit(1);
});
