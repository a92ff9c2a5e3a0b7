import pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mayWriteSettings } from '#app/lib/db-writes.server.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { getSetting, putSetting, settingValues } from './settings.server.ts';

describe('mayWriteSettings', () => {
  it('counts writes that name the settings table or are not row writes', () => {
    for (const write of [
      'insert into "settings" ("key", "value") values ($1, $2)',
      'update "settings" set "value" = $1 where "settings"."key" = $2',
      'delete from settings where key = $1',
      'with gone as (delete from "settings" returning key) select count(*) from gone',
      'truncate carts, settings cascade',
      'truncate jobs',
      'alter table products add column x int',
    ]) {
      expect(mayWriteSettings(write), write).toBe(true);
    }
    for (const other of [
      'select "value" from "settings" where "settings"."key" = $1',
      'insert into "mail_settings_log" values ($1)',
      ' insert into outbox (kind, payload) select $1, $2',
      'update "products" set "stock" = 1',
      'begin',
      'commit',
    ]) {
      expect(mayWriteSettings(other), other).toBe(false);
    }
  });
});

const flag = z.object({ on: z.boolean() });

describe('settings kept per instance', () => {
  let handle: DatabaseHandle & { url?: string };

  beforeAll(async () => {
    handle = await openTestDatabase();
    // On PostgreSQL, values are kept only while other instances' writes can be heard.
    while (handle.watchWrites && !handle.watchWrites.listening()) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  afterAll(async () => {
    await handle.close();
  });

  /** How many queries a piece of work sends through the handle. */
  async function reads(work: () => Promise<unknown>): Promise<number> {
    const select = vi.spyOn(handle.db, 'select');
    try {
      await work();
      return select.mock.calls.length;
    } finally {
      select.mockRestore();
    }
  }

  it('answers a repeated read without the database, and a write at once', async () => {
    await putSetting(handle.db, 'test.kept', { on: true });
    expect(await getSetting(handle.db, 'test.kept', flag, { on: false })).toEqual({ on: true });
    expect(await reads(() => getSetting(handle.db, 'test.kept', flag, { on: false }))).toBe(0);
    await putSetting(handle.db, 'test.kept', { on: false });
    expect(await getSetting(handle.db, 'test.kept', flag, { on: true })).toEqual({ on: false });
  });

  it('keeps an absent key as absent, until it is written', async () => {
    expect(await getSetting(handle.db, 'test.absent', flag, { on: false })).toEqual({ on: false });
    expect(await reads(() => settingValues(handle.db, ['test.absent']))).toBe(0);
    await putSetting(handle.db, 'test.absent', { on: true });
    expect(await getSetting(handle.db, 'test.absent', flag, { on: false })).toEqual({ on: true });
  });

  it('hands out copies: a caller changing its value changes nobody else’s', async () => {
    await putSetting(handle.db, 'test.copy', { list: [1, 2] });
    const first = (await settingValues(handle.db, ['test.copy'])).get('test.copy') as {
      list: number[];
    };
    first.list.push(3);
    expect((await settingValues(handle.db, ['test.copy'])).get('test.copy')).toEqual({
      list: [1, 2],
    });
  });

  it('a transaction reads the database, its own writes included, and others see them after commit', async () => {
    await putSetting(handle.db, 'test.tx', { on: false });
    await getSetting(handle.db, 'test.tx', flag, { on: true });
    await handle.db.transaction(async (tx) => {
      await putSetting(tx, 'test.tx', { on: true });
      expect(await getSetting(tx, 'test.tx', flag, { on: false })).toEqual({ on: true });
    });
    expect(await getSetting(handle.db, 'test.tx', flag, { on: false })).toEqual({ on: true });
  });

  it('a rolled back write leaves the kept value right', async () => {
    await putSetting(handle.db, 'test.rollback', { on: false });
    await getSetting(handle.db, 'test.rollback', flag, { on: true });
    await handle.db
      .transaction(async (tx) => {
        await putSetting(tx, 'test.rollback', { on: true });
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await getSetting(handle.db, 'test.rollback', flag, { on: true })).toEqual({
      on: false,
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a change committed by another connection is seen once its notice arrives',
    async () => {
      await putSetting(handle.db, 'test.remote', { on: false });
      expect(await getSetting(handle.db, 'test.remote', flag, { on: true })).toEqual({ on: false });
      const other = new pg.Client({ connectionString: handle.url });
      await other.connect();
      try {
        await other.query(`update settings set value = '{"on": true}' where key = 'test.remote'`);
      } finally {
        await other.end();
      }
      await expect
        .poll(() => getSetting(handle.db, 'test.remote', flag, { on: false }))
        .toEqual({ on: true });
    },
  );
});
