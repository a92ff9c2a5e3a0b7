import { createContext, useContext } from 'react';
import type { MessageKey, Messages } from './messages/de.ts';
import { type Locale, DEFAULT_LOCALE, intlLocale } from './localized.ts';

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;
type PluralBase<K> = K extends `${infer B}_one` ? B : never;
/** A catalog key, or the stem of a plural pair (`x` for `x_one`/`x_other`). */
export type TextKey = MessageKey | PluralBase<MessageKey>;
export type Translate = (key: TextKey, params?: Params) => string;

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
export function translator(locale: Locale, messages: Messages): Translate {
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
