import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER } from '#app/domain/settings/shop-owner.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import {
  legalVersionInForce,
  legalVersionsByNumber,
  legalVersionsInForce,
  publishLegalVersion,
} from './legal.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('legal page versions', () => {
  it('starts each page at version 1 from the starter texts and keeps it while nothing changes', async () => {
    const first = await legalVersionsInForce(handle.db, ['agb', 'impressum']);
    expect(first.get('agb')!.version).toBe(1);
    expect(first.get('agb')!.content.de.title).toBe('Allgemeine Geschäftsbedingungen');
    expect(first.get('agb')!.content.en.title).toBe('Terms and conditions');
    const again = await legalVersionInForce(handle.db, 'agb');
    expect(again.version).toBe(1);
    expect(again.publishedAt.toISOString()).toBe(first.get('agb')!.publishedAt.toISOString());
  });

  it('publishes a new version when the owner details in the text change, and keeps the old one', async () => {
    const before = await legalVersionInForce(handle.db, 'impressum');
    await putSetting(handle.db, 'shop.owner', { ...UNSET_OWNER, name: 'Ladenzeile Neu GmbH' });
    const after = await legalVersionInForce(handle.db, 'impressum');
    expect(after.version).toBe(before.version + 1);
    expect(JSON.stringify(after.content.de)).toContain('Ladenzeile Neu GmbH');
    const old = await legalVersionsByNumber(handle.db, { impressum: before.version });
    expect(JSON.stringify(old.get('impressum')!.content.de)).not.toContain('Ladenzeile Neu GmbH');
    await putSetting(handle.db, 'shop.owner', UNSET_OWNER);
  });

  it('never replaces a version the owner wrote with the starter text', async () => {
    const template = await legalVersionInForce(handle.db, 'versand-und-zahlung');
    const edited = await publishLegalVersion(handle.db, 'versand-und-zahlung', {
      de: { ...template.content.de, title: 'Versand & Zahlung' },
      en: template.content.en,
    });
    expect(edited.version).toBe(template.version + 1);
    const inForce = await legalVersionInForce(handle.db, 'versand-und-zahlung');
    expect(inForce.version).toBe(edited.version);
    expect(inForce.content.de.title).toBe('Versand & Zahlung');
  });

  it('gives racing publishers distinct numbers', async () => {
    const base = await legalVersionInForce(handle.db, 'datenschutz');
    const published = await Promise.all(
      [1, 2, 3].map(() => publishLegalVersion(handle.db, 'datenschutz', base.content)),
    );
    expect(published.map((p) => p.version).sort()).toEqual([
      base.version + 1,
      base.version + 2,
      base.version + 3,
    ]);
  });

  it('publishes a changed starter text once when checkouts find it at the same time', async () => {
    const before = await legalVersionInForce(handle.db, 'widerruf');
    await putSetting(handle.db, 'shop.owner', { ...UNSET_OWNER, name: 'Gleichzeitig GmbH' });
    // Each checkout in its own transaction, as orders are placed.
    const found = await Promise.all(
      [1, 2, 3, 4, 5].map(() => handle.db.transaction((tx) => legalVersionInForce(tx, 'widerruf'))),
    );
    expect(new Set(found.map((v) => v.version))).toEqual(new Set([before.version + 1]));
    expect((await legalVersionInForce(handle.db, 'widerruf')).version).toBe(before.version + 1);
    await putSetting(handle.db, 'shop.owner', UNSET_OWNER);
  });

  it('finds nothing for unknown or hostile version numbers', async () => {
    const found = await legalVersionsByNumber(handle.db, {
      agb: 999,
      'x\u0000y': 1,
      widerruf: Number.NaN,
    });
    expect(found.size).toBe(0);
  });

  it('reads several named versions in one go and keeps them, also after a newer one', async () => {
    const agb = await legalVersionInForce(handle.db, 'agb');
    const widerruf = await legalVersionInForce(handle.db, 'widerruf');
    const wanted = { agb: agb.version, widerruf: widerruf.version, datenschutz: 999 };
    const first = await legalVersionsByNumber(handle.db, wanted);
    expect([...first.keys()].sort()).toEqual(['agb', 'widerruf']);
    expect(first.get('agb')).toEqual(agb);
    expect(first.get('widerruf')).toEqual(widerruf);
    await putSetting(handle.db, 'shop.owner', { ...UNSET_OWNER, name: 'Ladenzeile Später GmbH' });
    expect((await legalVersionInForce(handle.db, 'agb')).version).toBe(agb.version + 1);
    const again = await legalVersionsByNumber(handle.db, wanted);
    expect(again.get('agb')).toEqual(agb);
    expect(again.has('datenschutz')).toBe(false);
    // Inside a transaction the same answer, read from the database.
    const inside = await handle.db.transaction((tx) => legalVersionsByNumber(tx, wanted));
    expect(inside.get('widerruf')).toEqual(widerruf);
    await putSetting(handle.db, 'shop.owner', UNSET_OWNER);
  });
});
