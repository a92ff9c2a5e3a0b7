import { renderToString } from 'preact-render-to-string';
import type { VNode } from 'preact';
import type { EntryContext } from 'react-router';
import { isRouteErrorResponse } from 'react-router';
import stylesheet from '#app/styles/index.css?url';
import { ComingSoonPage } from '#app/components/site/site-notices.tsx';
import { I18nContext, translator } from '#app/lib/i18n.ts';
import type { ComingSoonData } from '../site.server.ts';

/** The coming-soon page when the root loader stopped with it; null for any other answer. */
export function comingSoonOf(context: EntryContext): ComingSoonData | null {
  const error = context.staticHandlerContext.errors?.root;
  if (!isRouteErrorResponse(error)) return null;
  const data = error.data as ComingSoonData | null;
  return data?.comingSoon ? data : null;
}

/**
 * The public's whole document in coming-soon mode: no menu, no scripts, nothing to index,
 * and the ways that must stay open (legal notice, privacy, sign-in for the shop manager).
 * Rendered here rather than by the page shell, so no page's script carries it.
 */
export function comingSoonDocument(data: ComingSoonData): string {
  const t = translator(data.locale, data.messages);
  const page = (
    <html lang={data.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3b2d" />
        <meta name="robots" content="noindex" />
        <title>{`${t('site.coming_soon_page_title')} | ${t('shop.name')}`}</title>
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="coming-soon-body">
        <I18nContext.Provider value={{ locale: data.locale, t }}>
          <main id="main">
            <ComingSoonPage />
          </main>
          <footer className="site-footer coming-soon-footer">
            <nav className="container" aria-label={t('footer.legal')}>
              <a href="/impressum">{t('legal.impressum')}</a>
              <a href="/datenschutz">{t('legal.datenschutz')}</a>
              <a href="/my-account">{t('nav.account')}</a>
            </nav>
          </footer>
        </I18nContext.Provider>
      </body>
    </html>
  ) as unknown as VNode;
  return `<!DOCTYPE html>${renderToString(page)}`;
}
