import { type ReactNode, useEffect } from 'react';

/**
 * The page's <html> element. The server renders it; the browser bundle (Preact) hydrates
 * into document.documentElement, which already is that element, so there it renders only
 * the head and body and keeps the language attribute current itself.
 */
export function DocumentElement({ lang, children }: { lang: string; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  if (import.meta.env.SSR) return <html lang={lang}>{children}</html>;
  return <>{children}</>;
}
