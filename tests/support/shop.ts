import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { type Env, parseEnv } from '#app/lib/env.server.ts';
import { startShop } from '#server/boot.ts';
import { openTestDatabase } from './database.ts';

const BUILD = path.resolve('build');

export type TestShop = {
  url: string;
  database: DatabaseHandle & { url?: string };
  dataDir: string;
  /** The shop's settings (the Stripe sandbox's keys derive from them). */
  env: Env;
  close(): Promise<void>;
};

/** The built shop on a free loopback port with its own fresh database. Needs `npm run build` first. */
export async function startTestShop(
  options: {
    renderCacheSeconds?: number;
    /** Extra settings, e.g. SMTP_URL; they override the test defaults. */
    env?: Record<string, string>;
  } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  });
  const database = await openTestDatabase();
  const build = (await import(
    pathToFileURL(path.join(BUILD, 'server/index.js')).href
  )) as ServerBuild;
  const shop = await startShop({
    env,
    database,
    build,
    clientDir: path.join(BUILD, 'client'),
    renderCacheSeconds: options.renderCacheSeconds ?? 0,
  });
  return {
    url: shop.url,
    database,
    dataDir,
    env,
    close: async () => {
      await shop.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
