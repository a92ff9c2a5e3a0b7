/**
 * A short-lived cache of rendered pages. Pages are rendered for nobody (the server fills in each
 * visitor's parts afterwards), so one rendering may be shared by every visitor, unless its
 * loaders read the session: such a page (the cart) is shared only by visitors without one.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The rendering read the session (it found none): not for visitors who have one. */
  readsSession: boolean;
  /** For answers kept while the database stands still: its write generation then. */
  generation?: number;
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
