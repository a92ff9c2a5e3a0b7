import type { ReactNode } from 'react';
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
import stylesheet from './styles/index.css?url';
import {
  I18nContext,
  type MessageKey,
  type MessagesHandle,
  type PageMessages,
  translator,
  useI18n,
  usePageI18n,
} from './lib/i18n.ts';
import type { NotFoundData } from './http/pages/not-found.ts';
import { messagesFor, withShopName } from './lib/i18n.server.ts';
import { type RefusedData, shop } from './http/request.server.ts';
import { categoryTree } from './domain/catalog/catalog.server.ts';
import { cartBehaviour } from './domain/cart/cart-settings.server.ts';
import { DEFAULT_CART_BEHAVIOUR } from './domain/cart/mini-cart.view.ts';
import { personalData } from './http/personal.server.ts';
import { type Personal, anonymous, usePersonal } from './components/personal.ts';
import { MiniCartProvider } from './components/cart/mini-cart-state.tsx';
import { MINI_CART_MESSAGE_AREAS } from './components/cart/mini-cart.tsx';
import { SiteFooter, SiteHeader } from './components/layout.tsx';
import { EditorMotionNote } from './components/editor-motion-note.tsx';
import { NotFoundContent } from './components/not-found.tsx';
import { DocumentElement } from './client/document-element.tsx';
import { BadRequestContent } from './components/bad-request.tsx';
import { DEFAULT_LOCALE } from '#app/lib/locale.ts';
import { sandboxActive } from './domain/payments/stripe-setup.server.ts';
import { type ComingSoonData, siteShell } from './http/site.server.ts';
import { ConsentBanner, ConsentProvider } from './components/site/consent.tsx';
import {
  ChunkFailurePrompt,
  ComingSoonBanner,
  ComingSoonPage,
  StoreNotice,
} from './components/site/site-notices.tsx';

/** The root's data always carries the shell's texts; this stands in only while it is absent. */
const NO_MESSAGES: PageMessages = {};

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** What the shell renders on every page: header, footer, error and not-found pages. */
export const handle = {
  messageAreas: [
    'shop',
    'nav',
    'search',
    'lang',
    'footer',
    'legal',
    'error',
    'ui',
    'home.usp_shipping',
    'home.usp_shipping_free',
    // The header's account link and its login popup.
    'login',
    'password',
    'forms.required_mark',
    'forms.optional_mark',
    'motion',
    'sandbox.badge',
    'sandbox.badge_hint',
    'site',
    ...MINI_CART_MESSAGE_AREAS,
  ],
} satisfies MessagesHandle;

/** The page title of an error: only the root's meta applies while its boundary shows. */
export const meta: Route.MetaFunction = ({ data, error }) => {
  if (!error) return [];
  const t = translator(data?.locale ?? DEFAULT_LOCALE, data?.messages ?? NO_MESSAGES);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? 'error.not_found_title'
      : status === 400 || status === 414
        ? 'error.bad_request_title'
        : 'error.generic_title';
  return [{ title: `${t(title)} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export async function loader(args: Route.LoaderArgs) {
  // The shell reads no address, so it renders even the page of a refused one.
  const base = shop(args, { shell: true });
  const { db, locale, env } = base;
  const messages = withShopName(messagesFor(locale, handle.messageAreas), locale);
  // A page is rendered for nobody and shared; the server fills in the visitor's parts (cart
  // link, mini cart). Only a data request (after an action, say) carries the visitor's data.
  // In coming-soon mode this throws the public's page before anything else is read.
  const site = await siteShell(args, base, messages);
  const shell = {
    locale,
    messages,
    ...site,
    currency: env.SHOP_CURRENCY,
    personal: null as Personal | null,
    cartBehaviour: DEFAULT_CART_BEHAVIOUR,
    /** Payments go to the built-in Stripe sandbox: the header shows the test-mode badge. */
    stripeSandbox: sandboxActive(env),
    menu: [] as { slug: string; name: string; children: { slug: string; name: string }[] }[],
  };
  try {
    const [categories, personal, cartSettings] = await Promise.all([
      categoryTree(db, locale),
      args.context.dataRequest ? personalData(args.context, args.request) : null,
      cartBehaviour(db),
    ]);
    return {
      ...shell,
      personal: args.context.dataRequest ? (personal ?? anonymous(env.SHOP_CURRENCY)) : null,
      cartBehaviour: cartSettings,
      menu: categories.map((c) => ({
        slug: c.slug,
        name: c.name,
        children: c.children.map((s) => ({ slug: s.slug, name: s.name })),
      })),
    };
  } catch (error) {
    // The shell always has its texts, even when the database fails: the browser then needs
    // no copy of the catalog to show the error page.
    console.error(error);
    return shell;
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  // The back office brings its own frame; its data is absent whenever its door stayed shut.
  const backOffice = useRouteLoaderData('admin') !== undefined;
  return (
    <ShopDocument data={data} backOffice={backOffice}>
      {children}
    </ShopDocument>
  );
}

function ShopDocument({
  data,
  backOffice,
  children,
}: {
  data: RootData | undefined;
  backOffice: boolean;
  children: ReactNode;
}) {
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const i18n = usePageI18n(locale, NO_MESSAGES);
  const initialCart = usePersonal(data?.currency ?? 'EUR').miniCart;
  return (
    <DocumentElement lang={locale}>
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
          <ConsentProvider initial={data?.consent ?? null} prefix={data?.attributionPrefix ?? null}>
            {backOffice ? (
              children
            ) : (
              <>
                <ConsentBanner />
                <StoreNotice notice={data?.storeNotice ?? null} />
                <MiniCartProvider
                  initial={initialCart}
                  behaviour={data?.cartBehaviour ?? DEFAULT_CART_BEHAVIOUR}
                >
                  <SiteHeader data={data} />
                  <main id="main" tabIndex={-1}>
                    {children}
                  </main>
                  <SiteFooter />
                </MiniCartProvider>
              </>
            )}
            <ComingSoonBanner banner={data?.comingSoonBanner ?? null} />
            <ChunkFailurePrompt />
          </ConsentProvider>
          <EditorMotionNote currency={data?.currency ?? 'EUR'} />
        </I18nContext.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </DocumentElement>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A page opened in the app just as coming-soon mode began (the document is the server's).
  if (isRouteErrorResponse(error) && (error.data as ComingSoonData | null)?.comingSoon) {
    return <ComingSoonPage />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundMessage message={(error.data as NotFoundData | null)?.message} />;
  }
  const refused = isRouteErrorResponse(error) ? (error.data as RefusedData | null)?.refused : null;
  if (refused) return <BadRequestContent tooLong={refused === 'too_long'} />;
  return <GenericError />;
}

function NotFoundMessage({ message }: { message?: MessageKey }) {
  const { t } = useI18n();
  return <NotFoundContent message={message ? t(message) : undefined} />;
}

function GenericError() {
  const data = useRouteLoaderData<RootData>('root');
  const t = translator(data?.locale ?? DEFAULT_LOCALE, data?.messages ?? NO_MESSAGES);
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
