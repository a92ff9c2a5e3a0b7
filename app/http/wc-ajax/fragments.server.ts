import { type ReactElement, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import {
  CartLink,
  MINI_CART_MESSAGE_AREAS,
  MiniCartContents,
} from '#app/components/cart/mini-cart.tsx';
import type { MiniCartView } from '#app/domain/cart/mini-cart.view.ts';
import { I18nContext, translator } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';

/** The page parts a cart change replaces, by the CSS selector that finds each in the page. */
export type Fragments = Record<string, string>;

/**
 * The cart's page parts as WooCommerce's fragments: markup keyed by selector, rendered by the
 * very components the page renders them with, so a script replacing them (WooCommerce's own
 * cart-fragments, say) gets what a reload would show.
 */
export async function cartFragments(
  cart: MiniCartView,
  context: { locale: Locale; url: URL },
): Promise<Fragments> {
  const t = translator(context.locale, messagesFor(context.locale, MINI_CART_MESSAGE_AREAS));
  const render = (element: ReactElement) =>
    renderInShell(
      createElement(I18nContext.Provider, { value: { locale: context.locale, t } }, element),
      context.url,
      cart.currency,
    );
  const [contents, link] = await Promise.all([
    render(createElement(MiniCartContents, { cart })),
    render(createElement(CartLink, { count: cart.itemCount })),
  ]);
  return { 'div.widget_shopping_cart_content': contents, 'a.cart-link': link };
}

/**
 * Inside a static router at `url` whose root route carries the currency, as the page's root does:
 * the components link with the router and read the currency from the root's data.
 */
export async function renderInShell(element: ReactElement, url: URL, currency: string) {
  const handler = createStaticHandler([
    { id: 'root', path: '*', loader: () => ({ currency }), element },
  ]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('the fragment route cannot redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
