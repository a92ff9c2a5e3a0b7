// The hosts an import may fetch pictures from besides the shop itself: one per line, kept as
// origins in the settings (no schema change needed).
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting, putSetting } from '#app/domain/settings/settings.server.ts';

export const PICTURE_HOSTS_KEY = 'catalog.import_picture_hosts';
export const PICTURE_HOSTS_MAX = 50;

const HOST =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * One host per line: `cdn.example`, `cdn.example:8443` or with its scheme
 * (`http://bilder.example`); a bare host means https. The first bad line is refused.
 */
export function parsePictureHosts(
  text: string,
): { ok: true; origins: string[] } | { ok: false; line: number } {
  const origins: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    if (origins.length >= PICTURE_HOSTS_MAX || line.length > 300) return { ok: false, line: i + 1 };
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(line) ? line : `https://${line}`);
    } catch {
      return { ok: false, line: i + 1 };
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!bare || !HOST.test(url.hostname)) return { ok: false, line: i + 1 };
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { ok: true, origins };
}

/** The allow-list as typed back into the form: `https://` left out. */
export const pictureHostsText = (origins: readonly string[]) =>
  origins.map((o) => o.replace(/^https:\/\//, '')).join('\n');

export async function pictureHosts(db: Tx): Promise<string[]> {
  return getSetting(db, PICTURE_HOSTS_KEY, z.array(z.string().max(400)).max(PICTURE_HOSTS_MAX), []);
}

export async function savePictureHosts(db: Tx, origins: string[]): Promise<void> {
  await putSetting(db, PICTURE_HOSTS_KEY, origins.slice(0, PICTURE_HOSTS_MAX));
}
