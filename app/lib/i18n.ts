import { createContext, useContext, useMemo } from 'react';
import { useMatches } from 'react-router';
import type { MessageKey, Messages } from './messages/de.ts';
import { type Locale, DEFAULT_LOCALE, intlLocale } from '#app/lib/locale.ts';

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;
type PluralBase<K> = K extends `${infer B}_one` ? B : never;
/** A catalog key, or the stem of a plural pair (`x` for `x_one`/`x_other`). */
export type TextKey = MessageKey | PluralBase<MessageKey>;
export type Translate = (key: TextKey, params?: Params) => string;

type AreaOf<K> = K extends `${infer Area}.${string}` ? Area : never;
/** A part of the catalog a page needs: every key of an area (`cart`), or a single key. */
export type MessageArea = AreaOf<MessageKey> | TextKey;
/** The catalog parts a page sends to the browser. */
export type PageMessages = Partial<Messages>;
/** A route module's `handle`: the catalog parts its loader sends as `messages`. */
export type MessagesHandle = { messageAreas: readonly MessageArea[] };

/** Whether a key belongs to one of the areas; a plural pair belongs to its stem. */
export function inAreas(key: string, areas: readonly MessageArea[]): boolean {
  return areas.some(
    (area) =>
      key === area ||
      key.startsWith(`${area}.`) ||
      key === `${area}_one` ||
      key === `${area}_other`,
  );
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function plural(locale: Locale, count: number): 'one' | 'other' {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count) === 'one' ? 'one' : 'other';
}

/** Builds `t`: keys ending in _one/_other are chosen by the `count` parameter. */
export function translator(locale: Locale, messages: PageMessages): Translate {
  return (key, params) => {
    let text: string | undefined = messages[key as MessageKey];
    if (text === undefined && params && typeof params.count === 'number') {
      text = messages[`${key}_${plural(locale, params.count)}` as MessageKey];
    }
    if (text === undefined) return key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
  };
}

export type I18n = { locale: Locale; t: Translate };

export const I18nContext = createContext<I18n>({
  locale: DEFAULT_LOCALE,
  t: (key) => key,
});

export function useI18n(): I18n {
  return useContext(I18nContext);
}

function messagesOf(loaderData: unknown): PageMessages | undefined {
  if (typeof loaderData !== 'object' || loaderData === null || !('messages' in loaderData)) {
    return undefined;
  }
  return loaderData.messages as PageMessages;
}

/**
 * The translator of the page on screen: the root's catalog parts (header, footer, errors)
 * merged with those every matched route's loader sent. Server and browser render with the
 * same merged set, so a key a page forgot to declare shows up before hydration too.
 */
export function usePageI18n(locale: Locale, fallback: PageMessages): I18n {
  const matches = useMatches();
  return useMemo(() => {
    const [root, ...pages] = matches.map((match) => messagesOf(match.loaderData));
    // The root loader always sends the shell's texts; the fallback covers only its absence.
    const merged = Object.assign({}, root ?? fallback, ...pages) as PageMessages;
    // The shop's display name is a setting the root sends; a page's catalog part has the default.
    if (root?.['shop.name'] !== undefined) merged['shop.name'] = root['shop.name'];
    return { locale, t: translator(locale, merged) };
  }, [locale, fallback, matches]);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

export function formatNumber(value: number, locale: Locale, maxFraction = 3): string {
  const id = `${locale}|${maxFraction}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      maximumFractionDigits: maxFraction,
    });
    numberFormats.set(id, format);
  }
  return format.format(value);
}

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Date and time of day in the shop's time zone: "24. November 2026 um 10:15". */
export function formatDateTime(iso: string | Date, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(typeof iso === 'string' ? new Date(iso) : iso);
}

export function formatDate(iso: string | Date, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'long',
      timeZone: 'Europe/Berlin',
    });
    dateFormats.set(locale, format);
  }
  return format.format(typeof iso === 'string' ? new Date(iso) : iso);
}
