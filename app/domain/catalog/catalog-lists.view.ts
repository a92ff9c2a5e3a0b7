// What the catalog list pages answer to their forms; safe in the browser.

/** A refused form: which form (and entry), its messages, and what was typed. */
export type CatalogListAnswer = {
  intent: string;
  message: string;
  field?: string;
  id?: number | null;
  values?: Record<string, string>;
  errors?: { field: string; message: string }[];
};

/** A picture to choose by its thumbnail. */
export type ImageChoice = { id: number; key: string; alt: string };
