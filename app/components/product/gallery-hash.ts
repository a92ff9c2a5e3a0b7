// The lightbox's address hash, `#&gid=1&pid=3`: gallery id and picture number (1-based), so
// a shared link opens the same picture. Pure functions, shared by the gallery and its tests.

export type GalleryHash = { gid: number; pid: number };

const POSITIVE_INT = /^[1-9][0-9]{0,5}$/;

/** Reads a hash like `#&gid=1&pid=3`; null when it is not a complete, well-formed lightbox hash. */
export function parseGalleryHash(hash: string): GalleryHash | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body.length > 200) return null;
  const values = new Map<string, string>();
  for (const part of body.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    // A second gid or pid makes the hash ambiguous.
    if (values.has(key)) return null;
    values.set(key, part.slice(eq + 1));
  }
  const gid = values.get('gid');
  const pid = values.get('pid');
  if (!gid || !pid || !POSITIVE_INT.test(gid) || !POSITIVE_INT.test(pid)) return null;
  return { gid: Number(gid), pid: Number(pid) };
}

export function formatGalleryHash({ gid, pid }: GalleryHash): string {
  return `#&gid=${gid}&pid=${pid}`;
}

/** The picture index (0-based) a hash opens in gallery `gid` of `count` pictures, or null. */
export function pictureFromHash(hash: string, gid: number, count: number): number | null {
  const parsed = parseGalleryHash(hash);
  if (!parsed || parsed.gid !== gid || parsed.pid > count) return null;
  return parsed.pid - 1;
}
