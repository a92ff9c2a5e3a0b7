import { readCookie } from './cookies.ts';
import { type Locale, isLocale } from '#app/lib/locale.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { type Messages, type Translate, translator } from './i18n.ts';

export const LANG_COOKIE = 'lang';

const catalogs: Record<Locale, Messages> = { de, en };

export function messagesFor(locale: Locale): Messages {
  return catalogs[locale];
}

/** The shopper's language: the `lang` cookie, else the shop's default. */
export function requestLocale(request: Request, fallback: Locale): Locale {
  const chosen = readCookie(request.headers.get('cookie'), LANG_COOKIE);
  return isLocale(chosen) ? chosen : fallback;
}

export function serverTranslator(locale: Locale): Translate {
  return translator(locale, catalogs[locale]);
}
