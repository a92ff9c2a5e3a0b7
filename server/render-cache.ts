/**
 * A short-lived cache of rendered pages for visitors without a session. Such a page holds
 * nothing personal (no session means no cart, no account), so it may be shared between them.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  encoded: Map<string, Buffer>;
  expires: number;
};

export class RenderCache {
  private entries = new Map<string, CachedPage>();
  constructor(
    private ttlMs: number,
    private maxEntries: number,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(key: string, page: Omit<CachedPage, 'expires' | 'encoded'>, now = Date.now()): CachedPage {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = { ...page, encoded: new Map(), expires: now + this.ttlMs };
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
