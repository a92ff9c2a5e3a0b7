import { createHash } from 'node:crypto';

/** Settings as stored, by key. */
export type SettingValues = Record<string, unknown>;

/** JSON with sorted keys: the database keeps an object's keys in its own order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A short fingerprint of some settings in force: a form carries the one it was filled in
 * against, so a save over someone else's newer change is noticed instead of undoing it.
 */
export function settingsVersion(values: SettingValues): string {
  return createHash('sha256').update(canonicalJson(values)).digest('base64url').slice(0, 22);
}
