/** What a cart form post answers a fetcher with; safe to import in the browser. */
export type CartActionData = {
  ok: boolean;
  message: string;
  intent: string;
  /** The form field a refusal is about (the shipping calculator marks it). */
  field?: string;
  /** What the refused form held, to show it again (the shipping calculator without JavaScript). */
  values?: Record<string, string>;
};
