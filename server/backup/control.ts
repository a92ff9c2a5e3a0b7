import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '#app/lib/db.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { logger } from '#app/lib/log.server.ts';
import { BackupError, createBackup } from './backup.ts';

/**
 * The embedded database belongs to the shop's process, so `npm run backup` asks the running
 * shop for the backup over a socket in DATA_DIR (reachable only by users who may read the data
 * anyway), and opens the folder itself only when no shop answers there.
 */
export function controlSocketOf(env: Env): string {
  return path.resolve(env.DATA_DIR, 'shop.sock');
}

export async function listenControl(env: Env, db: Database): Promise<() => Promise<void>> {
  const socket = controlSocketOf(env);
  // A socket left by a shop that did not stop cleanly; a running one would have answered.
  if (existsSync(socket) && !(await shopAnswers(socket))) unlinkSync(socket);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const staging = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-out-'));
    const file = path.join(staging, 'backup.tar.gz');
    createBackup({ env, db, file })
      .then(async () => {
        res.writeHead(200, { 'Content-Type': 'application/gzip' });
        await pipeline(createReadStream(file), res);
      })
      .catch((error: Error) => {
        logger.error(`backup failed: ${error.message.split('\n')[0]}`);
        if (!res.headersSent) res.writeHead(500).end(error.message.split('\n')[0]);
        else res.destroy();
      })
      .finally(() => rmSync(staging, { recursive: true, force: true }));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
  } catch (error) {
    logger.warn(
      `no backup socket at ${socket} (${(error as Error).message}): back up with the shop stopped`,
    );
    return async () => {};
  }
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

function shopAnswers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ socketPath: socket, path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });
}

/** Asks a running shop for a backup into `file`; false when no shop runs on DATA_DIR. */
export async function backupFromRunningShop(env: Env, file: string): Promise<boolean> {
  const socket = controlSocketOf(env);
  if (!existsSync(socket)) return false;
  const res = await new Promise<http.IncomingMessage | null>((resolve, reject) => {
    const req = http.get({ socketPath: socket, path: '/backup' }, resolve);
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
  });
  if (!res) return false;
  if (res.statusCode !== 200) {
    let message = '';
    for await (const chunk of res) message += chunk;
    throw new BackupError(`the running shop could not write the backup: ${message}`);
  }
  const partial = `${file}.partial`;
  await pipeline(res, createWriteStream(partial));
  renameSync(partial, file);
  return true;
}

/** Whether a shop runs on DATA_DIR's embedded database (a restore must not touch it then). */
export function shopRunsOn(env: Env): Promise<boolean> {
  const socket = controlSocketOf(env);
  return existsSync(socket) ? shopAnswers(socket) : Promise.resolve(false);
}
