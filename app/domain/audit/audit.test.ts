import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { type Actor, changedFields, changesOf, recordChange } from './audit.server.ts';

let handle: DatabaseHandle;
const manager: Actor = { channel: 'admin', id: 7, label: 'chefin@example.org' };

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('changed fields', () => {
  it('keeps only the fields that differ, on both sides', () => {
    expect(
      changedFields(
        { status: 'on-hold', total: 1200, address: { city: 'Kiel' } },
        { status: 'processing', total: 1200, address: { city: 'Kiel' }, paidAt: 'x' },
      ),
    ).toEqual({ before: { status: 'on-hold' }, after: { status: 'processing', paidAt: 'x' } });
  });

  it('keeps a creation or deletion whole', () => {
    expect(changedFields(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
    expect(changedFields({ a: 1 }, null)).toEqual({ before: { a: 1 }, after: null });
  });
});

describe('the audit log', () => {
  it('records who changed what, newest first, per object', async () => {
    const db = handle.db;
    await recordChange(db, manager, {
      entity: 'order',
      entityId: 41,
      action: 'status',
      before: { status: 'on-hold' },
      after: { status: 'processing' },
    });
    await recordChange(db, manager, {
      entity: 'order',
      entityId: 41,
      action: 'note',
      after: { note: 'Paket beschädigt' },
    });
    await recordChange(db, manager, { entity: 'order', entityId: 42, action: 'status' });
    const rows = await changesOf(db, 'order', 41);
    expect(rows.map((r) => r.action)).toEqual(['note', 'status']);
    expect(rows[1]).toMatchObject({
      actorId: 7,
      channel: 'admin',
      actorLabel: 'chefin@example.org',
      before: { status: 'on-hold' },
      after: { status: 'processing' },
    });
    expect(await changesOf(db, 'order', 41, { before: rows[0]!.id })).toHaveLength(1);
  });

  it('records nothing for an update that changed no field', async () => {
    await recordChange(handle.db, manager, {
      entity: 'product',
      entityId: 5,
      action: 'update',
      before: { price: 100 },
      after: { price: 100 },
    });
    expect(await changesOf(handle.db, 'product', 5)).toEqual([]);
  });

  it('is written with the change and gone with its rollback', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await recordChange(tx, manager, { entity: 'order', entityId: 99, action: 'refund' });
        throw new Error('refund failed');
      }),
    ).rejects.toThrow('refund failed');
    expect(await changesOf(handle.db, 'order', 99)).toEqual([]);
  });
});
