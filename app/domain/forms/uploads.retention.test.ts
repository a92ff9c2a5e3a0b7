import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_RETENTION_MS, purgeOldUploads } from './uploads.server.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('upload retention', () => {
  it('removes files older than the retention period and keeps newer ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'old'), 'x');
    writeFileSync(path.join(dir, 'new'), 'y');
    const past = (Date.now() - UPLOAD_RETENTION_MS - 60_000) / 1000;
    utimesSync(path.join(dir, 'old'), past, past);
    expect(await purgeOldUploads(dir)).toBe(1);
    expect(readdirSync(dir)).toEqual(['new']);
    expect(await purgeOldUploads(path.join(dir, 'missing'))).toBe(0);
  });
});
