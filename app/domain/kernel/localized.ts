import type { Locale } from '#app/lib/locale.ts';

/** Shop content stored per language; German is the fallback. */
export type Localized = { de: string; en?: string };

export function localize(text: Localized | null | undefined, locale: Locale): string {
  if (!text) return '';
  return (locale === 'de' ? text.de : text[locale] || text.de) ?? '';
}
