import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './styles/app.css?url';
import uiStylesheet from './styles/ui.css?url';
import { I18nContext, translator } from './lib/i18n.ts';
import { messagesFor } from './lib/i18n.server.ts';
import { shop } from './lib/request.server.ts';
import { categoryTree } from './domain/catalog/catalog.server.ts';
import { cartItemCount } from './domain/cart/cart.server.ts';
import { SiteFooter, SiteHeader } from './components/layout.tsx';
import { NotFoundContent } from './components/not-found.tsx';
import { DEFAULT_LOCALE } from './lib/localized.ts';
import { de } from './lib/messages/de.ts';
import { useMemo } from 'react';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: uiStylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, session, env } = shop(args);
  const current = await session();
  const [categories, cartCount] = await Promise.all([
    categoryTree(db, locale),
    cartItemCount(db, current),
  ]);
  return {
    locale,
    messages: messagesFor(locale),
    currency: env.SHOP_CURRENCY,
    cartCount,
    menu: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      children: c.children.map((s) => ({ slug: s.slug, name: s.name })),
    })),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const i18n = useMemo(
    () => ({ locale, t: translator(locale, data?.messages ?? de) }),
    [locale, data?.messages],
  );
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3b2d" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nContext.Provider value={i18n}>
          <a className="skip-link" href="#main">
            {i18n.t('nav.skip')}
          </a>
          <SiteHeader data={data} />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
        </I18nContext.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <GenericError />;
}

function GenericError() {
  const data = useRouteLoaderData<RootData>('root');
  const t = translator(data?.locale ?? DEFAULT_LOCALE, data?.messages ?? de);
  return (
    <div className="container page-message">
      <h1>{t('error.generic_title')}</h1>
      <p>{t('error.generic_text')}</p>
      <p>
        <a className="button" href="/">
          {t('error.back_home')}
        </a>
      </p>
    </div>
  );
}
