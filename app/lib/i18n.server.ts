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

const plain = new Map<Locale, Translate>();
// The shop's display name (a setting): the server reads it as a request or a job begins. Kept
// on the global object: the server's own modules and the built app each load this module.
const NAME_KEY = Symbol.for('ladenzeile.shop-name');
const holder = globalThis as { [NAME_KEY]?: string };

/** Sets the display name every translator uses for `shop.name` from now on. */
export function setShopDisplayName(name: string): void {
  holder[NAME_KEY] = name;
}

/** The display name in force: the setting last read, else the catalog's. */
export function currentShopName(locale: Locale): string {
  return holder[NAME_KEY] ?? catalogs[locale]['shop.name'];
}

/** The translator of a language, with the shop's display name for the catalog's `shop.name`. */
export function serverTranslator(locale: Locale): Translate {
  let base = plain.get(locale);
  if (!base) {
    base = translator(locale, catalogs[locale]);
    plain.set(locale, base);
  }
  const name = holder[NAME_KEY];
  if (name === undefined || name === catalogs[locale]['shop.name']) return base;
  const own = base;
  return (key, params) => (key === 'shop.name' ? name : own(key, params));
}

/** A page's catalog part with the shop's display name in place of the catalog's. */
export function withShopName(messages: PageMessages, locale: Locale): PageMessages {
  const name = currentShopName(locale);
  return 'shop.name' in messages && messages['shop.name'] !== name
    ? { ...messages, 'shop.name': name }
    : messages;
}
