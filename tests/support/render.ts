import { type ReactNode, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { I18nContext, translator } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { de } from '#app/lib/messages/de.ts';
import { en } from '#app/lib/messages/en.ts';

/** Server-renders a component tree in one of the shop's languages, as the page shell would. */
export function renderIn(locale: Locale, node: ReactNode): string {
  const i18n = { locale, t: translator(locale, locale === 'de' ? de : en) };
  return renderToStaticMarkup(createElement(I18nContext.Provider, { value: i18n }, node));
}

/** The same inside a router, for parts that link or read the root route's data. */
export function renderInRouter(locale: Locale, node: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }]);
  return renderIn(locale, createElement(Stub, { initialEntries: ['/'] }));
}

/** The text of some markup, tags dropped and no-break spaces as plain ones. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ');
}

/** The opening tag of the first element matching `tag` and carrying `marker` in its tag. */
export function openingTag(html: string, tag: string, marker = ''): string {
  const found = html.match(new RegExp(`<${tag}\\b[^>]*${escape(marker)}[^>]*>`));
  if (!found) throw new Error(`no <${tag}> with ${marker} in ${html}`);
  return found[0];
}

/** The value of one attribute in an opening tag, or null. */
export function attribute(tag: string, name: string): string | null {
  return tag.match(new RegExp(`\\s${escape(name)}="([^"]*)"`))?.[1] ?? null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
