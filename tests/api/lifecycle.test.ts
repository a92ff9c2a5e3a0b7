import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, waitForDatabase } from '#app/lib/db.server.ts';
import { startTestShop } from '../support/shop.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((c) => c.kill('SIGKILL'));
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-life-'));
  dirs.push(dir);
  return dir;
}

/** Runs the built server entry and collects what it prints. */
function runShop(env: Record<string, string>) {
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) resolve(match[0]);
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.on('exit', () =>
        pattern.test(output) ? resolve(pattern.exec(output)![0]) : reject(new Error(output)),
      );
      check();
    });
  return { child, exited, printed, output: () => output };
}

describe('start-up and shutdown', () => {
  it('stops with one line naming the variable when the configuration is invalid', async () => {
    const run = runShop({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Invalid configuration: PORT Invalid input: expected number, received NaN',
    );
  });

  it('refuses a data folder that holds something else, with one clear line', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pgdata'));
    writeFileSync(path.join(dataDir, 'pgdata', 'notes.txt'), 'not a database');
    const run = runShop({ DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/is not empty and holds no database/);
  });

  it('refuses a database folder of another PostgreSQL version, with one clear line', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pgdata'));
    writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '13\n');
    const run = runShop({ DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^The database folder .* was written by PostgreSQL 13/);
  });

  it('says it is retrying while PostgreSQL cannot be reached', async () => {
    const run = runShop({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(await run.printed(/database not reachable \(.*\); retrying in [\d.]+ s/)).toBeTruthy();
    run.child.kill('SIGKILL');
  });

  it('gives up on an unreachable database with a clear error after its attempts', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
    });
    const lines: string[] = [];
    await expect(
      waitForDatabase(handle, { attempts: 3, firstDelayMs: 10, log: (l) => lines.push(l) }),
    ).rejects.toThrow(/^The database cannot be reached: /);
    expect(lines).toHaveLength(2);
    await handle.close();
  });

  it('starts, reuses its data on the second start, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    for (let start = 0; start < 2; start++) {
      const run = runShop({ DATA_DIR: dataDir });
      const ready = await run.printed(/shop ready on (http:\/\/\S+)/);
      const url = ready.replace('shop ready on ', '');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('SIGTERM: finishing open requests');
    }
    // Two real starts, the first seeding the demo catalog with its pictures.
  }, 120_000);

  it('answers 503 on /healthz when the database is gone', async () => {
    const shop = await startTestShop();
    await shop.database.close();
    const res = await fetch(`${shop.url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'down' });
    await shop.close().catch(() => {});
  });
});
