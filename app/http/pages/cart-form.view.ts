/** What a cart form post answers a fetcher with; safe to import in the browser. */
export type CartActionData = { ok: boolean; message: string; intent: string };
