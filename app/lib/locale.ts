export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

/** The Intl tag for numbers, dates, money and country names; English is an EU English. */
export function intlLocale(locale: Locale): 'de-DE' | 'en-IE' {
  return locale === 'de' ? 'de-DE' : 'en-IE';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
