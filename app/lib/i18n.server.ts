import { readCookie } from './cookies.ts';
import { type Locale, isLocale } from '#app/lib/locale.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import {
  type MessageArea,
  type Messages,
  type PageMessages,
  type Translate,
  inAreas,
  translator,
} from './i18n.ts';

export const LANG_COOKIE = 'lang';

const catalogs: Record<Locale, Messages> = { de, en };

const parts = new Map<string, PageMessages>();

/** The catalog parts a page renders; the whole catalog stays on the server. */
export function messagesFor(locale: Locale, areas: readonly MessageArea[]): PageMessages {
  const id = `${locale}|${areas.join(',')}`;
  let part = parts.get(id);
  if (!part) {
    part = Object.fromEntries(
      Object.entries(catalogs[locale]).filter(([key]) => inAreas(key, areas)),
    ) as PageMessages;
    parts.set(id, part);
  }
  return part;
}

/** The shopper's language: the `lang` cookie, else the shop's default. */
export function requestLocale(request: Request, fallback: Locale): Locale {
  const chosen = readCookie(request.headers.get('cookie'), LANG_COOKIE);
  return isLocale(chosen) ? chosen : fallback;
}

export function serverTranslator(locale: Locale): Translate {
  return translator(locale, catalogs[locale]);
}
