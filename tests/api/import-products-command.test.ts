import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'import-command-'));
  writeFileSync(
    path.join(dir, 'products.csv'),
    '\uFEFFType,SKU,Name,Regular price\nsimple,CMD-1,Becher,4.50\nsimple,CMD-2,Teller,zwölf\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run import-products` as a shop owner runs it, on an embedded database in `dataDir`. */
function command(args: string[], dataDir: string) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync('npx', ['tsx', 'scripts/import-products.ts', ...args], {
    env: { ...env, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 240_000,
  });
}

describe('npm run import-products', () => {
  it('prints the row-by-row report of a dry run', () => {
    const data = path.join(dir, 'data');
    const run = command([path.join(dir, 'products.csv'), '--dry-run'], data);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('line 2 created CMD-1');
    expect(run.stdout).toMatch(/line 3 skipped CMD-2: .*Regular price|line 3 skipped CMD-2: /);
    expect(run.stdout).toContain('Dry run: 1 created, 0 updated, 1 skipped.');
  }, 300_000);

  it('refuses while the shop runs on the embedded database', () => {
    const data = path.join(dir, 'running');
    // What a running shop leaves in its data folder: the embedded database's lock file.
    mkdirSync(path.join(data, 'pgdata'), { recursive: true });
    writeFileSync(path.join(data, 'pgdata', 'postmaster.pid'), '1\n');
    const run = command([path.join(dir, 'products.csv')], data);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The shop is running on the embedded database');
  }, 120_000);
});
