// Saving a section of the settings area: only what changed, one audit entry per setting.
import { sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type SettingValues,
  canonicalJson,
  settingsVersion,
} from '#app/domain/settings/settings-version.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { type Actor, changesOf, recordChange } from './audit.server.ts';

export type SectionSave =
  | { ok: true; changed: string[] }
  /** The settings changed since the form was loaded; nothing was saved. */
  | { ok: false; version: string };

/**
 * Saves the settings of a section that differ from those in force, each with its audit entry,
 * in one transaction. With `seenVersion`, saves only while the settings are still those the
 * form was filled in against; concurrent saves of a section take turns on its lock, so the
 * second one sees the first.
 */
export async function saveSettingSection(
  db: Tx,
  section: {
    lock: string;
    read: (tx: Tx) => Promise<SettingValues>;
    /** The values to save, given those in force. */
    next: (current: SettingValues) => SettingValues;
  },
  actor: Actor,
  seenVersion: string | undefined,
): Promise<SectionSave> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${section.lock}))`);
    const current = await section.read(tx);
    if (seenVersion !== undefined && seenVersion !== settingsVersion(current)) {
      return { ok: false, version: settingsVersion(current) };
    }
    const changed: string[] = [];
    for (const [key, value] of Object.entries(section.next(current))) {
      if (canonicalJson(current[key]) === canonicalJson(value)) continue;
      await putSetting(tx, key, value);
      await recordChange(tx, actor, {
        entity: 'setting',
        entityId: key,
        action: 'update',
        before: { value: current[key] ?? null },
        after: { value },
      });
      changed.push(key);
    }
    return { ok: true, changed };
  });
}

/** The latest changes of these settings, newest first. */
export function settingChanges(db: Tx, keys: string[], limit = 20) {
  return changesOf(db, 'setting', keys, { limit });
}
