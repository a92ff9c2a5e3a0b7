import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { openTestDatabase } from '../../tests/support/database.ts';
import { pruneBackups, runBackupJob } from './backup.ts';
import { copyRow, loadSqlDump } from './sql-load.ts';

let handle: DatabaseHandle;
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-job-'));

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

async function* linesOf(text: string) {
  yield* text.split('\n');
}

async function statements(text: string, settings = ['statement_timeout']) {
  const sent: string[] = [];
  await loadSqlDump(linesOf(text), {
    settings: new Set(settings),
    exec: async (sql) => void sent.push(sql),
  });
  return sent.join('\n');
}

describe('loading a SQL dump', () => {
  it('turns COPY rows into INSERTs with NULLs, escapes and quotes', () => {
    expect(copyRow("1\t\\N\tTab\\there\\nnew\tit's\t\\\\x00ff")).toBe(
      "'1',NULL,'Tab\there\nnew','it''s','\\x00ff'",
    );
  });

  it('skips psql commands and settings the target lacks, and keeps quoted semicolons', async () => {
    const sql = await statements(
      [
        '\\restrict abc',
        'SET transaction_timeout = 0;',
        'SET statement_timeout = 0;',
        "INSERT INTO public.t VALUES (1, 'a;b', 'line",
        "-- not a comment; inside the string'), (2, $x$ ; $x$, E'\\'; ');",
        'COPY public.u (id, name) FROM stdin;',
        '1\tErika',
        '\\.',
        '\\unrestrict abc',
      ].join('\n'),
    );
    expect(sql).not.toContain('restrict');
    expect(sql).not.toContain('transaction_timeout');
    expect(sql).toContain('SET statement_timeout = 0;');
    expect(sql).toContain(
      "INSERT INTO public.t VALUES (1, 'a;b', 'line\n-- not a comment; inside the string'), (2, $x$ ; $x$, E'\\'; ');",
    );
    expect(sql).toContain(
      "INSERT INTO public.u (id, name) OVERRIDING SYSTEM VALUE VALUES ('1','Erika');",
    );
  });
});

describe('the backup job', () => {
  it('writes nothing without BACKUP_DIR', async () => {
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) });
    expect(await runBackupJob(handle.db, env)).toEqual({ written: 0, removed: 0 });
  });

  it('writes a backup into BACKUP_DIR and keeps the newest BACKUP_KEEP', async () => {
    const backups = path.join(dir, 'backups');
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      SESSION_SECRET: 'x'.repeat(32),
      BACKUP_DIR: backups,
      BACKUP_KEEP: '2',
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: (handle as { url?: string }).url } : {}),
    });
    const older = ['backup-20200101-000000.tar.gz', 'backup-20200102-000000.tar.gz'];
    mkdirSync(backups);
    for (const name of older) writeFileSync(path.join(backups, name), 'old');
    writeFileSync(path.join(backups, 'notes.txt'), 'kept');
    const result = await runBackupJob(handle.db, env);
    expect(result.written).toBe(1);
    const left = readdirSync(backups).sort();
    expect(left).toHaveLength(3);
    expect(left).toContain('notes.txt');
    expect(left).not.toContain(older[0]);
    expect(left).toContain(older[1]);
    expect(
      existsSync(
        path.join(
          backups,
          left.find((n) => n.startsWith('backup-'))!,
        ),
      ),
    ).toBe(true);
    expect(pruneBackups(backups, 1)).toHaveLength(1);
  }, 60_000);
});
