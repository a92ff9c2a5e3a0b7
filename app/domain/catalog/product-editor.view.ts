// What the product editor page gets and answers; safe in the browser.

export type EditorOption = { value: string; label: string };
export type EditorCategory = { id: number; parentId: number | null; name: string };

export type ProductEditorChoices = {
  categories: EditorCategory[];
  shippingClasses: EditorOption[];
  deliveryTimes: EditorOption[];
  depositTypes: EditorOption[];
  manufacturers: EditorOption[];
};

/** A refused or previewed form: every field's problem with what was typed. */
export type ProductEditorAnswer = {
  intent: 'product-editor';
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  /** What was typed: single fields as text, ticked boxes as lists. */
  values?: Record<string, string>;
  lists?: { categories: string[]; allergens: string[] };
  /** After a refused save over someone else's change: the version in force now. */
  version?: string;
  /** A preview asked for without JavaScript: the form comes back with the texts shown. */
  preview?: boolean;
  /** The linked products and tags as ticked and typed. */
  linked?: EditorLinksTyped;
};

export type EditorLinksTyped = {
  upsellIds: string[];
  crossSellIds: string[];
  tagIds: string[];
  upsellAdd: string;
  crossSellAdd: string;
  tagsNew: string;
  groupedIds?: string[];
  groupedAdd?: string;
};

/** The "Linked products" section's data from the loader. */
export type EditorLinked = {
  upsellIds: string[];
  crossSellIds: string[];
  tagIds: string[];
  known: { id: number; name: string; sku: string | null }[];
  offered: { id: number; name: string; sku: string | null }[];
  tags: { id: number; slug: string; name: string }[];
  /** A grouped product's children, in order. */
  groupedIds: string[];
};

/** Product-safety data a published or scheduled product lacks (GPSR): the fields to fill in. */
export type SafetyGaps = ('manufacturer' | 'responsible_person')[];
