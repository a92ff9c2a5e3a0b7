import type { InvoiceKind } from './invoices.schema.ts';

/** The settings that hold each kind's number pattern. */
export const NUMBER_PATTERN_SETTINGS: Record<InvoiceKind, string> = {
  invoice: 'invoice.number_pattern',
  cancellation: 'invoice.cancellation_number_pattern',
};

export const DEFAULT_PATTERNS: Record<InvoiceKind, string> = {
  invoice: 'RE-{YYYY}-{#####}',
  cancellation: 'ST-{YYYY}-{#####}',
};

const COUNTER = /\{(#{1,12})\}/g;
const YEAR = /\{(YYYY|YY)\}/g;
const TOKEN = /\{[^}]*\}/g;

/**
 * Whether a pattern makes unique numbers: exactly one counter `{#…}` (its length is the least
 * number of digits) and a year `{YYYY}` or `{YY}`, since the counter starts again each year;
 * besides, letters, digits and `-_.` only (the number is part of a file name), 40 characters at most.
 */
export function isValidPattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > 40) return false;
  const counters = pattern.match(COUNTER) ?? [];
  const years = pattern.match(YEAR) ?? [];
  const tokens = pattern.match(TOKEN) ?? [];
  if (counters.length !== 1 || years.length === 0) return false;
  if (tokens.length !== counters.length + years.length) return false;
  return /^[A-Za-z0-9\-_.]*$/.test(pattern.replace(TOKEN, ''));
}

/** `RE-{YYYY}-{#####}`, 2026, 42 → `RE-2026-00042`. */
export function formatInvoiceNumber(pattern: string, year: number, sequence: number): string {
  return pattern
    .replace(COUNTER, (_, hashes: string) => String(sequence).padStart(hashes.length, '0'))
    .replace(YEAR, (_, token: string) =>
      token === 'YYYY' ? String(year) : String(year % 100).padStart(2, '0'),
    );
}

/** The calendar year of `at` in Germany, where the shop keeps its books. */
export function bookingYear(at: Date): number {
  return Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(at),
  );
}

/** A number as it may appear in a download address: the pattern's characters only. */
export function isInvoiceNumberShape(text: string): boolean {
  return /^[A-Za-z0-9\-_.]{1,60}$/.test(text) && !text.includes('..');
}
