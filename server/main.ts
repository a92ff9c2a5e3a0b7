import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import { DatabaseStartError } from '#app/lib/db.server.ts';
import { logger } from '#app/lib/log.server.ts';
import { storeStartPaymentSettings } from '#app/domain/payments/payment-settings.server.ts';
import { ensureAdmin, openShopDatabase, seedIfEmpty, startShop } from './boot.ts';

const BUILD_DIR = path.resolve('build');

async function main() {
  const env = parseEnv();
  const database = await openShopDatabase(env);
  if (process.env.SEED_DEMO !== 'false') await seedIfEmpty(database, env);
  else await storeStartPaymentSettings(database.db, env);
  await ensureAdmin(database, env);
  const build = (await import(
    pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href
  )) as ServerBuild;
  const shop = await startShop({ env, database, build, clientDir: path.join(BUILD_DIR, 'client') });
  logger.info(
    `shop ready on ${shop.url} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing open requests`);
    await shop.close();
    await database.close();
    logger.info('stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// A start that fails prints one plain line naming the problem, for the person starting it.
main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseStartError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
