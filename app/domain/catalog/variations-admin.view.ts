// The variations tab's answers as the page reads them; safe in the browser.
import type { SwatchType } from './catalog.schema.ts';

/** A refused form: the message, the field it is about, what was typed, which variation. */
export type VariationsAnswer = {
  intent: string;
  message: string;
  field?: string;
  values?: Record<string, string>;
  errors?: { field: string; message: string }[];
  variationId?: number;
};

export const SWATCH_TYPE_CHOICES: readonly SwatchType[] = ['select', 'color', 'image', 'label'];

/** Cents as a price field shows them ("19.90"), '' for none (inherits the parent). */
export function formatMoneyInput(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
