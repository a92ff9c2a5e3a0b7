import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import {
  type DatabaseHandle,
  DatabaseStartError,
  migrateDatabase,
  openDatabase,
  waitForDatabase,
} from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { seedDemoCatalog } from '#db/seed/seed.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import { seedDemoPickupPoint, seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { createShopServer } from './app.ts';
import { ensureAdministrator } from '#app/domain/customers/administrator.server.ts';
import { startJobRunner } from './jobs.ts';
import { startOutboxWorker } from './outbox.ts';
import { refreshStripeKeys } from '#app/domain/payments/stripe-keys.server.ts';
import {
  recordShopAddress,
  sandboxActive,
  stripeSetup,
} from '#app/domain/payments/stripe-setup.server.ts';
import { sandboxPump, stopSandboxPump } from '#sandbox/stripe/http/runtime.server.ts';
import { logger } from '#app/lib/log.server.ts';
import { watchDatabase } from '#app/lib/metrics.server.ts';
import type { Lifecycle } from './ops.ts';
import { listenControl } from './backup/control.ts';

export function mediaDirOf(env: Env): string {
  return path.resolve(env.DATA_DIR, 'media');
}

/** Opens the configured database (embedded unless DATABASE_URL is set) and brings its schema up to date. */
export async function openShopDatabase(
  env: Env,
  log: (line: string) => void = (line) => logger.info(line),
): Promise<DatabaseHandle> {
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pgdata') });
  if (handle.kind === 'postgres') await waitForDatabase(handle, { log: (l) => log(l) });
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    if (error instanceof DatabaseStartError) throw error;
    throw new DatabaseStartError(
      `The database schema could not be brought up to date: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return handle;
}

export async function seedIfEmpty(
  handle: DatabaseHandle,
  env: Env,
  log: (line: string) => void = (line) => logger.info(line),
) {
  const started = Date.now();
  const result = await seedDemoCatalog(handle.db, { mediaDir: mediaDirOf(env) });
  if (result.seeded)
    log(
      `demo catalog seeded: ${result.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  if (await seedDemoForms(handle.db)) log('demo contact forms seeded');
  if (await seedDemoShipping(handle.db)) log('demo shipping zones seeded');
  else if (await seedDemoPickupPoint(handle.db)) log('demo pickup-point shipping seeded');
  if (await seedDemoCheckout(handle.db)) log('demo payment methods seeded');
}

/** Outside production, the administrator's address when ADMIN_EMAIL is not set. */
export const DEVELOPMENT_ADMIN_EMAIL = 'shop-manager@example.com';

/**
 * The administrator from ADMIN_EMAIL and ADMIN_PASSWORD (an existing account with the address
 * is promoted). There is never a default password: in production both must be set (or
 * neither, for no administrator); in development a missing
 * password is generated once, printed once and kept in DATA_DIR/admin-password.
 */
export async function ensureAdmin(
  handle: DatabaseHandle,
  env: Env,
  log: (line: string) => void = (line) => logger.info(line),
): Promise<void> {
  let email = env.ADMIN_EMAIL;
  let password = env.ADMIN_PASSWORD;
  // Production without both (parseEnv refuses one alone), or a test shop: no administrator.
  if ((env.NODE_ENV === 'production' && !password) || (env.NODE_ENV === 'test' && !email)) {
    return;
  }
  email ??= DEVELOPMENT_ADMIN_EMAIL;
  let generated = false;
  if (!password) {
    const file = path.join(env.DATA_DIR, 'admin-password');
    if (existsSync(file)) {
      password = readFileSync(file, 'utf8').trim();
    } else {
      password = randomBytes(18).toString('base64url');
      mkdirSync(env.DATA_DIR, { recursive: true });
      writeFileSync(file, `${password}\n`, { mode: 0o600 });
      generated = true;
    }
  }
  const created = await ensureAdministrator(handle.db, { email, password });
  if (created && generated) {
    log(`administrator created: ${email} with the generated password ${password}`);
    log(`(kept in ${path.join(env.DATA_DIR, 'admin-password')}; change it under /my-account)`);
  } else if (created) {
    log(`administrator created: ${email}`);
  }
}

export type RunningShop = {
  url: string;
  server: ReturnType<typeof createShopServer>;
  /** Stops taking connections, finishes open requests and the running job (bounded). */
  close(): Promise<void>;
};

export async function startShop(options: {
  env: Env;
  database: DatabaseHandle;
  build: ServerBuild;
  clientDir: string;
  renderCacheSeconds?: number;
}): Promise<RunningShop> {
  const { env, database, build, clientDir } = options;
  // Refuses to start with a Stripe configuration that must not run (sandbox in production, live keys elsewhere).
  await refreshStripeKeys(env, database.db);
  stripeSetup(env);
  const lifecycle: Lifecycle = { stopping: false };
  const server = createShopServer({
    lifecycle,
    build,
    context: { db: database.db, env, database },
    clientDir,
    mediaDir: mediaDirOf(env),
    renderCacheSeconds: options.renderCacheSeconds,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // The sandbox's SDK client and webhook deliveries reach the shop on the port it really got.
  recordShopAddress(env, { host: env.HOST, port });
  // Started after listening and never awaited: the first check must not hold up readiness.
  const jobs =
    env.JOBS === 'on'
      ? startJobRunner({ db: database.db, env, closeTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000 })
      : null;
  const unwatch = watchDatabase(database);
  // `npm run backup` reaches the embedded database through the shop that holds it.
  const closeControl =
    database.kind === 'pglite' ? await listenControl(env, database.db) : async () => {};
  // Mails and provider calls queued by this instance's order changes; with jobs on, also what
  // other instances left (retries, a crashed instance's work).
  const outbox = startOutboxWorker({ db: database.db, env }, { poll: env.JOBS === 'on' });
  // Webhook deliveries and delayed transitions recorded before a restart resume now.
  if (sandboxActive(env)) sandboxPump(env, database.db).kick();
  const closeServer = () =>
    new Promise<void>((resolve) => {
      // Connections go as soon as their last answer is out: kept-alive ones would hold the close.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearInterval(idle);
        resolve();
      });
      server.closeIdleConnections();
      // Requests still running after SHUTDOWN_TIMEOUT are cut off.
      setTimeout(() => {
        clearInterval(idle);
        server.closeAllConnections();
        resolve();
      }, env.SHUTDOWN_TIMEOUT * 1000).unref();
    });
  return {
    url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`,
    server,
    close: async () => {
      lifecycle.stopping = true;
      stopSandboxPump(env);
      await Promise.all([closeServer(), jobs?.close(), outbox?.close(), closeControl()]);
      unwatch();
    },
  };
}
